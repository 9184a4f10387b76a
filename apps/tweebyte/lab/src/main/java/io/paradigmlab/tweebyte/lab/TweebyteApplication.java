package io.paradigmlab.tweebyte.lab;

import io.paradigmlab.lab.api.ApplicationVariant;
import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.CeilingBenchmark;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.DatabaseCeiling;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.api.KubernetesNames;
import io.paradigmlab.lab.api.KubernetesVariant;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.api.LoadPreset;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.api.ServiceInfo;
import io.paradigmlab.lab.api.VariantInfo;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.tweebyte.domain.gateway.GatewayRoutes;
import io.paradigmlab.tweebyte.lab.data.TweebyteDataGenerator;
import io.paradigmlab.tweebyte.schema.UserSql;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Tweebyte in the lab (seeds 000 and 001): three services in three paradigms, seed 000's four scenarios and the
 * feed. Registered in META-INF/services/io.paradigmlab.lab.api.Application.
 */
public final class TweebyteApplication implements Application {

    public static final String ID = "tweebyte";

    /** Seed 001's media scenarios (docs/scenarios.md). */
    static final String CPU = "cpu";
    static final String BLOCKING = "blocking";
    static final String JOBS = "jobs";

    /** The scenarios: to add one, write its file under scenarios/tweebyte/ and add a line here (docs/scenarios.md). */
    private static final List<ScenarioInfo> SCENARIOS = List.of(
            new ScenarioInfo("user-summary", "GET a random user's profile summary (seed 000, scenario 1)",
                    "scenarios/tweebyte/user-summary.hf.yaml", List.of("user"), false),
            new ScenarioInfo("follow", "POST a follow between two users who do not follow each other yet (seed 000,"
                    + " scenario 2)", "scenarios/tweebyte/follow.hf.yaml", List.of("interaction"), true),
            new ScenarioInfo("update-tweet", "PUT new content into one of the session's own user's tweets (seed 000,"
                    + " scenario 3)", "scenarios/tweebyte/update-tweet.hf.yaml", List.of("tweet"), true),
            new ScenarioInfo("user-tweets", "GET all tweets of a user with about 1,000 tweets, enriched (seed 000,"
                    + " scenario 4)", "scenarios/tweebyte/user-tweets.hf.yaml", List.of("tweet"), false),
            new ScenarioInfo("feed", "GET the first feed page of a user who follows about 100 users",
                    "scenarios/tweebyte/feed.hf.yaml", List.of("tweet"), false),
            // seed 001's cache workload: Redis 3 ms +/- 1 ms away in each direction (Toxiproxy), keys drawn 90/10
            new ScenarioInfo("cache", "GET the users a user follows, keys drawn 90/10 from a hot tenth (seed 001,"
                    + " cache workload; Redis behind 3 ms +/- 1 ms of latency each way)",
                    "scenarios/tweebyte/cache.hf.yaml", List.of("interaction"), false)
                    .withRedisLatency(TweebyteService.INTERACTION.id(), Duration.ofMillis(3), Duration.ofMillis(1)),
            // seed 001's workload extensions (sections 5.2-5.3, 4.4): one kind of pressure each, no database but jobs'
            new ScenarioInfo(CPU, "POST a 256 x 256 PNG to the image pipeline (blur, Sobel, resize, JPEG) and get the"
                    + " JPEG back (seed 001, CPU-bound workload)", "scenarios/tweebyte/cpu.hf.yaml", List.of("tweet"),
                    false),
            new ScenarioInfo(BLOCKING, "GET 256 KiB streamed in four 64 KiB chunks at 6.25 MB/s, a thread parked"
                    + " between chunks (seed 001, blocking I/O workload)", "scenarios/tweebyte/blocking.hf.yaml",
                    List.of("user"), false),
            new ScenarioInfo(JOBS, "POST a 200 ms background job, then read its events until it ends (seed 001,"
                    + " background jobs)", "scenarios/tweebyte/jobs.hf.yaml", List.of("tweet"), true));

    /** Seed 001's ladder (section 6.1: up to 14 levels from 1 to 1,000 users, five repetitions, 1 + 3 minutes). */
    static final List<Integer> SEED_001_LADDER = List.of(1, 5, 10, 15, 20, 25, 50, 75, 100, 200, 400, 600, 800, 1000);

    /**
     * The media scenarios' load plans: {@code seed001}, the seed's ladder (the CPU-bound one stops at 100 users, as
     * section 6.3 did: "higher values were found to provide no further performance benefits"), and {@code quick}, the
     * default: a few small levels, one repetition, seconds.
     */
    private static final Map<String, List<LoadPreset>> PRESETS = Map.of(
            CPU, List.of(quick(List.of(1, 2, 4, 8)), seed001(SEED_001_LADDER.subList(0, 9), "section 6.3")),
            BLOCKING, List.of(quick(List.of(1, 10, 50, 100)), seed001(SEED_001_LADDER, "section 6.4")),
            JOBS, List.of(quick(List.of(1, 4, 16)), seed001(SEED_001_LADDER, "section 6.1's ladder")));

    private static LoadPreset quick(List<Integer> levels) {
        return new LoadPreset(LoadPreset.QUICK, "a first look in a couple of minutes", levels, 1, 10, 20);
    }

    private static LoadPreset seed001(List<Integer> levels, String where) {
        return new LoadPreset("seed001", "seed 001's ladder (" + where + ")", levels, 5, 60, 180);
    }

    private final DataGenerator data = new TweebyteDataGenerator();

    /** Every Tweebyte service checks an RS256 token unless launched with security off (the seeds' benchmark mode). */
    @Override
    public boolean checksTokens() {
        return true;
    }

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Twitter-like microservices (user, tweet, interaction) of seeds 000 and 001";
    }

    @Override
    public List<VariantInfo> variants() {
        return ApplicationVariant.infos(TweebyteVariant.class);
    }

    @Override
    public List<ServiceInfo> services() {
        return Arrays.stream(TweebyteService.values())
                .map(s -> new ServiceInfo(s.id(), s.defaultPort(), s.description())).toList();
    }

    /**
     * The API gateway of the contract, on 8080: the three services behind one URL, tokens checked at the door, and the
     * API docs page (Swagger UI over the three OpenAPI documents).
     */
    @Override
    public Optional<ServiceInfo> gateway() {
        return Optional.of(new ServiceInfo(TweebyteDeployment.GATEWAY, 8080,
                "routes /user-service/**, /tweet-service/**, /interaction-service/** to the services; checks tokens",
                GatewayRoutes.DOCS_PATH));
    }

    @Override
    public List<DatabaseInfo> databases() {
        return Arrays.stream(TweebyteService.values()).map(s -> new DatabaseInfo(s.id(), s.database().defaultName(),
                s.database().migrationLocation())).toList();
    }

    @Override
    public DataGenerator data() {
        return data;
    }

    @Override
    public List<ScenarioInfo> scenarios() {
        return SCENARIOS;
    }

    /**
     * The user summary is served by the user service alone, the media scenarios by the service they address (no call
     * to another service); every other scenario needs all three services.
     */
    @Override
    public Set<String> servicesFor(ScenarioInfo scenario) {
        if (PRESETS.containsKey(scenario.id())) {
            return new LinkedHashSet<>(scenario.services());
        }
        if (scenario.id().equals("cache")) {
            // the interaction service answers, the user service gives the names on a miss; no tweet is read
            return new LinkedHashSet<>(List.of(TweebyteService.USER.id(), TweebyteService.INTERACTION.id()));
        }
        return scenario.id().equals("user-summary") ? Set.of(TweebyteService.USER.id())
                : Application.super.servicesFor(scenario);
    }

    /**
     * The tweet service's media job workers (docs/api/tweebyte.md, "Background jobs"): each polls the queue with a
     * claim every poll interval, and records a running job's steps and its end, whichever request is being counted.
     */
    @Override
    public List<String> backgroundWork() {
        return List.of("sql tweet: UPDATE media_jobs SET state = ?, attempts = attempts + ?",
                "sql tweet: UPDATE media_jobs SET progress = ?",
                "sql tweet: UPDATE media_jobs SET state = ?, finished_at = clock_timestamp(), result_bytes");
    }

    @Override
    public List<LoadPreset> loadPresets(ScenarioInfo scenario) {
        return PRESETS.getOrDefault(scenario.id(), List.of());
    }

    /** The cpu scenario's ceiling: the image pipeline alone, one thread, through JMH ({@link PipelineCeilingBenchmark}). */
    @Override
    public Optional<CeilingBenchmark> ceiling(ScenarioInfo scenario) {
        return scenario.id().equals(CPU) ? Optional.of(new PipelineCeilingBenchmark(RepoLayout.locate().root()))
                : Optional.empty();
    }

    /**
     * The connections of every service's database pool, equal in every variant (tweebyte.db.pool-size in each
     * service's application.yml: Hikari's maximum-pool-size = minimum-idle, r2dbc-pool's max-size = min-idle;
     * docs/adr/0004-equal-settings.md).
     */
    static final int DB_POOL_SIZE = 20;

    /** The table {@link #databaseCeiling}'s setup adds to its copy of the user database: the users' ids numbered 1..n. */
    static final String CEILING_IDS = "lab_ceiling_user_ids";

    /**
     * The user summary's database ceiling: the user service's one statement per request
     * ({@link UserSql#SUMMARY_BY_ID}) for a random existing user, on as many connections as a variant's pool. The ids
     * are UUIDs, which pgbench cannot draw, so the setup numbers them in a table of their own and the statement looks
     * the id up there in a sub-select: one more primary-key probe of a small table inside the same statement (no
     * further round trip), so the ceiling is measured a little low. The scenario draws from up to 10,000 users
     * spread over all of them (users.csv), pgbench from all of them.
     */
    @Override
    public Optional<DatabaseCeiling> databaseCeiling(ScenarioInfo scenario, DataGenerator.Scale scale) {
        if (!scenario.id().equals("user-summary")) {
            return Optional.empty();
        }
        String statement = UserSql.SUMMARY_BY_ID.replace(":id", "(SELECT id FROM " + CEILING_IDS + " WHERE n = :n)");
        return Optional.of(new DatabaseCeiling(TweebyteService.USER.id(),
                String.format(java.util.Locale.ROOT, "the user service's summary query for a random one of the %,d"
                        + " users", scale.users()),
                "CREATE TABLE " + CEILING_IDS + " AS SELECT (row_number() OVER (ORDER BY id))::int AS n, id"
                        + " FROM users;\n"
                        + "ALTER TABLE " + CEILING_IDS + " ADD PRIMARY KEY (n);\n"
                        + "ANALYZE " + CEILING_IDS + ";",
                "\\set n random(1, :users)\n" + statement + ";\n",
                Map.of("users", (long) scale.users()), DB_POOL_SIZE));
    }

    @Override
    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("database pool per service", DB_POOL_SIZE + " connections (tweebyte.db.pool-size)");
        env.put("CPU work threads", Runtime.getRuntime().availableProcessors()
                + " (async cpu executor, reactive cpu scheduler; virtual: carrier threads)");
        env.put("Redis", "cache-aside for follow lists and counts (TTL 600 s; the following list 60 s, seed 001; 1 s timeouts)");
        env.put("media (seed 001)", "image pipeline on tweebyte.media.cpu-threads = cores, at most 1,000 waiting;"
                + " stream 256 KiB at 6,250,000 B/s; jobs: 4 workers, 100 queued at most, events polled every 200 ms"
                + " (the contract's defaults, docs/api/tweebyte.md)");
        return env;
    }

    /** The three services and the gateway, on the cluster's PostgreSQL and Redis (TweebyteKubernetes). */
    @Override
    public Optional<KubernetesVariant> kubernetes(String variant, KubernetesNames names) {
        return Optional.of(TweebyteKubernetes.variant(TweebyteVariant.parse(variant), names));
    }

    /** The interaction service's cache and the feed's fallback. */
    @Override
    public boolean usesRedis() {
        return true;
    }

    @Override
    public Deployment launch(LaunchRequest request) {
        TweebyteVariant variant = TweebyteVariant.parse(request.variant());
        Set<TweebyteService> services = EnumSet.noneOf(TweebyteService.class);
        request.services().forEach(id -> services.add(TweebyteService.parse(id)));
        Map<TweebyteService, String> prepared = new EnumMap<>(TweebyteService.class);
        request.databases().forEach((service, database) -> prepared.put(TweebyteService.parse(service), database));
        TweebyteDeployment.Options options = new TweebyteDeployment.Options(variant, "", 0, request.security(),
                request.blockHound(), request.jvmArgs(), request.workDir())
                .withServices(services)
                .withPorts(port(request, TweebyteService.USER), port(request, TweebyteService.TWEET),
                        port(request, TweebyteService.INTERACTION))
                .withCallCounting(request.callCounting())
                .withPreparedDatabases(prepared)
                .withGateway(request.gatewayPort() != LaunchRequest.NO_GATEWAY, Math.max(0, request.gatewayPort()))
                .withServiceHost(request.serviceHost())
                .withLauncher(request.launcher());
        // a service whose Redis traffic goes through injected latency connects to the lab's proxy instead
        for (var route : request.redis().entrySet()) {
            options = options.withProperties(TweebyteService.parse(route.getKey()), Map.of(
                    "spring.data.redis.host", route.getValue().host(),
                    "spring.data.redis.port", Integer.toString(route.getValue().port())));
        }
        return TweebyteDeployment.start(RepoLayout.locate(), request.infra(), options);
    }

    private static int port(LaunchRequest request, TweebyteService service) {
        return request.ports().getOrDefault(service.id(), 0);
    }
}
