package io.paradigmlab.lab.cli;

import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.app.Applications;
import io.paradigmlab.lab.api.LoadPreset;
import io.paradigmlab.lab.api.RedisLatency;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.api.VariantInfo;
import io.paradigmlab.lab.campaign.CampaignRunner;
import io.paradigmlab.lab.campaign.Profiling;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.launch.CpuPinning;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.load.LoadPlan;
import io.paradigmlab.lab.remote.ServiceHost;
import io.paradigmlab.lab.report.ReportWriter;
import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.SteadyState;
import java.net.URI;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ./lab run}: a benchmark campaign, its statistics and its report. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Benchmark variants of an application on one scenario: the data set generated once, a check"
                + " that every variant answers alike and does the same work, then per repetition every"
                + " variant back to back (fresh JVMs, a fresh copy of the data), a warm-up and each level;"
                + " writes an HTML report with CSV and JSON beside it.",
        footer = {"", "Examples:",
                "  ./lab run tweebyte --scenario follow --scale quick --reps 3 --warmup 10s --duration 20s",
                "  ./lab run tweebyte --scenario feed --model open --levels 50,100,200,400",
                "  ./lab up tweebyte --variant virtual --scale quick --port-offset 100   (in another terminal)",
                "  ./lab run tweebyte --variants async --target mine=http://127.0.0.1:9191,http://127.0.0.1:9192,"
                        + "http://127.0.0.1:9193",
                "  ./lab run tweebyte --scenario feed --variants async,reactive --via-gateway",
                "  ./lab run chatapp --scenario A.2 --levels 10,100,1000 --reps 5   (a fixed-work experiment)",
                "  ./lab run tweebyte --scenario feed --levels 10,50 --reps 3 --profile   (flame graphs of each variant)",
                "  ./lab run tweebyte --scenario feed --model open --levels 200 --soak 30m --reps 1",
                "      (one level for 30 minutes in 20 slices: how RSS, heap after GC, threads, open files and p99 move;"
                        + " soak.md in the report's folder)",
                "  ./lab run tweebyte --scenario feed --cpus loader=0-1,services=2-5,db=6-7   (CPU sets apart, taskset)",
                "  ./lab run itstore --scenario simple --service-host lab@10.0.0.7 --service-ssh-key ~/.ssh/lab"
                        + " --postgres-url postgres://lab:secret@10.0.0.5:5432/postgres --verify off",
                "      (the service JVMs on another host over SSH; the load and the databases stay off it)",
                "", "./lab list shows the applications, variants, scenarios and scales."})
class RunCommand implements Runnable {

    /** The model of a fixed-work experiment's campaign (docs/methodology.md, "Fixed-work experiments"). */
    static final String FIXED_MODEL = "fixed";
    /** The default time limit of one run of a fixed-work experiment. */
    static final int EXPERIMENT_RUN_LIMIT_SECONDS = 600;

    @Parameters(index = "0", paramLabel = "APP", description = "The application (./lab list).")
    String app;

    @Option(names = "--scenario", description = "The scenario (default: the application's first, user-summary for tweebyte).")
    String scenario;

    @Option(names = "--variants", description = "Launched variants to compare (default: all of the application's).")
    String variants;

    @Option(names = "--target", paramLabel = "NAME=URL[,URL...]",
            description = "A variant the lab does not launch, compared beside the variants: the base URL of"
                    + " each service in the application's order (./lab list). It must serve the same data set"
                    + " (./lab up ... --scale S --seed N). Repeatable.")
    List<String> targets = new ArrayList<>();

    @Option(names = "--model", defaultValue = "closed",
            description = "closed: N users without think time, the seeds' model; open: a fixed offered rate (default: ${DEFAULT-VALUE}).")
    String model;

    @Option(names = "--ladder", paramLabel = "NAME", description = "A named load plan of the scenario (./lab list"
            + " shows each scenario's, e.g. seed001 for tweebyte's cpu, blocking and jobs): its levels (closed model),"
            + " repetitions, warm-up and duration; --levels, --reps, --warmup and --duration override them (default:"
            + " the scenario's quick plan when it has one, else the defaults below).")
    String ladder;

    @Option(names = "--levels", description = "Users (closed) or requests/s (open), ascending (default: 1,10,50,100,200 closed; 100,200,400,800 open).")
    String levels;

    @Option(names = "--reps", description = "Repetitions; each runs every variant back to back (default: 5).")
    Integer reps;

    @Option(names = "--warmup", paramLabel = "adaptive|DURATION", description = "Load before the first level of"
            + " each run, never measured; closed model at the highest level, open model at the first. adaptive:"
            + " windows of 5 s until two successive ones agree (throughput within --steady-band, the JIT compiler"
            + " under --steady-jit-share of the services' CPU), at most --warmup-cap; a DURATION (e.g. 30s) is a"
            + " fixed warm-up that checks nothing (default: adaptive, or the --ladder plan's fixed warm-up).")
    String warmup;

    @Option(names = "--warmup-cap", paramLabel = "DURATION", defaultValue = "120s", description = "The longest"
            + " adaptive warm-up; a run that reaches it is measured anyway and its warm-up recorded as not steady"
            + " (default: ${DEFAULT-VALUE}).")
    String warmupCap = "120s";

    @Option(names = "--steady-jit-share", paramLabel = "SHARE", defaultValue = "0.05", description = "A measured"
            + " window is steady when the JIT compiler used at most this share of the services' CPU time in it (from"
            + " jvm_compilation_time_ms_total); a level with a window above it gets no ranking, the report says"
            + " \"not steady\" instead; also the adaptive warm-up's JIT condition (default: ${DEFAULT-VALUE}).")
    double steadyJitShare = SteadyState.JIT_SHARE_LIMIT;

    @Option(names = "--steady-band", paramLabel = "SHARE", defaultValue = "0.10", description = "Two successive"
            + " adaptive warm-up windows agree when their throughputs differ by at most this share (default:"
            + " ${DEFAULT-VALUE}).")
    double steadyBand = SteadyState.THROUGHPUT_BAND;

    @Option(names = "--duration", description = "Measured window of each level (default: 180s); for a fixed-work"
            + " experiment (chatapp's), the time limit of one run (default: 600s).")
    String duration;

    @Option(names = "--soak", paramLabel = "DURATION", description = "A soak: hold the one level of --levels N (open"
            + " or closed model) for DURATION after the warm-up (e.g. 30m, 1h; at least 25s) instead of --duration,"
            + " cut into 20 consecutive slices (15, 10 or 5 when a slice would be under 5 s), each with its own"
            + " throughput, latency histogram and resource means. The report's Soak section, soak.md, soak.csv and"
            + " soak.json give per variant the slope per hour of RSS, heap after GC, live threads, open files and p99"
            + " latency, their first and last fifth, and flag RSS growth above 5 %% and p99 drift above 20 %%.")
    String soak;

    @Option(names = "--scale", description = "Size of the data set (./lab list shows each application's; default:"
            + " tweebyte's small, else the application's smallest).")
    String scale;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the data generator and of random request choices (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--security", defaultValue = "off", description = "on checks a token on every request; off as the seeds did (default: ${DEFAULT-VALUE}).")
    String security;

    @Option(names = "--via-gateway", description = "Send the load through each launched variant's gateway (the"
            + " application's front door, e.g. Tweebyte's on 8080) instead of straight to its services: the gateway"
            + " is then part of what is measured and its process is sampled with the services'. External targets"
            + " are addressed as given (a --target URL may carry a gateway's path prefix).")
    boolean viaGateway;

    @Option(names = "--noise", defaultValue = "on", description = "on runs the first variant twice per repetition, to report the machine's own noise (default: ${DEFAULT-VALUE}).")
    String noise;

    @Option(names = "--startup-probe", defaultValue = "on", paramLabel = "on|first|off", description = "on starts each"
            + " launched variant once more per repetition with the opposite JDK AOT cache setting (without it by"
            + " default; with it under --set aot=off), for its start-up, first answer and memory alone, no load: the"
            + " report's static metrics show both; first does so in the first repetition only (one pair per variant,"
            + " no interval; the demo's choice) (default: ${DEFAULT-VALUE}).")
    String startupProbe;

    @Option(names = "--verify", defaultValue = "on", description = "off skips the equivalence and equal-work check before the load; the report says so (default: ${DEFAULT-VALUE}).")
    String verify;

    @Option(names = "--db-ceiling", defaultValue = "on", paramLabel = "on|off", description = "on measures the"
            + " scenario's database ceiling, when its application declares one: one request's database work run by"
            + " pgbench (from the PATH; Debian: postgresql-client) on the same PostgreSQL server, a fresh copy of the"
            + " data and the variants' pool size, once before the runs; the report shows each variant's throughput as"
            + " a fraction of it. Without pgbench the campaign says so and goes on (default: ${DEFAULT-VALUE}).")
    String dbCeiling = "on";

    @Option(names = "--error-threshold", defaultValue = "0.01", description = "Share of failed requests above which a level is invalid (default: ${DEFAULT-VALUE}).")
    double errorThreshold;

    @Option(names = "--timeout", defaultValue = "5s", description = "A request without an answer after this long is an error (default: ${DEFAULT-VALUE}).")
    String timeout;

    @Option(names = "--postgres-url", paramLabel = "URL", description = "External PostgreSQL (default: embedded).")
    String postgresUrl;

    @Option(names = "--redis-url", paramLabel = "URL", description = "External Redis, redis://host:port (default:"
            + " embedded). The lab empties it (FLUSHALL) before every run: give it a Redis of its own.")
    String redisUrl;

    @Option(names = "--mariadb-url", paramLabel = "URL", description = "External MariaDB,"
            + " mariadb://user:password@host:port, for an application with a MariaDB database (the e-shop's orders;"
            + " default: embedded, started only for such an application). The lab drops and creates its databases.")
    String mariadbUrl;

    @Option(names = "--redis-latency", paramLabel = "LATENCY[,JITTER]", description = "The network latency injected"
            + " between a service and Redis, in each direction, in whole milliseconds (e.g. 3ms,1ms: 3 ms +/- 1 ms),"
            + " for a scenario that declares one (tweebyte's cache: 3ms,1ms on the interaction service, through"
            + " Toxiproxy); 0 switches it off (default: the scenario's).")
    String redisLatency;

    @Option(names = "--instances", paramLabel = "N", description = "Run N instances of each service (1 to 8), the"
            + " services calling each other through a round-robin load balancer over the instance list and the load"
            + " spread over the instances, where the application supports it (the e-shop; same as --set"
            + " instances=N). Default: one.")
    Integer instances;

    @Option(names = "--faithful", description = "Launch every variant as the seed's original code was, defects"
            + " included, where the application has such a mode (./lab list says; same as --set faithful=true).")
    boolean faithful;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "An application launch setting for every launched"
            + " variant (./lab list shows each application's, e.g. --set materialize=true for itstore). Repeatable.")
    List<String> sets = new ArrayList<>();

    @picocli.CommandLine.Mixin
    PlacementOptions placement = new PlacementOptions();

    @Option(names = "--profile", description = "After the measured repetitions, run each launched variant once more"
            + " at one level with a JDK Flight Recording and async-profiler in every service JVM: the report links a"
            + " CPU flame graph per service and tables of the top frames, GC, lock contention and pinned virtual"
            + " threads. These runs never count among the measurements.")
    boolean profile;

    @Option(names = "--profile-level", paramLabel = "N", description = "The level of the profiling runs, one of"
            + " --levels; implies --profile (default: the highest level every variant found OK in every measured"
            + " repetition, else the lowest).")
    Integer profileLevel;
    @Option(names = "--output", defaultValue = "runs", description = "Folder for campaign results (default: ${DEFAULT-VALUE}).")
    Path output;

    @Override
    public void run() {
        Path report = execute();
        System.out.println("Report: " + report.resolve("report.html"));
    }

    /** Runs the campaign; returns the folder its report was written to. */
    Path execute() {
        Application application = Applications.find(app);
        ScenarioInfo chosenScenario = scenario == null ? application.scenarios().getFirst() : application.scenario(scenario);
        List<String> launched = variants == null ? application.variants().stream().map(VariantInfo::id).toList()
                : List.of(variants.split(",")).stream().map(String::trim).filter(s -> !s.isEmpty()).toList();
        launched.forEach(application::variant);
        Map<String, List<String>> external = targets(application, launched);
        if (launched.isEmpty() && external.isEmpty()) {
            throw new LabException("Nothing to measure: give --variants or --target");
        }
        LoadPreset preset = CampaignOptions.preset(application, chosenScenario, ladder);
        int repetitions = reps != null ? reps : preset != null ? preset.repetitions() : 5;
        if (repetitions < 1) {
            throw new LabException("--reps must be at least 1, got " + repetitions);
        }
        if (errorThreshold < 0 || errorThreshold > 1) {
            throw new LabException("--error-threshold is a share between 0 and 1, got " + errorThreshold);
        }
        boolean securityOn = CampaignOptions.security(application, security);
        if (securityOn && !external.isEmpty()) {
            throw new LabException("--target needs --security off: the lab signs tokens with the keys of the"
                    + " deployments it launches, which an external target does not know");
        }
        if (viaGateway && application.gateway().isEmpty()) {
            throw new LabException("--via-gateway: " + application.id() + " has no gateway; its services are"
                    + " measured directly");
        }
        var dataScale = application.data().scale(scale != null ? scale : defaultScale(application));
        Map<String, String> launchSettings = CampaignOptions.launchSettings(application, sets, faithful, instances);
        if (!launchSettings.isEmpty() && launched.isEmpty()) {
            throw new LabException("--faithful and --set change launched variants; only --target was given");
        }
        RedisLatency injected = CampaignOptions.redisLatency(chosenScenario, redisLatency);
        ServiceHost servicesOn = placement.serviceHost();
        if (servicesOn != null && launched.isEmpty()) {
            throw new LabException("--service-host runs the launched variants elsewhere; only --target was given");
        }
        CpuPinning pinning = placement.pinning();
        var experiment = application.experiment(chosenScenario);
        if (experiment.isPresent() && (!"closed".equals(model) || warmup != null)) {
            throw new LabException("The " + chosenScenario.id() + " scenario is a fixed-work experiment: its users do a"
                    + " set amount of work to completion (makespan), so --model and --warmup do not apply;"
                    + " --duration is the time limit of one run");
        }
        LoadPlan.Model loadModel = LoadPlan.Model.parse(model);
        Integer soakSeconds = soak == null ? null : CampaignOptions.soakSeconds(soak, levels, duration,
                experiment.isPresent(), profile || profileLevel != null);
        // a preset's levels are users: the open model keeps its own default rates
        List<Integer> ladder = levels != null ? CampaignOptions.levels(levels)
                : experiment.isPresent() ? experiment.get().defaultUsers()
                : preset != null && loadModel == LoadPlan.Model.CLOSED ? preset.levels()
                : CampaignOptions.levels(loadModel == LoadPlan.Model.CLOSED ? "1,10,50,100,200" : "100,200,400,800");
        int timeoutSeconds = CampaignOptions.seconds("--timeout", timeout);
        SteadyState steady = experiment.isPresent() ? SteadyState.fixedDefaults()
                : CampaignOptions.steadyState(warmup, preset != null, warmupCap, steadyBand, steadyJitShare);
        // adaptive: the plan's warm-up is the cap, the most a run may take (the campaign's estimate of the time left);
        // the runner warms up in windows and runs the levels without it
        int warmupSeconds = experiment.isPresent() ? 0
                : steady.adaptive() ? steady.capSeconds()
                : warmup != null ? CampaignOptions.seconds("--warmup", warmup)
                : preset.warmupSeconds();
        LoadPlan plan = soakSeconds != null
                ? LoadPlan.soak(loadModel, ladder.getFirst(), warmupSeconds, soakSeconds,
                        Math.max(1, timeoutSeconds) * 1000)
                : new LoadPlan(loadModel, ladder, warmupSeconds,
                        duration != null ? CampaignOptions.seconds("--duration", duration)
                                : experiment.isPresent() ? EXPERIMENT_RUN_LIMIT_SECONDS
                                : preset != null ? preset.durationSeconds() : 180,
                        Math.max(1, timeoutSeconds) * 1000);
        String modelId = experiment.isPresent() ? FIXED_MODEL : loadModel.id();
        List<String> compared = new ArrayList<>(launched);
        compared.addAll(external.keySet());
        boolean noiseOn = CampaignOptions.onOff("--noise", noise);
        String noiseVariant = noiseOn && !launched.isEmpty() ? launched.getFirst() : null;
        CampaignSettings settings = new CampaignSettings(application.id(), chosenScenario.id(), compared,
                List.copyOf(external.keySet()), modelId, ladder, repetitions, plan.warmupSeconds(),
                plan.durationSeconds(), dataScale.name(), dataScale.users(), seed, securityOn, errorThreshold,
                noiseVariant, viaGateway, launchSettings, plan.soak() ? plan.slices() : 0,
                // a fixed-work experiment starts a server per user count: its start-up is measured there already
                experiment.isEmpty() ? CampaignOptions.startupProbeMode(startupProbe) : CampaignSettings.PROBE_OFF,
                steady);
        String command = "./lab run " + application.id() + " --scenario " + chosenScenario.id()
                + (launched.isEmpty() ? "" : " --variants " + String.join(",", launched))
                + external.entrySet().stream().map(e -> " --target " + e.getKey() + "=" + String.join(",", e.getValue()))
                .collect(Collectors.joining())
                + (experiment.isPresent() ? "" : " --model " + loadModel.id())
                + " --levels " + ladder.stream().map(String::valueOf).collect(Collectors.joining(","))
                + " --reps " + repetitions + (experiment.isPresent() ? "" : steady.adaptive()
                ? " --warmup adaptive --warmup-cap " + steady.capSeconds() + "s --steady-band " + steady.throughputBand()
                : " --warmup " + plan.warmupSeconds() + "s")
                + (experiment.isPresent() ? "" : " --steady-jit-share " + steady.jitShareLimit())
                + (plan.soak() ? " --soak " : " --duration ") + plan.durationSeconds()
                + "s --scale " + dataScale.name() + " --seed " + seed + " --security " + security + " --noise " + noise
                + (experiment.isPresent() ? "" : " --startup-probe " + startupProbe)
                + (viaGateway ? " --via-gateway" : "")
                + (redisLatency == null ? "" : " --redis-latency " + (injected == null ? "0"
                : injected.latency().toMillis() + "ms," + injected.jitter().toMillis() + "ms"))
                + launchSettings.entrySet().stream().map(e -> " --set " + e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining())
                + placement.commandLine()
                + " --verify " + verify + " --error-threshold " + errorThreshold + " --timeout " + timeoutSeconds + "s"
                + ("off".equals(dbCeiling) ? " --db-ceiling off" : "")
                + (profile || profileLevel != null ? " --profile" : "")
                + (profileLevel != null ? " --profile-level " + profileLevel : "");


        RepoLayout repo = RepoLayout.locate();
        String id = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-"
                + application.id() + "-" + chosenScenario.id();
        Path dir = (output.isAbsolute() ? output : repo.root().resolve(output)).resolve(id);
        Profiling profiling = Profiling.of(profile, profileLevel, ladder, launched, experiment.isPresent(), dir);
        if (profiling != null && servicesOn != null) {
            // the recordings and flame graphs would be written on the service host, where the report cannot link them
            throw new LabException("--profile does not go with --service-host yet: the service JVMs would write their"
                    + " recordings on " + servicesOn.host() + "; profile on this machine, or without --profile");
        }
        if (preset != null && (levels == null || reps == null || warmup == null || duration == null)) {
            System.out.printf("Load plan %s of %s: %s (options given on the command line override it)%n",
                    preset.name(), chosenScenario.id(), preset.summary());
        }
        if (experiment.isPresent()) {
            System.out.printf("Campaign %s: fixed-work experiment %s on %s, users %s, %d repetition(s), at most %d s"
                            + " per run, scale %s%n", id, chosenScenario.id(), compared, ladder, repetitions,
                    plan.durationSeconds(), dataScale.name());
        } else if (plan.soak()) {
            System.out.printf("Campaign %s: soak of %s on %s, %s model at %d %s for %d s in %d slices of %d s%s,"
                            + " %d repetition(s), warm-up %s, scale %s, %s%n", id, chosenScenario.id(), compared,
                    loadModel.id(), ladder.getFirst(), loadModel == LoadPlan.Model.CLOSED ? "users" : "req/s",
                    plan.durationSeconds(), plan.slices(), plan.sliceSeconds(),
                    plan.durationSeconds() < soakSeconds ? " (" + soakSeconds + " s rounded down to whole slices)" : "",
                    repetitions, warmupText(steady, plan), dataScale.name(),
                    viaGateway ? "through the gateway" : "straight to the services");
        } else {
            System.out.printf("Campaign %s: %s on %s, %s model, levels %s, %d repetition(s), warm-up %s, %d s per"
                            + " level, scale %s, %s%n", id, chosenScenario.id(), compared, loadModel.id(), ladder,
                    repetitions, warmupText(steady, plan), plan.durationSeconds(), dataScale.name(),
                    viaGateway ? "through the gateway" : "straight to the services");
        }
        if (pinning != null) {
            System.out.println("CPU pinning: " + pinning.describe());
        }
        CampaignResult result;
        try (AutoCloseable pinned = pinning == null ? () -> { } : pinning.apply()) {
            result = CampaignRunner.run(repo, new CampaignRunner.Request(application, settings, plan,
                    external, postgresUrl, redisUrl, command, CampaignOptions.onOff("--verify", verify), injected,
                    mariadbUrl, profiling, servicesOn, pinning, CampaignOptions.onOff("--db-ceiling", dbCeiling)), id,
                    System.out);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) { // only closing the pinning throws checked exceptions
            throw new LabException("Cannot restore the lab's CPUs after the campaign: " + e.getMessage(), e);
        }
        ReportWriter.write(result, dir);
        return dir;
    }

    /** The warm-up in a few words: "adaptive (at most 120 s)" or "30 s". */
    static String warmupText(SteadyState steady, LoadPlan plan) {
        return steady.adaptive() ? "adaptive (at most " + steady.capSeconds() + " s)" : plan.warmupSeconds() + " s";
    }

    /** Tweebyte's {@code small} as before scales were per application; any other application's smallest. */
    static String defaultScale(Application application) {
        var scales = application.data().scales();
        return scales.stream().anyMatch(s -> s.name().equals("small")) ? "small" : scales.getFirst().name();
    }

    /** Parses {@code --target NAME=URL[,URL...]}: one base URL per service, in the application's service order. */
    private Map<String, List<String>> targets(Application application, List<String> launched) {
        Map<String, List<String>> parsed = new LinkedHashMap<>();
        int services = application.services().size();
        for (String target : targets) {
            int eq = target.indexOf('=');
            if (eq <= 0) {
                throw new LabException("--target takes NAME=URL[,URL...], got '" + target + "'");
            }
            String name = target.substring(0, eq).trim();
            if (!name.matches("[A-Za-z0-9_.-]+")) {
                throw new LabException("A target's name is letters, digits, '.', '_' or '-', got '" + name + "'");
            }
            if (launched.contains(name) || parsed.containsKey(name)) {
                throw new LabException("Two variants are called '" + name + "': give the target another name");
            }
            List<String> urls = List.of(target.substring(eq + 1).split(",")).stream().map(String::trim).toList();
            if (urls.size() != services) {
                throw new LabException("--target " + name + " gives " + urls.size() + " URL(s); " + application.id()
                        + " has " + services + " services (" + String.join(", ", application.services().stream()
                        .map(s -> s.id()).toList()) + "): give one base URL for each, in that order");
            }
            for (String url : urls) {
                URI uri;
                try {
                    uri = URI.create(url);
                } catch (IllegalArgumentException e) {
                    throw new LabException("--target " + name + ": '" + url + "' is not a URL");
                }
                if (!"http".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 1
                        || uri.getRawQuery() != null || uri.getRawFragment() != null) {
                    throw new LabException("--target " + name + ": '" + url + "' is not a base URL like"
                            + " http://127.0.0.1:9091 (or, behind a gateway, http://127.0.0.1:8080/user-service)");
                }
            }
            parsed.put(name, urls);
        }
        return parsed;
    }
}
