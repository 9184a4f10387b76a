package io.paradigmlab.lab.campaign;

import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.api.RedisLatency;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.data.DataFiles;
import io.paradigmlab.lab.data.TemplateDataSets;
import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.RedisEndpoint;
import io.paradigmlab.lab.launch.AotCache;
import io.paradigmlab.lab.launch.CpuPinning;
import io.paradigmlab.lab.launch.ServiceLauncher;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.launch.ServiceProcess;
import io.paradigmlab.lab.load.HyperfoilDriver;
import io.paradigmlab.lab.load.LoadPlan;
import io.paradigmlab.lab.load.PhaseOutcome;
import io.paradigmlab.lab.load.ScenarioLoad;
import io.paradigmlab.lab.metrics.ResourceSampler;
import io.paradigmlab.lab.remote.RemoteServices;
import io.paradigmlab.lab.remote.ServiceHost;
import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.api.Ceiling;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.DatabaseCeilingResult;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.LevelMeasurement.Latency;
import io.paradigmlab.lab.results.LevelMeasurement.Verdict;
import io.paradigmlab.lab.results.Profiles;
import io.paradigmlab.lab.results.SoakSlice;
import io.paradigmlab.lab.results.StaticMetrics;
import io.paradigmlab.lab.results.SteadyState;
import io.paradigmlab.lab.results.Verification;
import io.paradigmlab.lab.results.WarmupRun;
import io.paradigmlab.lab.verify.RedisCommandStats;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs a campaign (docs/methodology.md):
 * <ol>
 *   <li>infrastructure once; the application's data set generated once per (scale, seed, schema) into template
 *       databases, reused when it exists ({@link TemplateDataSets});</li>
 *   <li>the verification: every variant serves the scenario's first iterations on its own copy of the data;
 *       answers and work must match, or the campaign stops before any load ({@link Verifier});</li>
 *   <li>the scenario's ceilings, if its application declares them, with no service running: the CPU ceiling
 *       ({@link Application#ceiling}) and the database ceiling ({@link Application#databaseCeiling}, pgbench on a
 *       fresh copy of the data, {@link DatabaseCeilingBench});</li>
 *   <li>per repetition, every variant back to back, the order rotated by one each repetition (a paired
 *       design: the ratio of two variants is taken within a repetition, so slow drifts of the machine cancel);
 *       a launched variant runs on fresh JVMs and a fresh copy of the data, an external target as it is; with a
 *       noise variant, that variant runs a second time in each repetition (the machine's own noise);</li>
 *   <li>warm-up, then each level, while the launched services' processes are sampled every second; for a soak, one
 *       level whose window is measured as a whole and, slice by slice, as {@link SoakSlice}s;</li>
 *   <li>with {@code --profile}, after all repetitions, one profiling run per launched variant at one level, kept
 *       apart from the measurements ({@link ProfileRun}).</li>
 * </ol>
 */
public final class CampaignRunner {

    /** The service name under which a gateway's static metrics are reported (--via-gateway). */
    public static final String GATEWAY = "gateway";

    /** The load generator is saturated above this much CPU (100 = one core): its numbers measure itself. */
    static final double LOADER_CPU_LIMIT = 90.0 * HyperfoilDriver.THREADS;
    /** In the open model, an achieved rate below this share of the offered rate means the level saturated. */
    static final double MIN_ACHIEVED_SHARE = 0.95;

    /**
     * @param targets     external variants: name to base URL per service, in the application's service order
     * @param postgresUrl external PostgreSQL or null for embedded; likewise redisUrl
     * @param command     the command line that re-runs this campaign, for the report
     * @param verify      run the verification first (a campaign without it says so in its report)
     * @param redisLatency the latency injected between a service and Redis for every launched variant (a Toxiproxy
     *                     started with the campaign), or null for none
     * @param mariadbUrl  external MariaDB ({@code mariadb://user:pass@host:port}) for applications with a MariaDB
     *                    database, or null for embedded
     * @param profiling   the profiling runs after the measured repetitions ({@code --profile}, {@link ProfileRun}),
     *                    or null for none
     * @param serviceHost another host the launched variants' JVMs run on, over SSH ({@code --service-host};
     *                    {@link RemoteServices}), or null for this machine
     * @param pinning     the CPU pinning of this campaign ({@code --cpus}), already applied to the lab's JVM by the
     *                    caller; the campaign starts the service JVMs on its services set and pins the databases.
     *                    Null for none
     * @param databaseCeiling measure the scenario's database ceiling with pgbench when the application declares one
     *                    ({@code --db-ceiling}; {@link DatabaseCeilingBench})
     */
    public record Request(Application app, CampaignSettings settings, LoadPlan plan, Map<String, List<String>> targets,
                          String postgresUrl, String redisUrl, String command, boolean verify,
                          RedisLatency redisLatency, String mariadbUrl, Profiling profiling, ServiceHost serviceHost,
                          CpuPinning pinning, boolean databaseCeiling) {

        /** With the database ceiling measured when the application declares one. */
        public Request(Application app, CampaignSettings settings, LoadPlan plan, Map<String, List<String>> targets,
                       String postgresUrl, String redisUrl, String command, boolean verify,
                       RedisLatency redisLatency, String mariadbUrl, Profiling profiling, ServiceHost serviceHost,
                       CpuPinning pinning) {
            this(app, settings, plan, targets, postgresUrl, redisUrl, command, verify, redisLatency, mariadbUrl,
                    profiling, serviceHost, pinning, true);
        }

        /**
         * The usual campaign: the scenario's own injected latency ({@link ScenarioInfo#redisLatency()}, if it declares
         * one), embedded MariaDB if the application needs one, no profiling runs, the services on this machine, no
         * CPU pinning; the {@code with...} methods change that.
         */
        public static Request of(Application app, CampaignSettings settings, LoadPlan plan,
                                 Map<String, List<String>> targets, String postgresUrl, String redisUrl, String command,
                                 boolean verify) {
            return new Request(app, settings, plan, targets, postgresUrl, redisUrl, command, verify,
                    app.scenario(settings.scenario()).redisLatency(), null, null, null, null);
        }

        /** The same campaign with {@code latency} between a service and Redis (null: none). */
        public Request withRedisLatency(RedisLatency latency) {
            return new Request(app, settings, plan, targets, postgresUrl, redisUrl, command, verify, latency,
                    mariadbUrl, profiling, serviceHost, pinning, databaseCeiling);
        }

        /** The same campaign with its profiling runs ({@code --profile}; null: none). */
        public Request withProfiling(Profiling runs) {
            return new Request(app, settings, plan, targets, postgresUrl, redisUrl, command, verify, redisLatency,
                    mariadbUrl, runs, serviceHost, pinning, databaseCeiling);
        }

        /** The same campaign with or without its database ceiling ({@code --db-ceiling on|off}). */
        public Request withDatabaseCeiling(boolean measure) {
            return new Request(app, settings, plan, targets, postgresUrl, redisUrl, command, verify, redisLatency,
                    mariadbUrl, profiling, serviceHost, pinning, measure);
        }

        /**
         * The campaign's {@link #serviceHost()}, connected after checking that the services there reach what this
         * campaign gives them; a no-op for the services on this machine.
         */
        RemoteServices openServiceHost(PrintStream out) {
            return RemoteServices.open(serviceHost, new RemoteServices.Needs(app, postgresUrl, redisUrl, mariadbUrl,
                    redisLatency != null, verify), out);
        }
    }

    private CampaignRunner() {
    }

    public static CampaignResult run(RepoLayout repo, Request request, String id, PrintStream out) {
        CampaignSettings settings = request.settings();
        Application app = request.app();
        ScenarioInfo scenario = app.scenario(settings.scenario());
        var experiment = app.experiment(scenario);
        if (experiment.isPresent()) {
            return ExperimentCampaign.run(repo, request, experiment.get(), id, out);
        }
        String scenarioText = scenarioText(app, scenario);
        List<String> launched = settings.variants().stream().filter(v -> !settings.targets().contains(v)).toList();
        launched.forEach(app::variant);
        Set<String> services = app.servicesFor(scenario);
        Path workDir = repo.workDir("campaign-" + id);
        Instant started = Instant.now();
        List<String> order = new ArrayList<>(settings.variants());
        if (settings.noiseVariant() != null) {
            order.add(order.indexOf(settings.noiseVariant()) + 1, CampaignSettings.repeatOf(settings.noiseVariant()));
        }
        Progress progress = new Progress(out, settings.repetitions() * order.size(), request.plan());
        List<LevelMeasurement> measurements = new ArrayList<>();
        List<SoakSlice> soak = new ArrayList<>();
        List<StaticMetrics> statics = new ArrayList<>();
        List<WarmupRun> warmups = new ArrayList<>();
        out.println("Starting PostgreSQL and Redis...");
        try (RemoteServices remote = request.openServiceHost(out);
             Infrastructure infra = Infrastructure.start(
                new Infrastructure.Options(request.postgresUrl(), request.redisUrl(), workDir.resolve("infra"),
                        request.mariadbUrl()));
             InjectedLatency latency = injectLatency(repo, request, launched, infra, workDir, out)) {
            var environment = Environment.describe(repo, app, settings.security(), infra, request.pinning());
            if (latency != null) {
                environment.putAll(latency.describe());
            }
            remote.record(environment);
            boolean aot = aotOn(request, settings.launchSettings());
            environment.put("AOT cache", AotCache.describe(aot) + (request.serviceHost() == null ? ""
                    : " (the services run on another host, where the lab keeps no cache)"));
            if (probesStartup(request) && !launched.isEmpty()) {
                boolean every = CampaignSettings.PROBE_EVERY.equals(settings.startupProbe());
                environment.put("start-up probe", (every ? "every repetition" : "the first repetition")
                        + " also starts each launched variant once "
                        + (aot ? "without" : "with") + " the AOT cache, on a fresh copy of the data, for its start-up,"
                        + " first answer and footprint alone (no load)");
            }
            Map<String, RedisEndpoint> redis = latency == null ? Map.of()
                    : Map.of(latency.latency().service(), latency.endpoint());
            environment.put("scenario", scenario.id() + ": " + scenario.description()
                    + (scenario.writes() ? " (writes; every repetition starts from a fresh copy of the data)" : ""));
            DataGenerator.Scale scale = app.data().scale(settings.scale());
            out.printf("Data set %s, scale %s (%,d users), seed %d...%n", app.id(), scale.name(), scale.users(),
                    settings.seed());
            TemplateDataSets.DataSet data = TemplateDataSets.prepare(infra.postgres(), app.id(), app.databases(),
                    app.data(), scale, settings.seed(), repo.root().resolve(".lab").resolve("data"),
                    line -> out.println("  " + line));
            environment.put("data", data.describe());
            PreparedCampaign campaign = new PreparedCampaign(request, infra, redis, scenario, scenarioText, services,
                    data, workDir, launcher(request, remote));

            Verification verification = null;
            if (request.verify()) {
                verification = verify(campaign, out);
                if (!verification.passed()) {
                    Path details = workDir.resolve("verification.json");
                    JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build()
                            .writeValue(details.toFile(), verification);
                    throw new LabException("The variants differ on the " + scenario.id() + " scenario, so"
                            + " nothing was measured:\n  " + String.join("\n  ", verification.differences())
                            + "\nEvery request, answer status and its work: " + details
                            + "\nService logs: " + workDir);
                }
                out.println("Verification passed: same answers" + (launched.size() > 1 ? " and the same work" : "")
                        + " on " + String.join(", ", settings.variants()) + ".");
            }

            Ceiling ceiling = measureCeiling(app, scenario, environment, out);
            DatabaseCeilingResult databaseCeiling = measureDatabaseCeiling(request, scenario, scale, infra, data,
                    environment, workDir, out);

            for (int rep = 1; rep <= settings.repetitions(); rep++) {
                for (int i = 0; i < order.size(); i++) {
                    String run = order.get((i + rep - 1) % order.size());
                    String variant = run.endsWith(CampaignSettings.REPEAT_SUFFIX)
                            ? run.substring(0, run.length() - CampaignSettings.REPEAT_SUFFIX.length()) : run;
                    if (settings.targets().contains(variant)) {
                        progress.beginTargetRun(rep, settings.repetitions(), run);
                        runTarget(campaign, run, rep, measurements, soak, warmups, progress);
                    } else {
                        progress.beginRun(rep, settings.repetitions(), run);
                        runLaunched(campaign, variant, run, rep, progress, measurements, soak, statics,
                                warmups, environment);
                    }
                }
            }
            // after every measured repetition, never among them: profilers cost CPU and change the timings
            Profiles profiles = request.profiling() == null || launched.isEmpty() ? null
                    : ProfileRun.run(repo, campaign, launched, measurements, warmups, out);
            progress.done();
            return new CampaignResult(id, started, Instant.now(), request.command(), environment, settings,
                    List.copyOf(measurements), List.copyOf(statics), verification, ceiling, profiles, List.copyOf(soak),
                    List.copyOf(warmups), databaseCeiling);
        }
    }

    /**
     * Toxiproxy with the request's Redis latency in front of Redis, checked, or null when there is none or no variant
     * is launched (an external target reaches its own Redis).
     */
    private static InjectedLatency injectLatency(RepoLayout repo, Request request, List<String> launched,
                                                 Infrastructure infra, Path workDir, PrintStream out) {
        RedisLatency latency = request.redisLatency();
        if (latency == null || launched.isEmpty()) {
            return null;
        }
        out.printf("Injecting %s of latency in each direction between the %s service and Redis (Toxiproxy)...%n",
                latency.describe(), latency.service());
        InjectedLatency injected = InjectedLatency.start(repo.root(), latency, infra.redis(), request.settings().seed(),
                workDir.resolve("toxiproxy"), out::println);
        out.printf("  Toxiproxy %s: PING through it %s, straight to Redis %s%n", injected.toxiproxyVersion(),
                injected.proxiedTrip().describe(), injected.directTrip().describe());
        return injected;
    }

    /**
     * The scenario's CPU ceiling ({@link Application#ceiling}), measured once, before the runs and with no service
     * running, and recorded in the environment; null when the scenario has none.
     */
    private static Ceiling measureCeiling(Application app, ScenarioInfo scenario, Map<String, String> environment,
                                          PrintStream out) {
        var benchmark = app.ceiling(scenario);
        if (benchmark.isEmpty()) {
            return null;
        }
        out.println("Measuring the CPU ceiling of " + scenario.id() + ": " + benchmark.get().description() + "...");
        long start = System.nanoTime();
        Ceiling ceiling = benchmark.get().measure(line -> out.println("  " + line));
        out.printf("  %s (took %d s)%n", ceiling.describe(), (System.nanoTime() - start) / 1_000_000_000L);
        environment.put("CPU ceiling", ceiling.describe());
        return ceiling;
    }

    /**
     * The scenario's database ceiling ({@link Application#databaseCeiling}), measured once with pgbench, after the
     * data are seeded and before the runs, with no service running, on a fresh copy of the data, and recorded in the
     * environment; null when the scenario has none, {@code --db-ceiling off}, pgbench is not on the PATH or it
     * cannot be measured (said once, never failing the campaign).
     */
    static DatabaseCeilingResult measureDatabaseCeiling(Request request, ScenarioInfo scenario,
                                                        DataGenerator.Scale scale, Infrastructure infra,
                                                        TemplateDataSets.DataSet data, Map<String, String> environment,
                                                        Path workDir, PrintStream out) {
        var declared = request.app().databaseCeiling(scenario, scale);
        if (declared.isEmpty()) {
            return null;
        }
        if (!request.databaseCeiling()) {
            environment.put("database ceiling", "not measured (--db-ceiling off)");
            return null;
        }
        var pgbench = DatabaseCeilingBench.find();
        if (pgbench.isEmpty()) {
            out.println("No pgbench on the PATH: the database ceiling of " + scenario.id() + " is not measured"
                    + " (Debian: apt-get install postgresql-client; --db-ceiling off silences this).");
            environment.put("database ceiling", "not measured: no pgbench on the PATH");
            return null;
        }
        DatabaseInfo database = request.app().databases().stream()
                .filter(db -> db.service().equals(declared.get().service()) && db.postgres()).findFirst().orElse(null);
        if (database == null) {
            out.println("The database ceiling of " + scenario.id() + " names service " + declared.get().service()
                    + ", which has no PostgreSQL database: not measured.");
            environment.put("database ceiling", "not measured: no PostgreSQL database of " + declared.get().service());
            return null;
        }
        int seconds = DatabaseCeilingBench.seconds(request.plan().durationSeconds());
        out.printf("Measuring the database ceiling of %s with pgbench for %d s: %s...%n", scenario.id(), seconds,
                declared.get().description());
        try {
            DatabaseCeilingResult result = DatabaseCeilingBench.measure(pgbench.get(), declared.get(),
                    infra.postgres(), data, database, seconds, workDir, line -> out.println("  " + line));
            out.println("  " + result.describe());
            environment.put("database ceiling", result.describe());
            return result;
        } catch (LabException e) {
            out.println("The database ceiling was not measured (the campaign goes on without it): " + e.getMessage());
            environment.put("database ceiling", "not measured: " + e.getMessage().lines().findFirst().orElse(""));
            return null;
        }
    }

    private static Verification verify(PreparedCampaign campaign, PrintStream out) {
        Request request = campaign.request();
        ScenarioInfo scenario = campaign.scenario();
        TemplateDataSets.DataSet data = campaign.data();
        CampaignSettings settings = request.settings();
        out.println("Verifying before measuring: " + Verifier.ITERATIONS + " iterations of " + scenario.id()
                + " on each variant, one request at a time...");
        Map<String, List<Verifier.Observed>> observed = new LinkedHashMap<>();
        for (String variant : settings.variants()) {
            Path dataDir = campaign.workDir().resolve("verify-" + variant).resolve("data");
            if (settings.targets().contains(variant)) {
                DataFiles.copyRotated(data.dataDir(), dataDir, 0, 2 * settings.repetitions() + 1);
                observed.put(variant, Verifier.observe(scenario.id(), campaign.scenarioText(),
                        targetEndpoints(request, variant), dataDir, null, campaign.infra(),
                        request.plan().timeoutMillis(), settings.seed()));
                continue;
            }
            try (Deployment deployment = launch(campaign, variant, "_verify", true, false,
                    campaign.workDir().resolve("verify-" + variant))) {
                deployment.sessionData(data.dataDir(), dataDir);
                observed.put(variant, Verifier.observe(scenario.id(), campaign.scenarioText(),
                        deployment.endpoints(), dataDir, deployment, campaign.infra(), request.plan().timeoutMillis(),
                        settings.seed()));
            }
            out.printf("  %s: %d requests answered%n", variant, observed.get(variant).size());
        }
        return Verifier.compare(observed, Set.copyOf(settings.targets()), request.app().backgroundWork());
    }

    private static Deployment launch(PreparedCampaign campaign, String variant, String suffix, boolean callCounting,
                                     boolean gateway, Path workDir) {
        return launch(campaign, variant, suffix, callCounting, gateway, workDir,
                campaign.request().settings().launchSettings());
    }

    /** Starts {@code variant} on a fresh copy of the data with the given launch settings. */
    static Deployment launch(PreparedCampaign campaign, String variant, String suffix, boolean callCounting,
                             boolean gateway, Path workDir, Map<String, String> launchSettings) {
        Request request = campaign.request();
        Infrastructure infra = campaign.infra();
        Set<String> services = campaign.services();
        Application app = request.app();
        Map<String, String> databases = new HashMap<>();
        for (DatabaseInfo db : app.databases()) {
            if (services.contains(db.service())) {
                String name = db.name() + suffix;
                TemplateDataSets.freshDatabase(infra, campaign.data(), db, name);
                databases.put(db.service(), name);
            }
        }
        // A fresh copy of the data comes with an empty cache: nothing a previous run cached may answer this one.
        try (RedisCommandStats redis = new RedisCommandStats(infra.redis())) {
            redis.flushAll();
        }
        if (request.pinning() != null) {
            request.pinning().pinInfrastructure(infra.embeddedPostgresProcesses());
        }
        ServiceLauncher launcher = campaign.launcher()
                .withAot(aotOn(request, launchSettings) ? AotCache.of(RepoLayout.locate()) : null);
        return app.launch(new LaunchRequest(infra, launcher, variant, services, databases,
                request.settings().security(), ServiceProcess.DEFAULT_JVM_ARGS, workDir, callCounting, false, Map.of(),
                gateway ? 0 : LaunchRequest.NO_GATEWAY, AotCache.withoutSetting(launchSettings), campaign.redis(),
                request.serviceHost() == null ? LaunchRequest.LOCAL : request.serviceHost().host()));
    }

    /**
     * The launcher of the campaign's service JVMs, without its AOT cache (chosen per launch): on the services' CPUs
     * when the campaign pins them, on the service host when there is one.
     */
    static ServiceLauncher launcher(Request request, RemoteServices remote) {
        ServiceLauncher local = ServiceLauncher.plain();
        if (request.pinning() != null) {
            local = local.shapedBy(request.pinning().shaper());
        }
        return remote.launcher(local);
    }

    /**
     * Whether the launched JVMs start from the JDK AOT cache: unless {@code --set aot=off}, or they run on another
     * host (the cache is built and kept on this one).
     */
    static boolean aotOn(Request request, Map<String, String> launchSettings) {
        return request.serviceHost() == null && AotCache.enabledBy(launchSettings);
    }

    private static void runLaunched(PreparedCampaign campaign, String variant, String label, int rep,
                                    Progress progress, List<LevelMeasurement> measurements, List<SoakSlice> soak,
                                    List<StaticMetrics> statics, List<WarmupRun> warmups,
                                    Map<String, String> environment) {
        Request request = campaign.request();
        ScenarioInfo scenario = campaign.scenario();
        Path runDir = campaign.workDir().resolve(label.replace(' ', '-').replace("(", "").replace(")", ""))
                .resolve("rep-" + rep);
        boolean viaGateway = request.settings().viaGateway();
        try (Deployment deployment = launch(campaign, variant, "_bench", false, viaGateway, runDir)) {
            // through the gateway, its process is part of the system under test: sampled and reported with the services
            Map<String, ServiceProcess> measured = measuredProcesses(deployment, viaGateway, variant);
            environment.put("placement " + label, placement(deployment));
            // measured from the processes' affinity: once any run shared CPUs, the campaign did
            // (services on another host run on its CPUs, never on the loader's)
            java.util.Optional<String> sharing = measured.values().stream().anyMatch(s -> s.elsewhere().isPresent())
                    ? java.util.Optional.of("separate hosts (the services on " + measured.values().iterator().next()
                            .elsewhere().map(ServiceProcess.Elsewhere::host).orElse("another host") + ")")
                    : CpuPinning.sharing(measured.values().stream().map(ServiceProcess::pid).toList());
            sharing.ifPresent(found -> environment.merge(CpuPinning.SHARING, found,
                    (before, now) -> before.startsWith(CpuPinning.SHARED) ? before : now));
            List<ResourceSampler.Watched> watched = measured.values().stream()
                    .map(ServiceProcess::watched).toList();
            ResourceSampler.Sample idle = ResourceSampler.snapshot(watched);
            Path dataDir = runDir.resolve("data");
            deployment.sessionData(campaign.data().dataDir(), dataDir);
            List<StaticMetrics> started = startMetrics(campaign, label, rep, deployment, measured, dataDir,
                    runDir.resolve("first-answer"));
            statics.addAll(started);
            progress.note(String.format("  services up%s (heap %.0f MB, RSS %.0f MB; first answer after %.1f s)",
                    started.getFirst().withAot() ? " from the AOT cache" : "", idle.heapUsedMb(), idle.rssMb(),
                    started.getLast().firstAnswer()));
            List<PhaseOutcome> outcomes;
            try (ResourceSampler sampler = new ResourceSampler(watched)) {
                sampler.start();
                outcomes = load(campaign, label, rep, new ScenarioLoad.Target(
                        endpointsFor(viaGateway ? deployment.gatewayEndpoints() : deployment.endpoints(), scenario),
                        dataDir, viaGateway ? Map.of() : deployment.instanceEndpoints()), sampler, progress, warmups);
                record(label, rep, request, outcomes, sampler, true, measurements, soak);
            }
            for (var entry : measured.entrySet()) {
                if (!entry.getValue().isAlive()) {
                    throw new LabException(variant + " " + entry.getKey() + " service died during the load; see "
                            + entry.getValue().log());
                }
            }
        }
        if (probesStartup(request) && request.settings().probesStartup(rep)
                && !label.endsWith(CampaignSettings.REPEAT_SUFFIX)) {
            probeStartup(campaign, variant, label, rep, runDir.resolve("start-up-probe"), progress, statics);
        }
    }

    /**
     * Whether every repetition also starts each launched variant once with the opposite AOT setting (the start-up
     * probe, {@link CampaignSettings#startupProbe()}): not when the services run on another host, where the lab keeps
     * no cache.
     */
    static boolean probesStartup(Request request) {
        return request.settings().probesStartup() && request.serviceHost() == null;
    }

    /**
     * The start-up probe: the variant started once more in this repetition, on a fresh copy of the data, with the AOT
     * cache if the measured run had none and without it otherwise, for its static metrics and first answer alone (no
     * load); what the report puts beside the measured run's to show what the cache changes.
     */
    private static void probeStartup(PreparedCampaign campaign, String variant, String label, int rep, Path probeDir,
                                     Progress progress, List<StaticMetrics> statics) {
        Request request = campaign.request();
        Map<String, String> flipped = new java.util.TreeMap<>(request.settings().launchSettings());
        flipped.put(AotCache.SETTING, aotOn(request, request.settings().launchSettings()) ? "off" : "on");
        boolean viaGateway = request.settings().viaGateway();
        try (Deployment deployment = launch(campaign, variant, "_probe", false, viaGateway, probeDir, flipped)) {
            Map<String, ServiceProcess> measured = measuredProcesses(deployment, viaGateway, variant);
            Path dataDir = probeDir.resolve("data");
            deployment.sessionData(campaign.data().dataDir(), dataDir);
            List<StaticMetrics> started = startMetrics(campaign, label, rep, deployment, measured, dataDir,
                    probeDir.resolve("first-answer"));
            statics.addAll(started);
            progress.note(String.format("  start-up probe %s the AOT cache: healthy after %.1f s, first answer after"
                            + " %.1f s", started.getFirst().withAot() ? "with" : "without",
                    started.getLast().startupSeconds(), started.getLast().firstAnswer()));
        }
    }

    /**
     * The static metrics of a deployment just started: one row per measured process, and one for the whole
     * deployment ({@link StaticMetrics#ALL}) when it has several, carrying the time to the first answer (on the
     * single row otherwise). The first answer is the deployment's start-up plus the response time of one iteration
     * of the scenario, sent right after the snapshot on rows drawn apart from the load's.
     */
    private static List<StaticMetrics> startMetrics(PreparedCampaign campaign, String label, int rep,
                                                    Deployment deployment, Map<String, ServiceProcess> measured,
                                                    Path dataDir, Path firstDir) {
        List<StaticMetrics> rows = new ArrayList<>();
        for (var entry : measured.entrySet()) {
            ServiceProcess process = entry.getValue();
            ResourceSampler.Sample one = ResourceSampler.snapshot(List.of(process.watched()));
            rows.add(new StaticMetrics(label, entry.getKey(), rep, process.startupTime().toMillis() / 1000.0,
                    one.heapUsedMb(), one.rssMb(), size(deployment.jars().get(entry.getKey())), process.aot(), null));
        }
        double startup = rows.stream().mapToDouble(StaticMetrics::startupSeconds).max().orElse(Double.NaN);
        double first = startup + firstIterationSeconds(campaign, deployment, dataDir, firstDir);
        StaticMetrics last = rows.getLast();
        if (rows.size() == 1) {
            rows.set(0, new StaticMetrics(last.variant(), last.service(), rep, last.startupSeconds(),
                    last.heapAfterStartMb(), last.rssAfterStartMb(), last.artifactMb(), last.aot(), first));
        } else {
            rows.add(new StaticMetrics(label, StaticMetrics.ALL, rep, startup,
                    rows.stream().mapToDouble(StaticMetrics::heapAfterStartMb).sum(),
                    rows.stream().mapToDouble(StaticMetrics::rssAfterStartMb).sum(),
                    rows.stream().mapToDouble(StaticMetrics::artifactMb).sum(),
                    rows.stream().allMatch(StaticMetrics::withAot), first));
        }
        return rows;
    }

    /**
     * The response time (s) of the scenario's first iteration, one user, on the deployment as it just started; its
     * rows come from the second half of the data files, so a scenario that consumes rows in order does not take the
     * load's first ones. NaN when nothing was answered.
     */
    private static double firstIterationSeconds(PreparedCampaign campaign, Deployment deployment, Path dataDir,
                                                Path firstDir) {
        Request request = campaign.request();
        ScenarioInfo scenario = campaign.scenario();
        boolean viaGateway = request.settings().viaGateway();
        DataFiles.copyRotated(dataDir, firstDir, 1, 2);
        PhaseOutcome once = ScenarioLoad.once(scenario.id(), campaign.scenarioText(), new ScenarioLoad.Target(
                endpointsFor(viaGateway ? deployment.gatewayEndpoints() : deployment.endpoints(), scenario), firstDir,
                viaGateway ? Map.of() : deployment.instanceEndpoints()), 1, request.plan().timeoutMillis(),
                request.settings().seed());
        Histogram h = once.histogram();
        return h.getTotalCount() == 0 ? Double.NaN : h.getMean() * h.getTotalCount() / 1e9;
    }

    /** How many instances of each service ran, and the CPUs each process was allowed to run on. */
    static String placement(Deployment deployment) {
        List<String> parts = new ArrayList<>();
        deployment.instanceProcesses().forEach((service, instances) -> parts.add(service + " x" + instances.size()
                + " (CPUs " + String.join(" | ", instances.stream()
                .map(instance -> ServiceProcess.of(instance).allowedCpus()).toList()) + ")"));
        return String.join(", ", parts);
    }

    /** The services' processes, and the gateway's (as service {@link #GATEWAY}) when the load goes through it. */
    private static Map<String, ServiceProcess> measuredProcesses(Deployment deployment, boolean viaGateway,
                                                                 String variant) {
        Map<String, ServiceProcess> measured = new LinkedHashMap<>();
        // every instance is sampled: the first under the service's name, the others as <service>-2, <service>-3...
        deployment.instanceProcesses().forEach((service, instances) -> {
            for (int i = 0; i < instances.size(); i++) {
                measured.put(i == 0 ? service : service + "-" + (i + 1), ServiceProcess.of(instances.get(i)));
            }
        });
        if (viaGateway) {
            ServiceProcess gateway = ServiceProcess.of(deployment.gateway().orElseThrow(() -> new LabException("The "
                    + variant + " deployment started no gateway, so --via-gateway cannot measure through it")));
            if (deployment.gatewayEndpoints().isEmpty()) {
                throw new LabException("The " + variant + " deployment's gateway names no route to its services");
            }
            measured.put(GATEWAY, gateway);
        }
        return measured;
    }

    private static void runTarget(PreparedCampaign campaign, String label, int rep,
                                  List<LevelMeasurement> measurements, List<SoakSlice> soak, List<WarmupRun> warmups,
                                  Progress progress) {
        Request request = campaign.request();
        ScenarioInfo scenario = campaign.scenario();
        String target = label.endsWith(CampaignSettings.REPEAT_SUFFIX)
                ? label.substring(0, label.length() - CampaignSettings.REPEAT_SUFFIX.length()) : label;
        Path dataDir = campaign.workDir().resolve("target-" + target).resolve("rep-" + rep).resolve("data");
        // the target's data is not reset: each of its runs draws from its own part of the data files
        int part = label.endsWith(CampaignSettings.REPEAT_SUFFIX) ? 2 * rep : 2 * rep - 1;
        DataFiles.copyRotated(campaign.data().dataDir(), dataDir, part, 2 * request.settings().repetitions() + 1);
        List<PhaseOutcome> outcomes;
        // its processes are not the lab's: only the load generator's own CPU is sampled
        try (ResourceSampler sampler = new ResourceSampler(List.of())) {
            sampler.start();
            outcomes = load(campaign, label, rep, new ScenarioLoad.Target(
                    endpointsFor(targetEndpoints(request, target), scenario), dataDir), sampler, progress, warmups);
            record(label, rep, request, outcomes, sampler, false, measurements, soak);
        }
    }

    /**
     * One run's load: its warm-up and its levels, one outcome per level (per slice for a soak); the warm-up is
     * recorded in {@code warmups}. A fixed warm-up ({@link SteadyState#adaptive()} false) is the plan's own first
     * phase. An adaptive one runs before the plan, in windows of one short run each at the plan's warm-up level
     * ({@link AdaptiveWarmup}), each window's JIT share read from {@code sampler}; the plan then runs without a
     * warm-up. Every window and the levels draw the data files' rows from where the previous run left them
     * ({@link AdaptiveWarmup#rotate}), as one run's phases share one cursor.
     */
    static List<PhaseOutcome> load(PreparedCampaign campaign, String label, int rep, ScenarioLoad.Target target,
                                   ResourceSampler sampler, Progress progress, List<WarmupRun> warmups) {
        Request request = campaign.request();
        LoadPlan plan = request.plan();
        SteadyState steady = request.settings().steadyState();
        String name = campaign.scenario().id();
        long seed = request.settings().seed();
        if (!steady.adaptive()) {
            warmups.add(new WarmupRun(label, rep, false, plan.warmupSeconds(), false, List.of()));
            return ScenarioLoad.run(name, campaign.scenarioText(), target, plan, seed, progress.loadProgress());
        }
        progress.adaptiveWarmup(plan.warmupLevel(), steady.windowSeconds(), steady.capSeconds());
        Path runDir = target.dataDir().resolveSibling("warmup");
        long[] rowsUsed = {0};
        int[] window = {0};
        WarmupRun warmup = AdaptiveWarmup.run(label, rep, steady, seconds -> {
            window[0]++;
            Path dir = runDir.resolve("window-" + window[0]);
            AdaptiveWarmup.rotate(target.dataDir(), dir, rowsUsed[0]);
            LoadPlan one = new LoadPlan(plan.model(), List.of(plan.warmupLevel()), 0, seconds, plan.timeoutMillis());
            PhaseOutcome o = ScenarioLoad.run(name, campaign.scenarioText(),
                    new ScenarioLoad.Target(target.endpoints(), dir, target.instances()), one, seed,
                    progress.quietLoadProgress()).getFirst();
            // every request drew at most one row of each file it reads, and a session may have drawn one it did
            // not send yet: an upper bound, so no row is drawn twice (a few are skipped)
            rowsUsed[0] += o.requests() + plan.warmupLevel();
            return new WarmupRun.Window(o.seconds(), o.validThroughput(),
                    sampler.window(o.startMillis(), o.endMillis()).jitShare());
        }, progress::note);
        warmups.add(warmup);
        Path measured = runDir.resolve("levels");
        AdaptiveWarmup.rotate(target.dataDir(), measured, rowsUsed[0]);
        LoadPlan levels = new LoadPlan(plan.model(), plan.levels(), 0, plan.durationSeconds(), plan.timeoutMillis(),
                plan.slices());
        return ScenarioLoad.run(name, campaign.scenarioText(),
                new ScenarioLoad.Target(target.endpoints(), measured, target.instances()), levels, seed,
                progress.loadProgress());
    }

    /**
     * The measurements of one run's outcomes: one per level; for a soak, its slices merged into the level's window
     * (one histogram, the resources of the whole window) and every slice on its own ({@link SoakSlice}, without
     * pools). {@code sampled}: the sampler watched the run's services (not an external target's), so their resources
     * and pools count.
     */
    static void record(String label, int rep, Request request, List<PhaseOutcome> outcomes, ResourceSampler sampler,
                       boolean sampled, List<LevelMeasurement> measurements, List<SoakSlice> soak) {
        LoadPlan plan = request.plan();
        List<PhaseOutcome> levels = plan.soak() ? List.of(PhaseOutcome.merge(outcomes)) : outcomes;
        for (PhaseOutcome o : levels) {
            measurements.add(measure(label, rep, plan, request.settings(), o,
                    sampled ? sampler.window(o.startMillis(), o.endMillis()) : LevelMeasurement.Resources.NONE,
                    sampler.loaderCpu(o.startMillis(), o.endMillis()),
                    sampled ? sampler.pools(o.startMillis(), o.endMillis()) : List.of()));
        }
        if (plan.soak()) {
            long start = outcomes.getFirst().startMillis();
            for (int i = 0; i < outcomes.size(); i++) {
                PhaseOutcome slice = outcomes.get(i);
                soak.add(new SoakSlice(i + 1, (slice.startMillis() - start) / 1000.0, measure(label, rep, plan,
                        request.settings(), slice,
                        sampled ? sampler.window(slice.startMillis(), slice.endMillis())
                                : LevelMeasurement.Resources.NONE,
                        sampler.loaderCpu(slice.startMillis(), slice.endMillis()))));
            }
        }
    }

    /** The endpoints a scenario addresses: the services it names, from those given. */
    static Map<String, String> endpointsFor(Map<String, String> all, ScenarioInfo scenario) {
        Map<String, String> chosen = new LinkedHashMap<>();
        for (String service : scenario.services()) {
            String url = all.get(service);
            if (url == null) {
                throw new LabException("The " + scenario.id() + " scenario sends requests to the " + service
                        + " service, which is not running");
            }
            chosen.put(service, url);
        }
        return chosen;
    }

    /** An external target's base URL per service, in the application's service order. */
    static Map<String, String> targetEndpoints(Request request, String target) {
        List<String> urls = request.targets().get(target);
        var services = request.app().services();
        Map<String, String> endpoints = new LinkedHashMap<>();
        for (int i = 0; i < urls.size() && i < services.size(); i++) {
            endpoints.put(services.get(i).id(), urls.get(i));
        }
        return endpoints;
    }

    static String scenarioText(Application app, ScenarioInfo scenario) {
        try (InputStream in = app.getClass().getClassLoader().getResourceAsStream(scenario.resource())) {
            if (in == null) {
                throw new LabException("The " + scenario.id() + " scenario's file " + scenario.resource()
                        + " is not on the class path of " + app.id() + "'s lab module");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new LabException("Cannot read " + scenario.resource() + ": " + e.getMessage(), e);
        }
    }

    static LevelMeasurement measure(String variant, int rep, LoadPlan plan, CampaignSettings settings,
                                    PhaseOutcome o, LevelMeasurement.Resources resources, double loaderCpu) {
        return measure(variant, rep, plan, settings, o, resources, loaderCpu, List.of());
    }

    /** One level's measurement, with the services' pools in its window ({@link ResourceSampler#pools}). */
    static LevelMeasurement measure(String variant, int rep, LoadPlan plan, CampaignSettings settings,
                                    PhaseOutcome o, LevelMeasurement.Resources resources, double loaderCpu,
                                    List<LevelMeasurement.Pool> pools) {
        Histogram h = o.histogram();
        Latency latency = h.getTotalCount() == 0
                ? new Latency(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN)
                : new Latency(h.getMean() / 1000, micros(h, 50), micros(h, 90), micros(h, 95), micros(h, 99),
                micros(h, 99.9), h.getMaxValue() / 1000.0);
        double offered = plan.model() == LoadPlan.Model.OPEN ? o.level() : Double.NaN;
        double throughput = o.validThroughput();
        Verdict verdict = Verdict.OK;
        String reason = "";
        double errorRate = o.requests() == 0 ? 1 : (double) o.errors() / o.requests();
        if (o.requests() == 0) {
            verdict = Verdict.FAILED;
            reason = "no request was sent";
        } else if (errorRate > settings.errorThreshold()) {
            verdict = Verdict.FAILED;
            reason = String.format("%.2f%% of requests failed (threshold %.2f%%)", errorRate * 100,
                    settings.errorThreshold() * 100);
        } else if (loaderCpu > LOADER_CPU_LIMIT) {
            verdict = Verdict.FAILED;
            reason = String.format("the load generator was saturated (%.0f%% CPU)", loaderCpu);
        } else if (plan.model() == LoadPlan.Model.OPEN && o.sessionLimitExceeded()) {
            verdict = Verdict.SATURATED;
            reason = "arrivals found no free session: the offered rate was not sent";
        } else if (plan.model() == LoadPlan.Model.OPEN && throughput < MIN_ACHIEVED_SHARE * offered) {
            verdict = Verdict.SATURATED;
            reason = String.format("achieved %.0f of %.0f req/s offered", throughput, offered);
        }
        return new LevelMeasurement(variant, rep, plan.model().id(), o.level(), o.seconds(), o.requests(),
                o.responses(), o.errors(), o.timeouts(), throughput, offered, latency, resources, loaderCpu, verdict,
                reason, pools, Map.of());
    }

    private static double micros(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / 1000.0;
    }

    private static double size(Path file) {
        try {
            return file == null ? Double.NaN : Files.size(file) / (1024.0 * 1024.0);
        } catch (IOException e) {
            return Double.NaN;
        }
    }
}
