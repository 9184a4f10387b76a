package io.paradigmlab.lab.campaign;

import io.paradigmlab.lab.data.SyntheticUsers;
import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.infra.LabException;
import io.paradigmlab.lab.launch.RepoLayout;
import io.paradigmlab.lab.launch.ServiceProcess;
import io.paradigmlab.lab.launch.TweebyteDeployment;
import io.paradigmlab.lab.launch.Variant;
import io.paradigmlab.lab.load.HyperfoilDriver;
import io.paradigmlab.lab.load.LoadPlan;
import io.paradigmlab.lab.load.PhaseOutcome;
import io.paradigmlab.lab.metrics.ResourceSampler;
import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.LevelMeasurement.Latency;
import io.paradigmlab.lab.results.LevelMeasurement.Verdict;
import io.paradigmlab.lab.results.StaticMetrics;
import io.paradigmlab.tweebyte.security.KeyMaterial;
import io.paradigmlab.tweebyte.security.TokenIssuer;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.HdrHistogram.Histogram;

/**
 * Runs a campaign: for each repetition, each variant on fresh service JVMs and a freshly seeded database, a
 * warm-up and then the measured levels, while the resources of the service processes are sampled every second.
 * The order of the variants rotates with each repetition, so no variant always runs first on a cold machine.
 */
public final class CampaignRunner {

    /** Most distinct ids the load tool picks from: enough to defeat caches, small enough to keep in its memory. */
    static final int MAX_TARGET_IDS = 10_000;
    /** The load generator is saturated above this much CPU (100 = one core): its numbers measure itself. */
    static final double LOADER_CPU_LIMIT = 90.0 * HyperfoilDriver.THREADS;
    /** In the open model, an achieved rate below this share of the offered rate means the level saturated. */
    static final double MIN_ACHIEVED_SHARE = 0.95;

    /**
     * @param postgresUrl external PostgreSQL or null for embedded; likewise redisUrl
     * @param command     the command line that re-runs this campaign, for the report
     */
    public record Request(CampaignSettings settings, LoadPlan plan, String postgresUrl, String redisUrl, String command) {
    }

    private CampaignRunner() {
    }

    public static CampaignResult run(RepoLayout repo, Request request, String id, PrintStream out) {
        CampaignSettings settings = request.settings();
        List<Variant> variants = settings.variants().stream().map(Variant::parse).toList();
        variants.forEach(v -> repo.serviceJar(v, "user"));
        Path workDir = repo.workDir("campaign-" + id);
        Instant started = Instant.now();
        Progress progress = new Progress(out, settings.repetitions() * variants.size(), request.plan());
        List<LevelMeasurement> measurements = new ArrayList<>();
        List<StaticMetrics> statics = new ArrayList<>();
        out.println("Starting PostgreSQL and Redis...");
        try (Infrastructure infra = Infrastructure.start(
                new Infrastructure.Options(request.postgresUrl(), request.redisUrl(), workDir.resolve("infra")))) {
            var environment = Environment.describe(repo, settings.security(), infra);
            for (int rep = 1; rep <= settings.repetitions(); rep++) {
                for (int i = 0; i < variants.size(); i++) {
                    Variant variant = variants.get((i + rep - 1) % variants.size());
                    progress.beginRun(rep, settings.repetitions(), variant);
                    runOne(repo, infra, request, variant, rep, workDir, progress, measurements, statics);
                }
            }
            progress.done();
            return new CampaignResult(id, started, Instant.now(), request.command(), environment, settings,
                    List.copyOf(measurements), List.copyOf(statics));
        }
    }

    private static void runOne(RepoLayout repo, Infrastructure infra, Request request, Variant variant, int rep,
                               Path workDir, Progress progress, List<LevelMeasurement> measurements,
                               List<StaticMetrics> statics) {
        CampaignSettings settings = request.settings();
        AtomicReference<List<UUID>> ids = new AtomicReference<>();
        TweebyteDeployment.Options options = new TweebyteDeployment.Options(variant, "_bench", 0, settings.security(),
                false, TweebyteDeployment.DEFAULT_JVM_ARGS, workDir.resolve(variant.id()));
        try (TweebyteDeployment deployment = TweebyteDeployment.start(repo, infra, options,
                database -> ids.set(SyntheticUsers.load(infra.postgres(), database, settings.users(), settings.seed())))) {
            ServiceProcess user = deployment.services().getFirst();
            List<ResourceSampler.Watched> watched = deployment.services().stream()
                    .map(s -> new ResourceSampler.Watched(s.pid(), s.baseUrl())).toList();
            ResourceSampler.Sample idle = ResourceSampler.snapshot(watched);
            statics.add(new StaticMetrics(variant.id(), "user", rep, user.startupTime().toMillis() / 1000.0,
                    idle.heapUsedMb(), idle.rssMb(), size(deployment.userJar())));

            String token = settings.security() ? serviceToken(options, ids.get().getFirst()) : null;
            URIParts uri = URIParts.of(user.baseUrl());
            HyperfoilDriver.Target target = new HyperfoilDriver.Target(uri.host(), uri.port(), "/users/summary/",
                    sample(ids.get()), token, "\"user_name\"");
            List<PhaseOutcome> outcomes;
            try (ResourceSampler sampler = new ResourceSampler(watched)) {
                sampler.start();
                outcomes = HyperfoilDriver.run(target, request.plan(), progress::phase);
                for (PhaseOutcome outcome : outcomes) {
                    measurements.add(measure(variant, rep, request.plan(), settings, outcome,
                            sampler.window(outcome.startMillis(), outcome.endMillis()),
                            sampler.loaderCpu(outcome.startMillis(), outcome.endMillis())));
                }
            }
            if (!user.isAlive()) {
                throw new LabException(variant.id() + " user service died during the load; see " + user.log());
            }
        }
    }

    static LevelMeasurement measure(Variant variant, int rep, LoadPlan plan, CampaignSettings settings,
                                    PhaseOutcome o, LevelMeasurement.Resources resources, double loaderCpu) {
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
        return new LevelMeasurement(variant.id(), rep, plan.model().id(), o.level(), o.seconds(), o.requests(),
                o.responses(), o.errors(), o.timeouts(), throughput, offered, latency, resources, loaderCpu, verdict,
                reason);
    }

    private static double micros(Histogram h, double percentile) {
        return h.getValueAtPercentile(percentile) / 1000.0;
    }

    private static List<String> sample(List<UUID> ids) {
        int step = Math.max(1, ids.size() / MAX_TARGET_IDS);
        List<String> chosen = new ArrayList<>();
        for (int i = 0; i < ids.size() && chosen.size() < MAX_TARGET_IDS; i += step) {
            chosen.add(ids.get(i).toString());
        }
        return chosen;
    }

    /** With security on, the load sends one valid token, signed with this deployment's key, as a logged-in client. */
    private static String serviceToken(TweebyteDeployment.Options options, UUID user) {
        var key = KeyMaterial.readPrivate(options.workDir().resolve("keys").resolve("token-private.pem"));
        return new TokenIssuer(key, Clock.systemUTC(), Duration.ofDays(1)).issue(user, "bench@example.org");
    }

    private static double size(Path file) {
        try {
            return Files.size(file) / (1024.0 * 1024.0);
        } catch (IOException e) {
            return Double.NaN;
        }
    }

    private record URIParts(String host, int port) {
        static URIParts of(String url) {
            var uri = java.net.URI.create(url);
            return new URIParts(uri.getHost(), uri.getPort());
        }
    }
}
