package io.paradigmlab.tweebyte.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.launch.ServiceLauncher;
import io.paradigmlab.lab.api.LaunchedService;
import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.launch.ServiceProcess;
import io.paradigmlab.lab.verify.RedisCommandStats;
import io.paradigmlab.tweebyte.lab.TweebyteDeployment;
import io.paradigmlab.tweebyte.lab.TweebyteService;
import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import io.paradigmlab.tweebyte.spec.SteadyLoad.Kind;
import io.paradigmlab.tweebyte.spec.SteadyLoad.Sample;
import io.paradigmlab.tweebyte.spec.Users.Account;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;

/**
 * Black-box fault tests: while a steady load of writes and reads runs, a dependency goes away and comes back (Redis,
 * the interaction service, PostgreSQL), and the services must keep answering as docs/api/tweebyte.md promises,
 * recover by themselves, and lose no write they acknowledged.
 *
 * <p>Each variant runs on infrastructure of its own (an embedded PostgreSQL and Redis started here, not the suite's
 * shared {@link TweebyteFixture}), since stopping them would break every other test of the JVM; its three services
 * run as separate JVMs. The faults run one after the other on that deployment, each with a load of
 * {@link #BEFORE} before, {@link #DOWN} of fault and at least {@link #AFTER} after the component is back; after each,
 * every write acknowledged so far is looked up in the database and through the API. The measurements go to
 * {@code target/reliability/<variant>.csv}; docs/reliability.md shows them.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public abstract class FaultToleranceSpec {

    static final Duration BEFORE = Duration.ofSeconds(5);
    static final Duration DOWN = Duration.ofSeconds(5);
    static final Duration AFTER = Duration.ofSeconds(8);
    /** The after phase goes on until every kind of request succeeded again, for at most this long. */
    static final Duration AFTER_MAX = Duration.ofSeconds(30);
    static final int THREADS = 8;
    /** Pause of each client thread between two requests: a steady load, not a saturating one (2-core CI). */
    static final Duration PACE = Duration.ofMillis(40);
    static final int READERS = THREADS;
    static final int WRITERS = 32;
    /** Authors every reader follows from the start: the feed's content. */
    static final int FOLLOWED_BY_READERS = 6;

    private TweebyteVariant variant;
    private Infrastructure infra;
    private TweebyteDeployment deployment;
    private SteadyLoad.Services urls;
    private SteadyLoad.World world;
    private final Ledger ledger = new Ledger();
    private final List<FaultReport.Row> rows = Collections.synchronizedList(new ArrayList<>());

    protected abstract TweebyteVariant variant();

    @BeforeAll
    void start() {
        variant = variant();
        Path dir = Path.of("target", "fault-run", variant.id()).toAbsolutePath();
        infra = Infrastructure.start(new Infrastructure.Options(null, null, dir.resolve("infra")));
        // the cleanup job off: its calls would land in the measurements and it has nothing to clean (no deletes)
        deployment = TweebyteDeployment.start(RepoLayout.locate(), infra,
                new TweebyteDeployment.Options(variant, "_fault", 0, true, true, ServiceProcess.SUITE_JVM_ARGS, dir)
                        .withServices(EnumSet.of(TweebyteService.USER, TweebyteService.TWEET, TweebyteService.INTERACTION))
                        .withCleanup(null, false).withLauncher(ServiceLauncher.standard(RepoLayout.locate())));
        urls = new SteadyLoad.Services(deployment.userUrl(), deployment.tweetUrl(), deployment.interactionUrl());
        world = prepareWorld();
    }

    @AfterAll
    void stop() {
        try {
            if (deployment != null) {
                deployment.close();
            }
        } finally {
            if (infra != null) {
                infra.close();
            }
        }
    }

    /**
     * Accounts, a first tweet of every writer, the readers' follows, and the marker tweet (one like, one reply) the
     * probe reads; the feeds are read once so that every reader's followed ids are cached. All of it is in the
     * ledger too.
     */
    private SteadyLoad.World prepareWorld() {
        Http user = new Http(urls.user());
        Http tweet = new Http(urls.tweet());
        Http interaction = new Http(urls.interaction());
        List<Account> accounts = registerAll(user, READERS + WRITERS);
        List<Account> readers = accounts.subList(0, READERS);
        List<Account> writers = accounts.subList(READERS, accounts.size());
        List<UUID> tweets = new ArrayList<>();
        for (Account writer : writers) {
            UUID id = Tweets.post(tweet, writer, "First tweet of " + writer.userName());
            tweets.add(id);
            ledger.tweets.add(new Ledger.TweetWrite(id, writer.id()));
        }
        Account markerAuthor = writers.getFirst();
        UUID marker = Tweets.post(tweet, markerAuthor, "The marker tweet, liked once and answered once");
        ledger.tweets.add(new Ledger.TweetWrite(marker, markerAuthor.id()));
        Response like = Interactions.like(interaction, writers.get(1), marker);
        assertThat(like.status()).as("%s", like).isEqualTo(200);
        ledger.likes.add(new Ledger.LikeWrite(UUID.fromString(like.json().get("id").asString()), writers.get(1).id(), marker));
        Interactions.reply(interaction, writers.get(2), marker, "An answer to the marker");
        for (Account reader : readers) {
            for (Account author : writers.subList(0, FOLLOWED_BY_READERS)) {
                Interactions.follows(interaction, reader, author);
                ledger.follows.add(new Ledger.FollowWrite(reader.id(), author.id()));
            }
        }
        for (Account reader : readers) {
            Response feed = tweet.get("/tweets/" + reader.id() + "/feed?page=0&size=20", reader.token());
            assertThat(feed.status()).as("%s", feed).isEqualTo(200);
            assertThat(feed.json().size()).as("the feed of a reader shows the authors it follows").isPositive();
        }
        List<Ledger.FollowWrite> pairs = new ArrayList<>();
        for (Account writer : writers) {
            for (Account other : accounts) {
                if (!other.id().equals(writer.id())) {
                    pairs.add(new Ledger.FollowWrite(writer.id(), other.id()));
                }
            }
        }
        Collections.shuffle(pairs, new Random(42));
        return new SteadyLoad.World(List.copyOf(readers), List.copyOf(writers), markerAuthor, marker,
                SteadyLoad.sharedList(tweets), new ConcurrentLinkedQueue<>(pairs), ConcurrentHashMap.newKeySet());
    }

    /** Registers {@code n} accounts, four at a time (BCrypt makes each take a while), in index order. */
    private static List<Account> registerAll(Http user, int n) {
        try (ExecutorService pool = Executors.newFixedThreadPool(4)) {
            List<Future<Account>> registering = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                String prefix = "Fault" + i + "x";
                registering.add(pool.submit(() -> Users.register(user, prefix)));
            }
            List<Account> accounts = new ArrayList<>();
            for (Future<Account> f : registering) {
                accounts.add(f.get());
            }
            return accounts;
        } catch (ExecutionException | InterruptedException e) {
            throw new IllegalStateException("Cannot register the fault tests' accounts", e);
        }
    }

    // ---- the faults

    /**
     * Redis goes away and comes back empty: reads go to the database and writes skip the cache meanwhile (no 5xx
     * at all), and once it is back the services use it again (keys written, keys found).
     */
    @Test
    @Order(1)
    void redisStoppedAndStartedAgain() {
        long keysBefore;
        try (RedisCommandStats redis = new RedisCommandStats(infra.redis())) {
            keysBefore = redis.dbSize();
        }
        assertThat(keysBefore).as("the cache is in use before the fault").isPositive();

        FaultRun run = run("redis-stopped", infra::stopRedis, infra::startRedis, this::cacheInUse);

        FaultReport.Row row = run.row(variant, ledgerCheck(), "keys before: " + keysBefore + "; cache used again (keys"
                + " written and found) after " + millis(run.extraRecovery()) + " ms");
        rows.add(row);
        writeReport();
        assertThat(run.samples()).as("no request failed, before, during or after the outage: %s", run.summary())
                .allMatch(Sample::ok);
        assertThat(run.extraRecovery()).as("the services used Redis again after it came back").isNotNull();
        assertThat(row.writesLost()).as("acknowledged writes lost").isZero();
    }

    /**
     * The interaction service stops and starts again on the same port: the tweet service answers feeds and tweets
     * without their enrichment (2xx) while it is gone, its circuit breaker opens, and closes once it is back; the
     * services that do not need it never fail.
     */
    @Test
    @Order(2)
    void interactionServiceStoppedAndStartedAgain() {
        LaunchedService tweetService = deployment.process(TweebyteService.TWEET);
        long logOffset = size(tweetService.log());

        FaultRun run = run("interaction-stopped", () -> deployment.process(TweebyteService.INTERACTION).close(),
                () -> deployment.restart(TweebyteService.INTERACTION), FaultToleranceSpec::enrichedAgain);

        String breakerLog = read(tweetService.log(), logOffset);
        List<String> transitions = breakerLog.lines().filter(l -> l.contains("Circuit breaker interaction")).toList();
        long degraded = run.during().stream().filter(s -> s.kind() == Kind.ENRICHED_PROBE && s.degraded()).count();
        FaultReport.Row row = run.row(variant, ledgerCheck(), "answers without enrichment during the fault: " + degraded
                + "; breaker transitions: " + transitions.stream().map(FaultToleranceSpec::transition)
                .collect(Collectors.joining(", ")) + "; enriched again after " + millis(run.extraRecovery()) + " ms");
        rows.add(row);
        writeReport();

        // requests to the interaction service itself fail while it is gone, however they fail (refused; or slow while
        // the new JVM warms up, up to a timeout): counted in the measurements, not asserted on
        assertThat(run.samples()).as("what does not need the interaction service never fails: %s", run.summary())
                .filteredOn(s -> s.kind().service != TweebyteService.INTERACTION)
                .allMatch(Sample::ok);
        assertThat(run.before()).as("before the fault everything succeeds").allMatch(Sample::ok);
        assertThat(run.after()).as("once it is back everything succeeds: %s", run.summary()).allMatch(Sample::ok);
        assertThat(degraded).as("feeds and tweets answered without enrichment while it was down").isPositive();
        assertThat(transitions).as("the breaker opened, then closed again: %s", transitions)
                .anyMatch(l -> l.contains("-> OPEN"));
        assertThat(transitions.getLast()).as("the breaker's last transition").contains("-> CLOSED");
        assertThat(run.extraRecovery()).as("tweets enriched again once it is back").isNotNull();
        assertThat(row.writesLost()).as("acknowledged writes lost").isZero();
    }

    /**
     * PostgreSQL stops (its sessions ended) and starts again on the same port and data: what needs it answers a
     * clean 503 with {@code Retry-After} and the contract's body, fast, meanwhile; everything succeeds again
     * afterwards without restarting a service; nothing committed is lost.
     */
    @Test
    @Order(3)
    void postgresStoppedAndStartedAgain() {
        FaultRun run = run("postgres-restarted", infra::stopPostgres, infra::startPostgres, (samples, back) -> back);

        List<Sample> failed = run.samples().stream().filter(s -> !s.ok()).toList();
        long maxFailureMillis = failed.stream().mapToLong(Sample::millis).max().orElse(0);
        FaultReport.Row row = run.row(variant, ledgerCheck(), "slowest failed request: " + maxFailureMillis + " ms");
        rows.add(row);
        writeReport();

        assertThat(run.samples()).as("no request timed out or lost its connection: %s", run.summary())
                .allMatch(s -> s.failure() == null);
        assertThat(run.before()).as("before the fault everything succeeds").allMatch(Sample::ok);
        assertThat(failed).as("every failure is a 503 with Retry-After and the contract's body: %s", run.summary())
                .allMatch(s -> s.status() == 503 && s.retryAfter() && s.contractBody());
        assertThat(run.recovery()).as("every kind of request succeeded again: %s", run.summary())
                .containsOnlyKeys(run.kindsSent());
        assertThat(row.writesLost()).as("acknowledged writes lost").isZero();
    }

    /**
     * The reactive services ran under BlockHound through all three faults (as in the behaviour suites): no fallback
     * path, reconnect or error path may have blocked an event loop.
     */
    @Test
    @Order(4)
    void noBlockingCallInAnyFaultPath() {
        for (LaunchedService service : deployment.services()) {
            assertThat(read(service.log(), 0)).as(service.name()).doesNotContain("BlockingOperationError");
        }
    }

    // ---- running a fault

    /**
     * The load for {@link #BEFORE}; then {@code inject}, {@link #DOWN}, {@code repair} (the fault window, from the
     * start of {@code inject} to the end of {@code repair}); then the load goes on for at least {@link #AFTER}, until
     * every kind of request succeeded again and {@code extra} reports a recovery (a time, or -1 while not yet), for
     * at most {@link #AFTER_MAX}.
     */
    private FaultRun run(String fault, Runnable inject, Runnable repair, Recovery extra) {
        SteadyLoad load = new SteadyLoad(urls, world, ledger, THREADS, PACE);
        int ledgerBefore = ledger.size();
        load.start();
        List<Sample> samples;
        long faultStart;
        long back;
        Long extraRecovery = null;
        try {
            sleep(BEFORE);
            faultStart = System.nanoTime();
            inject.run();
            sleep(DOWN);
            repair.run();
            back = System.nanoTime();
            long afterEnd = back + AFTER.toNanos();
            long afterMax = back + AFTER_MAX.toNanos();
            while (System.nanoTime() < afterMax) {
                List<Sample> sofar = load.samples();
                if (extraRecovery == null) {
                    long at = extra.at(sofar, back);
                    if (at >= 0) {
                        extraRecovery = Math.max(0, at - back);
                    }
                }
                FaultRun partial = new FaultRun(fault, sofar, faultStart, back, null, 0);
                if (System.nanoTime() >= afterEnd && extraRecovery != null
                        && partial.recovery().keySet().containsAll(partial.kindsSent())) {
                    break;
                }
                sleep(Duration.ofMillis(100));
            }
        } finally {
            samples = load.stop();
        }
        return new FaultRun(fault, samples, faultStart, back, extraRecovery, ledger.size() - ledgerBefore);
    }

    /**
     * What, besides every kind of request succeeding, says a component is fully back: the time ({@link
     * System#nanoTime()}) it was first seen, or -1 while it is not yet.
     */
    @FunctionalInterface
    interface Recovery {
        long at(List<Sample> samples, long back);
    }

    /** When the services were first seen using Redis again (a key written and a key found), or -1. */
    private long cacheInUse(List<Sample> samples, long back) {
        try (RedisCommandStats redis = new RedisCommandStats(infra.redis())) {
            return redis.dbSize() > 0 && redis.keyspaceHits() > 0 ? System.nanoTime() : -1;
        } catch (RuntimeException e) {
            return -1;
        }
    }

    /** The end of the first probe answer after the service came back that carries the marker's like, or -1. */
    private static long enrichedAgain(List<Sample> samples, long back) {
        return samples.stream().filter(s -> s.kind() == Kind.ENRICHED_PROBE && s.start() >= back && s.ok()
                && !s.degraded()).mapToLong(Sample::end).min().orElse(-1);
    }

    // ---- the ledger

    /** Every acknowledged write so far, looked up in the database and through the API: the ones not found. */
    private FaultReport.LedgerCheck ledgerCheck() {
        Map<String, String> databases = deployment.databases();
        String tweetDb = key(databases, "tweet");
        String interactionDb = key(databases, "interaction");
        List<Object> missingInDatabase = ledger.missingInDatabase(infra.postgres(), tweetDb, interactionDb);
        List<Object> missingInApi = missingInApi();
        Set<Object> lost = new HashSet<>(missingInDatabase);
        lost.addAll(missingInApi);
        return new FaultReport.LedgerCheck(ledger.size(), missingInDatabase, missingInApi, lost.size());
    }

    /**
     * Each author's tweets ({@code GET /tweets/user/{id}/summary}), each user's likes ({@code GET /likes/user/{id}})
     * and each user's followers ({@code GET /follows/{id}/followers}, which no cache answers), against the ledger.
     */
    private List<Object> missingInApi() {
        List<Object> missing = new ArrayList<>();
        try (TimedClient client = new TimedClient()) {
            Map<UUID, Set<String>> tweetsByAuthor = new TreeMap<>();
            Map<UUID, Set<String>> likesByUser = new TreeMap<>();
            Map<UUID, Set<String>> followersOf = new TreeMap<>();
            for (Account account : world.everyone()) {
                tweetsByAuthor.put(account.id(), values(client.get(urls.tweet() + "/tweets/user/" + account.id()
                        + "/summary", account.token()), "id"));
                likesByUser.put(account.id(), values(client.get(urls.interaction() + "/likes/user/" + account.id(),
                        account.token()), "id"));
                followersOf.put(account.id(), values(client.get(urls.interaction() + "/follows/" + account.id()
                        + "/followers", account.token()), "follower_id"));
            }
            ledger.tweets.stream().filter(t -> !tweetsByAuthor.get(t.author()).contains(t.id().toString()))
                    .forEach(missing::add);
            ledger.likes.stream().filter(l -> !likesByUser.get(l.user()).contains(l.id().toString()))
                    .forEach(missing::add);
            ledger.follows.stream().filter(f -> !followersOf.get(f.followed()).contains(f.follower().toString()))
                    .forEach(missing::add);
        }
        return missing;
    }

    private static Set<String> values(TimedClient.Result r, String field) {
        assertThat(r.status()).as("%s %s", r.outcome(), r.body()).isEqualTo(200);
        Set<String> out = new HashSet<>();
        for (JsonNode node : Response.JSON.readTree(r.body())) {
            out.add(node.get(field).asString());
        }
        return out;
    }

    private static String key(Map<String, String> databases, String service) {
        return databases.entrySet().stream().filter(e -> e.getValue().equals(service)).map(Map.Entry::getKey)
                .findFirst().orElseThrow(() -> new IllegalStateException("no database of the " + service + " service"));
    }

    // ---- output

    private void writeReport() {
        Path file = Path.of("target", "reliability", variant.id() + ".csv");
        FaultReport.write(file, List.copyOf(rows));
    }

    private static String transition(String logLine) {
        int at = logLine.indexOf("Circuit breaker interaction");
        return logLine.substring(at + "Circuit breaker interaction".length()).replace(":", "").trim();
    }

    private static String millis(Long value) {
        return value == null ? "never" : Long.toString(value / 1_000_000);
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file, long from) {
        try {
            byte[] all = Files.readAllBytes(file);
            return new String(all, (int) Math.min(from, all.length), (int) Math.max(0, all.length - from),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
