package io.paradigmlab.lab.campaign;

import io.paradigmlab.lab.api.LaunchedService;

import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.api.Experiment;
import io.paradigmlab.lab.api.ExperimentOutcome;
import io.paradigmlab.lab.api.ExperimentRun;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.data.TemplateDataSets;
import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.launch.AotCache;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.launch.ServiceProcess;
import io.paradigmlab.lab.metrics.MetricsEndpoint;
import io.paradigmlab.lab.metrics.ResourceSampler;
import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.LevelMeasurement.Latency;
import io.paradigmlab.lab.results.LevelMeasurement.Verdict;
import io.paradigmlab.lab.results.StaticMetrics;
import io.paradigmlab.lab.results.Verification;
import io.paradigmlab.lab.verify.StatementStatistics;
import org.HdrHistogram.Histogram;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A campaign of a fixed-work {@link Experiment} (docs/methodology.md, "Fixed-work experiments"): per repetition, every
 * variant back to back (order rotated), and for each user count a freshly launched variant on a fresh copy of the
 * data runs the experiment to completion while its process is sampled. After each run the server's work counters and
 * the SQL statements ({@code pg_stat_statements}) are read; the client's counts must equal the server's, and every
 * variant must have done the same work as the others in the same run, or the run is invalid (FAILED, and the
 * report's verification says why).
 */
final class ExperimentCampaign {

    /** Prefix of a work count in {@link LevelMeasurement#extra()}: {@code work <counter or statement>}. */
    static final String WORK = "work ";
    /** The {@link LevelMeasurement#extra()} of the highest resident set size sampled during the run. */
    static final String PEAK_RSS = "peak RSS (MB)";
    /** How often the peak gauges are read during a run. */
    private static final Duration GAUGE_PERIOD = Duration.ofMillis(500);

    private ExperimentCampaign() {
    }

    static CampaignResult run(RepoLayout repo, CampaignRunner.Request request, Experiment experiment, String id,
                              PrintStream out) {
        CampaignSettings settings = request.settings();
        Application app = request.app();
        ScenarioInfo scenario = app.scenario(settings.scenario());
        if (!settings.targets().isEmpty()) {
            throw new LabException("The " + scenario.id() + " scenario is a fixed-work experiment: it launches the"
                    + " variants itself and cannot measure an external --target");
        }
        settings.variants().forEach(app::variant);
        Set<String> services = app.servicesFor(scenario);
        Path workDir = repo.workDir("campaign-" + id);
        Instant started = Instant.now();
        List<String> order = new ArrayList<>(settings.variants());
        if (settings.noiseVariant() != null) {
            order.add(order.indexOf(settings.noiseVariant()) + 1, CampaignSettings.repeatOf(settings.noiseVariant()));
        }
        Map<String, String> launchSettings = new TreeMap<>(settings.launchSettings());
        launchSettings.putAll(experiment.launchSettings());
        int runs = settings.repetitions() * order.size() * settings.levels().size();
        Duration timeout = Duration.ofSeconds(Math.max(30, settings.durationSeconds()));
        List<LevelMeasurement> measurements = new ArrayList<>();
        List<StaticMetrics> statics = new ArrayList<>();
        out.println("Starting PostgreSQL...");
        try (var remote = request.openServiceHost(out);
             Infrastructure infra = Infrastructure.start(
                new Infrastructure.Options(request.postgresUrl(), request.redisUrl(), workDir.resolve("infra"),
                        request.mariadbUrl()))) {
            var environment = Environment.describe(repo, app, settings.security(), infra, request.pinning());
            remote.record(environment);
            environment.put("AOT cache", AotCache.describe(CampaignRunner.aotOn(request, launchSettings)));
            environment.put("scenario", scenario.id() + ": " + scenario.description()
                    + (scenario.writes() ? " (writes; every run starts from a fresh copy of the data)" : ""));
            environment.put("experiment", "fixed work, run to completion once per user count on a freshly launched"
                    + " variant; limit per run " + timeout.toSeconds() + " s; launch settings "
                    + (launchSettings.isEmpty() ? "none" : launchSettings));
            DataGenerator.Scale scale = app.data().scale(settings.scale());
            out.printf("Data set %s, scale %s (%,d users), seed %d...%n", app.id(), scale.name(), scale.users(),
                    settings.seed());
            TemplateDataSets.DataSet data = TemplateDataSets.prepare(infra.postgres(), app.id(), app.databases(),
                    app.data(), scale, settings.seed(), repo.root().resolve(".lab").resolve("data"),
                    line -> out.println("  " + line));
            environment.put("data", data.describe());
            // a fixed-work experiment runs no scenario file and injects no latency
            PreparedCampaign campaign = new PreparedCampaign(request, infra, Map.of(), scenario, null, services, data,
                    workDir, CampaignRunner.launcher(request, remote));
            Map<String, Map<String, Long>> work = new LinkedHashMap<>();
            int done = 0;
            try (StatementStatistics statements = new StatementStatistics(infra.postgres())) {
                Runs shared = new Runs(campaign, experiment, statements, launchSettings, timeout, out);
                for (int rep = 1; rep <= settings.repetitions(); rep++) {
                    for (int i = 0; i < order.size(); i++) {
                        String label = order.get((i + rep - 1) % order.size());
                        String variant = label.endsWith(CampaignSettings.REPEAT_SUFFIX)
                                ? label.substring(0, label.length() - CampaignSettings.REPEAT_SUFFIX.length()) : label;
                        for (int users : settings.levels()) {
                            done++;
                            out.printf("[%d/%d] repetition %d, %s, %d users...%n", done, runs, rep, label, users);
                            Path runDir = workDir.resolve(label.replace(' ', '-').replace("(", "").replace(")", ""))
                                    .resolve("rep-" + rep).resolve(users + "-users");
                            RunResult result = runOne(shared, variant, label, rep, users, runDir);
                            measurements.add(result.measurement());
                            statics.addAll(result.statics());
                            work.put(key(label, rep, users), result.work());
                            LevelMeasurement m = result.measurement();
                            out.printf("  makespan %.2f s, %,d operations, %,d errors, %.0f ops/s%s%n",
                                    m.extra(LevelMeasurement.MAKESPAN), m.requests(), m.errors(), m.throughput(),
                                    m.verdict() == Verdict.OK ? "" : " -- " + m.verdict() + ": " + m.verdictReason());
                        }
                    }
                }
            }
            Verification verification = equalWork(settings, order, work, scenario);
            List<LevelMeasurement> checked = invalidateUnequal(measurements, verification, order, work, settings);
            environment.put("equal work", verification.passed()
                    ? "passed: every variant ran the same statements and did the same counted work in every run"
                    : "FAILED in " + verification.differences().size() + " place(s): those runs are invalid");
            out.println(verification.passed()
                    ? "Equal-work check passed: same statements and the same counted work in every variant."
                    : "Equal-work check FAILED:\n  " + String.join("\n  ", verification.differences()));
            return new CampaignResult(id, started, Instant.now(), request.command(), environment, settings,
                    List.copyOf(checked), List.copyOf(statics), verification, null);
        }
    }

    /**
     * What every run of an experiment campaign shares: the prepared campaign, the experiment, the statement counts
     * (reset at each run's start), the launch settings with the experiment's own, and each run's time limit.
     */
    private record Runs(PreparedCampaign campaign, Experiment experiment, StatementStatistics statements,
                        Map<String, String> launchSettings, Duration timeout, PrintStream out) {
    }

    private record RunResult(LevelMeasurement measurement, List<StaticMetrics> statics, Map<String, Long> work) {
    }

    private static RunResult runOne(Runs shared, String variant, String label, int rep, int users, Path runDir) {
        CampaignRunner.Request request = shared.campaign().request();
        Experiment experiment = shared.experiment();
        StatementStatistics statements = shared.statements();
        PrintStream out = shared.out();
        try (Deployment deployment = CampaignRunner.launch(shared.campaign(), variant, "_bench", false, false, runDir,
                shared.launchSettings())) {
            Map<String, ServiceProcess> processes = ServiceProcess.ofAll(deployment.processes());
            List<ResourceSampler.Watched> watched = processes.values().stream()
                    .map(ServiceProcess::watched).toList();
            List<StaticMetrics> statics = new ArrayList<>();
            for (var entry : processes.entrySet()) {
                ResourceSampler.Sample one = ResourceSampler.snapshot(List.of(
                        entry.getValue().watched()));
                statics.add(new StaticMetrics(label, entry.getKey(), rep,
                        entry.getValue().startupTime().toMillis() / 1000.0, one.heapUsedMb(), one.rssMb(),
                        size(deployment.jars().get(entry.getKey())), entry.getValue().aot(), null));
            }
            Path dataDir = runDir.resolve("data");
            deployment.sessionData(shared.campaign().data().dataDir(), dataDir);
            // counted from here: the launch's own statements (health checks, pool warm-up) are not the experiment's
            statements.reset();
            Map<String, Double> before = counters(deployment, experiment);
            ExperimentOutcome outcome;
            ResourceSampler sampler = new ResourceSampler(watched);
            PeakGauges peaks = new PeakGauges(deployment, experiment.peakGauges().keySet());
            try (sampler; peaks) {
                sampler.start();
                peaks.start();
                outcome = experiment.run(deployment, new ExperimentRun(shared.campaign().scenario(), users, rep,
                        request.settings().seed(), dataDir, runDir.resolve("load"), shared.timeout(),
                        line -> out.println("  " + line)));
                peaks.sampleNow();
            }
            Map<String, Double> after = counters(deployment, experiment);
            Map<String, Long> work = new TreeMap<>();
            for (String counter : experiment.workCounters()) {
                work.put(counter, Math.round(after.getOrDefault(counter, 0.0) - before.getOrDefault(counter, 0.0)));
            }
            Map<String, Long> sql = statements.read(deployment.databases());
            sql.forEach((statement, calls) -> work.put("sql " + statement, calls));
            List<String> problems = new ArrayList<>(outcome.problems());
            outcome.work().forEach((counter, clientCount) -> {
                Long serverCount = work.get(counter);
                if (!Objects.equals(serverCount, clientCount)) {
                    problems.add(counter + ": the clients counted " + clientCount + ", the server " + serverCount);
                }
            });
            for (var entry : processes.entrySet()) {
                if (!entry.getValue().isAlive()) {
                    problems.add("the " + entry.getKey() + " service died during the run; see "
                            + entry.getValue().log());
                }
            }
            LevelMeasurement m = measure(request.settings(), label, rep, users, outcome, sampler,
                    peaks(sampler, experiment, outcome, peaks.peaks()), work, problems);
            return new RunResult(m, statics, work);
        }
    }

    private static Map<String, Double> counters(Deployment deployment, Experiment experiment) {
        Map<String, Double> sum = new HashMap<>();
        if (experiment.workCounters().isEmpty()) {
            return sum;
        }
        for (LaunchedService process : deployment.processes().values()) {
            try {
                MetricsEndpoint.read(process.baseUrl(), experiment.workCounters())
                        .forEach((k, v) -> sum.merge(k, v, Double::sum));
            } catch (java.io.UncheckedIOException e) {
                throw new LabException("Cannot read the work counters of " + process.name() + ": " + e.getMessage(), e);
            }
        }
        return sum;
    }

    /**
     * The peak RSS and the experiment's peak gauges ({@link PeakGauges}) by their report names; gauges in bytes
     * become MB.
     */
    static Map<String, Double> peaks(ResourceSampler sampler, Experiment experiment, ExperimentOutcome outcome,
                                     Map<String, Double> gauges) {
        Map<String, Double> named = new LinkedHashMap<>();
        double rss = sampler.samples().stream()
                .filter(s -> s.epochMillis() >= outcome.startMillis() - 1000 && s.epochMillis() <= outcome.endMillis() + 1000)
                .mapToDouble(ResourceSampler.Sample::rssMb).filter(v -> !Double.isNaN(v)).max().orElse(Double.NaN);
        named.put(PEAK_RSS, rss);
        experiment.peakGauges().forEach((metric, name) -> {
            Double value = gauges.get(metric);
            boolean bytes = metric.endsWith("_bytes");
            named.put("peak " + name + (bytes ? " (MB)" : ""), value == null ? Double.NaN
                    : bytes ? value / (1024.0 * 1024.0) : value);
        });
        return named;
    }

    private static LevelMeasurement measure(CampaignSettings settings, String label, int rep, int users,
                                            ExperimentOutcome o, ResourceSampler sampler, Map<String, Double> peaks,
                                            Map<String, Long> work, List<String> problems) {
        Histogram h = o.latency();
        Latency latency = h == null || h.getTotalCount() == 0
                ? new Latency(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN)
                : new Latency(h.getMean() / 1000, micros(h, 50), micros(h, 90), micros(h, 95), micros(h, 99),
                micros(h, 99.9), h.getMaxValue() / 1000.0);
        double makespan = o.makespanSeconds();
        double throughput = makespan > 0 ? (o.operations() - o.errors()) / makespan : Double.NaN;
        Map<String, Double> extra = new LinkedHashMap<>();
        extra.put(LevelMeasurement.MAKESPAN, makespan);
        for (var entry : o.histograms().entrySet()) {
            Histogram d = entry.getValue();
            if (d != null && d.getTotalCount() > 0) {
                extra.put(entry.getKey() + " p50 (us)", micros(d, 50));
                extra.put(entry.getKey() + " p99 (us)", micros(d, 99));
                extra.put(entry.getKey() + " max (us)", d.getMaxValue() / 1000.0);
                extra.put(entry.getKey() + " rate (per s)", makespan > 0 ? d.getTotalCount() / makespan : Double.NaN);
            }
        }
        o.values().forEach(extra::put);
        extra.putAll(peaks);
        work.forEach((k, v) -> extra.put(WORK + k, (double) v));
        Verdict verdict = Verdict.OK;
        String reason = "";
        double errorRate = o.operations() == 0 ? 1 : (double) o.errors() / o.operations();
        if (o.operations() == 0) {
            verdict = Verdict.FAILED;
            reason = "no request was sent";
        } else if (!problems.isEmpty()) {
            verdict = Verdict.FAILED;
            reason = String.join("; ", problems.subList(0, Math.min(3, problems.size())))
                    + (problems.size() > 3 ? " (and " + (problems.size() - 3) + " more)" : "");
        } else if (errorRate > settings.errorThreshold()) {
            verdict = Verdict.FAILED;
            reason = String.format("%.2f%% of requests failed (threshold %.2f%%)", errorRate * 100,
                    settings.errorThreshold() * 100);
        }
        return new LevelMeasurement(label, rep, settings.model(), users, makespan, o.operations(),
                o.operations() - o.errors(), o.errors(), 0, throughput, Double.NaN, latency,
                sampler.window(o.startMillis(), Math.max(o.endMillis(), o.startMillis() + 1)), Double.NaN, verdict,
                reason, sampler.pools(o.startMillis(), Math.max(o.endMillis(), o.startMillis() + 1)), extra);
    }

    /**
     * The equal-work check as the report's verification: one row per user count with the first variant's work of the
     * first repetition, and every place where another run differs from it.
     */
    static Verification equalWork(CampaignSettings settings, List<String> order, Map<String, Map<String, Long>> work,
                                  ScenarioInfo scenario) {
        List<Verification.Request> rows = new ArrayList<>();
        List<String> differences = new ArrayList<>();
        String first = order.getFirst();
        for (int users : settings.levels()) {
            Map<String, Long> reference = work.get(key(first, 1, users));
            if (reference == null) {
                continue;
            }
            rows.add(new Verification.Request(scenario.id() + " with " + users + " users", "all", 0, reference));
            for (int rep = 1; rep <= settings.repetitions(); rep++) {
                for (String label : order) {
                    Map<String, Long> other = work.get(key(label, rep, users));
                    if (other == null || (label.equals(first) && rep == 1)) {
                        continue;
                    }
                    String difference = difference(reference, other);
                    if (difference != null) {
                        differences.add(label + ", repetition " + rep + ", " + users + " users: " + difference
                                + " (" + first + " in repetition 1 as the reference)");
                    }
                }
            }
        }
        List<String> notes = List.of("Counted after each run: the server's work counters (read from its metrics"
                + " endpoint before and after) and every SQL statement (pg_stat_statements, reset after the launch)."
                + " The clients' own counts must equal the server's in every run, or the run is FAILED.");
        return new Verification(differences.isEmpty(), rows, differences, notes);
    }

    /** The first entry where {@code other} differs from {@code reference}, or null when they are equal. */
    static String difference(Map<String, Long> reference, Map<String, Long> other) {
        Set<String> keys = new java.util.TreeSet<>(reference.keySet());
        keys.addAll(other.keySet());
        for (String k : keys) {
            long a = reference.getOrDefault(k, 0L);
            long b = other.getOrDefault(k, 0L);
            if (a != b) {
                return "'" + k + "' " + b + " instead of " + a;
            }
        }
        return null;
    }

    /** The runs whose work differed from the reference become FAILED: their numbers compare unequal work. */
    private static List<LevelMeasurement> invalidateUnequal(List<LevelMeasurement> measurements,
                                                            Verification verification, List<String> order,
                                                            Map<String, Map<String, Long>> work,
                                                            CampaignSettings settings) {
        if (verification.passed()) {
            return measurements;
        }
        List<LevelMeasurement> out = new ArrayList<>();
        String first = order.getFirst();
        for (LevelMeasurement m : measurements) {
            Map<String, Long> reference = work.get(key(first, 1, m.level()));
            Map<String, Long> own = work.get(key(m.variant(), m.repetition(), m.level()));
            String difference = reference == null || own == null ? null : difference(reference, own);
            out.add(difference != null && m.verdict() == Verdict.OK
                    ? m.withVerdict(Verdict.FAILED, "unequal work: " + difference) : m);
        }
        return out;
    }

    private static String key(String label, int rep, int users) {
        return label + "|" + rep + "|" + users;
    }

    private static double micros(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / 1000.0;
    }

    private static double size(Path file) {
        try {
            return file == null ? Double.NaN : java.nio.file.Files.size(file) / (1024.0 * 1024.0);
        } catch (java.io.IOException e) {
            return Double.NaN;
        }
    }

    /**
     * Reads the experiment's peak gauges from every service process twice a second, keeping each one's maximum
     * (summed over the processes); what the report lists as the memory breakdown at the run's peak.
     */
    static final class PeakGauges implements AutoCloseable {
        private final Deployment deployment;
        private final Set<String> names;
        private final Map<String, Double> peaks = new ConcurrentHashMap<>();
        private Thread thread;

        PeakGauges(Deployment deployment, Set<String> names) {
            this.deployment = deployment;
            this.names = names;
        }

        void start() {
            if (names.isEmpty()) {
                return;
            }
            thread = Thread.ofPlatform().daemon().name("peak-gauges").start(() -> {
                while (!Thread.currentThread().isInterrupted()) {
                    sampleNow();
                    try {
                        Thread.sleep(GAUGE_PERIOD);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
        }

        void sampleNow() {
            if (names.isEmpty()) {
                return;
            }
            Map<String, Double> sum = new HashMap<>();
            for (LaunchedService process : deployment.processes().values()) {
                try {
                    MetricsEndpoint.read(process.baseUrl(), names).forEach((k, v) -> sum.merge(k, v, Double::sum));
                } catch (java.io.UncheckedIOException e) {
                    return; // a missed sample: the next one counts
                }
            }
            sum.forEach((k, v) -> peaks.merge(k, v, Math::max));
        }

        Map<String, Double> peaks() {
            return Map.copyOf(peaks);
        }

        @Override
        public void close() {
            if (thread != null) {
                thread.interrupt();
            }
        }
    }
}
