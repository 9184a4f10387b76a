package io.paradigmlab.lab.load;

import io.hyperfoil.api.config.Benchmark;
import io.hyperfoil.api.config.BenchmarkBuilder;
import io.hyperfoil.api.config.PhaseBuilder;
import io.hyperfoil.api.config.ScenarioBuilder;
import io.hyperfoil.api.session.PhaseInstance;
import io.hyperfoil.api.statistics.StatisticsSnapshot;
import io.hyperfoil.core.builders.StepCatalog;
import io.hyperfoil.core.handlers.SearchValidator;
import io.hyperfoil.core.impl.LocalSimulationRunner;
import io.hyperfoil.core.impl.statistics.StatisticsCollector;
import io.hyperfoil.http.api.HttpMethod;
import io.hyperfoil.http.config.HttpPluginBuilder;
import io.hyperfoil.http.config.Protocol;
import io.hyperfoil.http.handlers.RangeStatusValidator;
import io.hyperfoil.http.statistics.HttpStats;
import io.hyperfoil.http.steps.HttpStepCatalog;
import io.paradigmlab.lab.infra.LabException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Drives a load plan with Hyperfoil, embedded: coordinated-omission-aware timing, one HdrHistogram per phase, the
 * open and the closed model. Every response is checked as the load runs (status 200 and the expected JSON field),
 * and a failed check counts as an error.
 */
public final class HyperfoilDriver {

    /** What one request looks like: a GET of {@code pathPrefix + id}, checked for {@code expectedBodyText}. */
    public record Target(String host, int port, String pathPrefix, List<String> ids, String bearerToken,
                         String expectedBodyText) {
    }

    /** Called when a phase starts: its name ("warmup" or "level-<n>") and its level. */
    public interface Progress {
        void phaseStarted(String phase, int level);
    }

    private static final String WARMUP = "warmup";
    /** Load generator threads (Netty event loops). One keeps the generator's CPU bounded on a 2-core machine. */
    public static final int THREADS = 1;

    /**
     * Most concurrent sessions of the open model: past this many requests in flight the system is saturated
     * anyway, and the level says so.
     */
    public static final int MAX_OPEN_SESSIONS = 10_000;
    /**
     * Most connections the tool opens: beyond a thousand, sessions share connections (and wait for one, which the
     * open model shows as latency, as a real client pool would) rather than exhaust file descriptors.
     */
    public static final int MAX_CONNECTIONS = 1_000;

    private HyperfoilDriver() {
    }

    /** Runs the plan; returns one outcome per level, in order. Blocks for about {@link LoadPlan#totalSeconds()}. */
    public static List<PhaseOutcome> run(Target target, LoadPlan plan, Progress progress) {
        requireListening(target);
        int peak = plan.levels().getLast();
        int maxSessions = plan.model() == LoadPlan.Model.CLOSED ? peak
                // enough sessions for the offered rate at twice the timeout, so only a real stall exhausts them
                : Math.min(MAX_OPEN_SESSIONS, Math.max(16, (int) Math.ceil(peak * plan.timeoutMillis() * 2 / 1000.0)));
        int connections = Math.min(maxSessions, MAX_CONNECTIONS);
        BenchmarkBuilder benchmark = BenchmarkBuilder.builder().name("paradigm-lab").threads(THREADS);
        HttpPluginBuilder http = benchmark.addPlugin(HttpPluginBuilder::new);
        http.http().protocol(Protocol.HTTP).host(target.host()).port(target.port()).allowHttp2(false)
                // one connection per session up to the cap: below it a request never queues inside the load tool
                .sharedConnections(connections).requestTimeout(plan.timeoutMillis());
        http.ergonomics().stopOnInvalid(false);

        String previous = null;
        if (plan.warmupSeconds() > 0) {
            scenario(phase(benchmark, WARMUP, plan, plan.levels().getFirst(), plan.warmupSeconds(), maxSessions)
                    .isWarmup(true).scenario(), target);
            previous = WARMUP;
        }
        for (int level : plan.levels()) {
            PhaseBuilder<?> phase = phase(benchmark, phaseName(level), plan, level, plan.durationSeconds(), maxSessions);
            if (previous != null) {
                phase.startAfterStrict(previous);
            }
            scenario(phase.scenario(), target);
            previous = phaseName(level);
        }
        Benchmark built = benchmark.build();

        Map<String, StatisticsSnapshot> totals = new ConcurrentHashMap<>();
        Map<String, long[]> windows = new ConcurrentHashMap<>();
        Map<String, Boolean> limitExceeded = new ConcurrentHashMap<>();
        StatisticsCollector.StatisticsConsumer statistics = (phase, stepId, metric, snapshot, countDown) -> {
            // called per 1-s bucket when a phase ends; the snapshot is reused afterwards, so copy it
            synchronized (totals) {
                totals.computeIfAbsent(phase.name(), k -> new StatisticsSnapshot()).add(snapshot);
            }
        };
        LocalSimulationRunner runner = new LocalSimulationRunner(built, statistics, null, null);
        runner.setControllerListener((phase, status, sessionLimitExceeded, error, globalData) -> {
            long[] window = windows.computeIfAbsent(phase.name(), k -> new long[2]);
            if (status == PhaseInstance.Status.RUNNING) {
                window[0] = System.currentTimeMillis();
                progress.phaseStarted(phase.name(), levelOf(phase.name(), plan));
            } else if (status == PhaseInstance.Status.FINISHED) {
                window[1] = System.currentTimeMillis();
            }
            limitExceeded.merge(phase.name(), sessionLimitExceeded, Boolean::logicalOr);
            return CompletableFuture.completedFuture(null);
        });
        runner.run();

        List<PhaseOutcome> outcomes = new ArrayList<>();
        for (int level : plan.levels()) {
            String name = phaseName(level);
            StatisticsSnapshot s = totals.getOrDefault(name, new StatisticsSnapshot());
            long[] window = windows.getOrDefault(name, new long[2]);
            HttpStats httpStats = HttpStats.get(s);
            outcomes.add(new PhaseOutcome(level, s.requestCount, s.responseCount, httpStats.status_2xx, s.invalid,
                    s.connectionErrors, s.requestTimeouts, s.histogram.copy(), window[0], window[1],
                    limitExceeded.getOrDefault(name, false)));
        }
        return outcomes;
    }

    private static PhaseBuilder<?> phase(BenchmarkBuilder benchmark, String name, LoadPlan plan, int level, int seconds,
                                         int maxSessions) {
        long millis = seconds * 1000L;
        // maxDuration bounds a phase even if the target stops answering (Hyperfoil would otherwise wait forever)
        long limit = millis + 2L * plan.timeoutMillis() + 5_000;
        return switch (plan.model()) {
            case CLOSED -> benchmark.addPhase(name).always(level).duration(millis).maxDuration(limit);
            case OPEN -> benchmark.addPhase(name).constantRate(level).maxSessions(maxSessions).duration(millis)
                    .maxDuration(limit);
        };
    }

    private static void scenario(ScenarioBuilder scenario, Target target) {
        var sequence = scenario.initialSequence("request");
        var ids = sequence.step(StepCatalog.SC).randomItem().toVar("id").list();
        target.ids().forEach(id -> ids.add(id, 1.0));
        var request = sequence.step(HttpStepCatalog.SC).httpRequest(HttpMethod.GET)
                .path().pattern(target.pathPrefix() + "${id}").end()
                .metric("request");
        if (target.bearerToken() != null) {
            request.headers().header("Authorization", "Bearer " + target.bearerToken()).endHeaders();
        }
        request.handler()
                .autoRangeCheck(false)
                .status(new RangeStatusValidator.Builder().min(200).max(200))
                .body(fragmented -> new SearchValidator(target.expectedBodyText(), matches -> matches > 0))
                .endHandler();
    }

    private static String phaseName(int level) {
        return "level-" + level;
    }

    private static int levelOf(String phase, LoadPlan plan) {
        return phase.equals(WARMUP) ? plan.levels().getFirst() : Integer.parseInt(phase.substring("level-".length()));
    }

    /** Hyperfoil never returns when the target refuses connections, so check first. */
    private static void requireListening(Target target) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(target.host(), target.port()), 2000);
        } catch (java.io.IOException e) {
            throw new LabException("Nothing listens on " + target.host() + ":" + target.port() + "; cannot drive load");
        }
    }
}
