package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.tweebyte.lab.TweebyteService;
import io.paradigmlab.tweebyte.spec.Users.Account;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/**
 * A steady mix of writes and reads against one deployment, from a handful of client threads, each request with
 * {@link TimedClient}'s deadline; every answer becomes a {@link Sample}, every acknowledged write goes into the
 * {@link Ledger}. One more thread asks for the same enriched tweet ten times a second, which has one like: an answer
 * with {@code likes_count} 0 is the tweet without its enrichment (the tweet service's fallback).
 *
 * <p>Feeds are read only by the readers, who follow a fixed set of authors from the start; follows are written only
 * by the writers. So a reader's followed ids stay cached in Redis (nothing invalidates them), which is what the feed
 * falls back to when the interaction service is down (docs/api/tweebyte.md, "Circuit breaker").
 */
final class SteadyLoad {

    /** What a request does, and which service answers it. */
    enum Kind {
        CREATE_TWEET("create-tweet", true, TweebyteService.TWEET, 12),
        FOLLOW("follow", true, TweebyteService.INTERACTION, 6),
        LIKE("like", true, TweebyteService.INTERACTION, 12),
        USER_SUMMARY("user-summary", false, TweebyteService.USER, 15),
        TWEET("tweet", false, TweebyteService.TWEET, 15),
        FEED("feed", false, TweebyteService.TWEET, 25),
        FOLLOWING("following", false, TweebyteService.INTERACTION, 15),
        ENRICHED_PROBE("enriched-probe", false, TweebyteService.TWEET, 0);

        final String id;
        final boolean write;
        final TweebyteService service;
        final int weight;

        Kind(String id, boolean write, TweebyteService service, int weight) {
            this.id = id;
            this.write = write;
            this.service = service;
            this.weight = weight;
        }
    }

    /**
     * One request as the client saw it: when it started and ended ({@link System#nanoTime()}), the status (0 without
     * an answer) or the failure, whether a 503 carried {@code Retry-After}, whether an error answer had the
     * contract's body, and (the probe) whether the tweet came without its enrichment.
     */
    record Sample(Kind kind, long start, long end, int status, String failure, boolean retryAfter,
                  boolean contractBody, boolean degraded) {

        boolean ok() {
            return failure == null && status >= 200 && status < 300;
        }

        String outcome() {
            return failure == null ? Integer.toString(status) : failure;
        }

        long millis() {
            return (end - start) / 1_000_000;
        }
    }

    /**
     * The accounts and tweets the load works on, shared by every fault's load: the follow pairs not yet tried
     * (each is tried once), and the user/tweet pairs a like was tried for (each once: a second like is a 409 by
     * contract, and one that failed may still have been committed).
     */
    record World(List<Account> readers, List<Account> writers, Account markerAuthor, UUID markerTweet,
                 List<UUID> tweets, ConcurrentLinkedQueue<Ledger.FollowWrite> followPairs, Set<String> likeAttempts) {

        List<Account> everyone() {
            List<Account> all = new ArrayList<>(readers);
            all.addAll(writers);
            return all;
        }
    }

    private static final Duration PROBE_EVERY = Duration.ofMillis(100);

    private final Services urls;
    private final World world;
    private final Ledger ledger;
    private final int threads;
    private final Duration pace;
    private final TimedClient client = new TimedClient();
    private final ConcurrentLinkedQueue<Sample> samples = new ConcurrentLinkedQueue<>();
    private final AtomicInteger sequence = new AtomicInteger();
    private final List<Thread> running = new ArrayList<>();
    private volatile boolean stopping;

    /** URLs of the three services, by service. */
    record Services(String user, String tweet, String interaction) {
    }

    SteadyLoad(Services urls, World world, Ledger ledger, int threads, Duration pace) {
        this.urls = urls;
        this.world = world;
        this.ledger = ledger;
        this.threads = threads;
        this.pace = pace;
    }

    void start() {
        for (int i = 0; i < threads; i++) {
            int index = i;
            running.add(Thread.ofPlatform().name("load-" + i).start(() -> loop(index)));
        }
        running.add(Thread.ofPlatform().name("load-probe").start(this::probe));
    }

    /** Stops every thread after its current request (at most {@link TimedClient#TIMEOUT}) and answers the samples. */
    List<Sample> stop() {
        stopping = true;
        for (Thread t : running) {
            try {
                t.join(TimedClient.TIMEOUT.toMillis() + 5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        client.close();
        List<Sample> all = new ArrayList<>(samples);
        all.sort((a, b) -> Long.compare(a.start(), b.start()));
        return all;
    }

    /** Samples so far (the load may still run). */
    List<Sample> samples() {
        return List.copyOf(samples);
    }

    private void loop(int index) {
        Account reader = world.readers().get(index % world.readers().size());
        Random random = new Random(31L * index + 7);
        int total = 0;
        for (Kind kind : Kind.values()) {
            total += kind.weight;
        }
        while (!stopping) {
            int draw = random.nextInt(total);
            Kind chosen = Kind.FEED;
            for (Kind kind : Kind.values()) {
                if (draw < kind.weight) {
                    chosen = kind;
                    break;
                }
                draw -= kind.weight;
            }
            step(chosen, reader, random);
            sleep(pace.toMillis());
        }
    }

    private void step(Kind kind, Account reader, Random random) {
        switch (kind) {
            case CREATE_TWEET -> {
                Account author = pick(world.writers(), random);
                String content = "Steady load tweet number " + sequence.incrementAndGet();
                TimedClient.Result r = client.post(urls.tweet() + "/tweets/" + author.id(), author.token(),
                        Tweets.content(content));
                if (r.ok()) {
                    UUID id = UUID.fromString(Response.JSON.readTree(r.body()).get("id").asString());
                    ledger.tweets.add(new Ledger.TweetWrite(id, author.id()));
                    world.tweets().add(id);
                }
                record(kind, r, false);
            }
            case FOLLOW -> {
                Ledger.FollowWrite pair = world.followPairs().poll();
                if (pair == null) {
                    step(Kind.FEED, reader, random); // every pair has been followed: read instead
                    return;
                }
                Account follower = account(pair.follower());
                TimedClient.Result r = client.post(urls.interaction() + "/follows/" + pair.follower() + "/"
                        + pair.followed(), follower.token(), null);
                if (r.ok()) {
                    ledger.follows.add(pair);
                }
                record(kind, r, false);
            }
            case LIKE -> {
                UUID tweet = null;
                Account user = null;
                for (int attempt = 0; attempt < 5 && tweet == null; attempt++) {
                    UUID candidate = pick(world.tweets(), random);
                    Account who = pick(world.writers(), random);
                    if (!candidate.equals(world.markerTweet()) && world.likeAttempts().add(who.id() + "/" + candidate)) {
                        tweet = candidate;
                        user = who;
                    }
                }
                if (tweet == null) {
                    step(Kind.TWEET, reader, random);
                    return;
                }
                TimedClient.Result r = client.post(urls.interaction() + "/likes/" + user.id() + "/tweets/" + tweet,
                        user.token(), null);
                if (r.ok()) {
                    UUID id = UUID.fromString(Response.JSON.readTree(r.body()).get("id").asString());
                    ledger.likes.add(new Ledger.LikeWrite(id, user.id(), tweet));
                }
                record(kind, r, false);
            }
            case USER_SUMMARY -> record(kind, client.get(urls.user() + "/users/summary/"
                    + pick(world.everyone(), random).id(), reader.token()), false);
            case TWEET -> record(kind, client.get(urls.tweet() + "/tweets/" + pick(world.tweets(), random),
                    reader.token()), false);
            case FEED -> record(kind, client.get(urls.tweet() + "/tweets/" + reader.id() + "/feed?page=0&size=20",
                    reader.token()), false);
            case FOLLOWING -> record(kind, client.get(urls.interaction() + "/follows/"
                    + pick(world.writers(), random).id() + "/following", reader.token()), false);
            case ENRICHED_PROBE -> throw new IllegalArgumentException("the probe has a thread of its own");
        }
    }

    private void probe() {
        Account reader = world.readers().getFirst();
        while (!stopping) {
            TimedClient.Result r = client.get(urls.tweet() + "/tweets/" + world.markerTweet(), reader.token());
            boolean degraded = r.ok() && Response.JSON.readTree(r.body()).get("likes_count").asLong() == 0;
            record(Kind.ENRICHED_PROBE, r, degraded);
            sleep(PROBE_EVERY.toMillis());
        }
    }

    private void record(Kind kind, TimedClient.Result r, boolean degraded) {
        long end = System.nanoTime();
        boolean retryAfter = r.headers().containsKey("retry-after");
        samples.add(new Sample(kind, end - r.nanos(), end, r.status(), r.failure(), retryAfter,
                r.failure() == null && r.status() >= 400 && contractBody(r), degraded));
    }

    /** {@code {"timestamp","status","path","errors"}} with the answer's status and at least one message. */
    static boolean contractBody(TimedClient.Result r) {
        try {
            JsonNode body = Response.JSON.readTree(r.body());
            return List.copyOf(body.propertyNames()).equals(List.of("timestamp", "status", "path", "errors"))
                    && body.get("status").asInt() == r.status() && body.get("path").asString().startsWith("/")
                    && body.get("errors").isArray() && !body.get("errors").isEmpty()
                    && r.headers().getOrDefault("content-type", "").startsWith("application/json");
        } catch (RuntimeException e) {
            return false;
        }
    }

    private Account account(UUID id) {
        for (Account a : world.everyone()) {
            if (a.id().equals(id)) {
                return a;
            }
        }
        throw new IllegalArgumentException("no account " + id);
    }

    private static <T> T pick(List<T> list, Random random) {
        synchronized (list) {
            return list.get(random.nextInt(list.size()));
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A list safe to add to from the load's threads and to pick from ({@link #pick} locks it). */
    static <T> List<T> sharedList(List<T> initial) {
        return Collections.synchronizedList(new ArrayList<>(initial));
    }
}
