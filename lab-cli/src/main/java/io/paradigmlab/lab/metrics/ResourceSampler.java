package io.paradigmlab.lab.metrics;

import io.paradigmlab.lab.results.LevelMeasurement.Pool;
import io.paradigmlab.lab.results.LevelMeasurement.Resources;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Samples every second, for every service process of a variant: CPU %, RSS, open file descriptors, heap in use, heap
 * after GC, live threads, GC pause time, JIT compilation time and the pools ({@link PoolMetrics}); and the lab's own
 * CPU, since the load generator runs in it. A window's {@link Resources} is then the mean of the samples inside it
 * (and the lowest heap in use among them, and the JIT's share of the CPU time), its {@link Pool}s
 * {@link #pools(long, long)}.
 */
public final class ResourceSampler implements AutoCloseable {

    /**
     * A service to watch: its process (read through {@code process}: this machine's /proc, or a remote probe for a
     * JVM on another host) and its base URL.
     */
    public record Watched(long pid, String baseUrl, Supplier<ProcessProbe.Reading> process) {

        /** A local process, read from this machine's /proc. */
        public Watched(long pid, String baseUrl) {
            this(pid, baseUrl, () -> ProcessProbe.read(pid));
        }
    }

    /**
     * The sum over services at one instant; CPU as a rate over the last second, 100 = one core. {@code pools}: the
     * services' pools by name, each summed over the services reporting it (empty when none answered with any).
     * {@code heapAfterGcMb} ({@link ActuatorProbe#AFTER_GC}) and {@code openFiles} are NaN unless every service
     * reported them; so is {@code jitMsPerSecond}, the milliseconds of JIT compilation per second of wall time
     * ({@link ActuatorProbe#COMPILATION}, the counter's difference since the previous sample), also NaN for the first
     * sample and when a counter went down (a restarted process).
     */
    public record Sample(long epochMillis, double cpuPercent, double rssMb, double heapUsedMb, double threads,
                        double gcPauseMsPerSecond, double loaderCpuPercent, double virtualThreads,
                        Map<String, PoolMetrics.Gauges> pools, double heapAfterGcMb, double openFiles,
                        double jitMsPerSecond) {

        /** Without the JIT's compilation time. */
        public Sample(long epochMillis, double cpuPercent, double rssMb, double heapUsedMb, double threads,
                      double gcPauseMsPerSecond, double loaderCpuPercent, double virtualThreads,
                      Map<String, PoolMetrics.Gauges> pools, double heapAfterGcMb, double openFiles) {
            this(epochMillis, cpuPercent, rssMb, heapUsedMb, threads, gcPauseMsPerSecond, loaderCpuPercent,
                    virtualThreads, pools, heapAfterGcMb, openFiles, Double.NaN);
        }

        /** Without heap after GC or open files. */
        public Sample(long epochMillis, double cpuPercent, double rssMb, double heapUsedMb, double threads,
                      double gcPauseMsPerSecond, double loaderCpuPercent, double virtualThreads,
                      Map<String, PoolMetrics.Gauges> pools) {
            this(epochMillis, cpuPercent, rssMb, heapUsedMb, threads, gcPauseMsPerSecond, loaderCpuPercent,
                    virtualThreads, pools, Double.NaN, Double.NaN);
        }
    }

    private final List<Watched> services;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("resource-sampler").daemon(true).factory());
    private final List<Sample> samples = new ArrayList<>();
    private double[] lastCpu;
    private double lastGc = Double.NaN;
    private double lastCompilation = Double.NaN;
    private double lastLoaderCpu = Double.NaN;
    private long lastMillis;

    public ResourceSampler(List<Watched> services) {
        this.services = List.copyOf(services);
    }

    public void start() {
        takeSample();
        timer.scheduleAtFixedRate(this::takeSample, 1, 1, TimeUnit.SECONDS);
    }

    private synchronized void takeSample() {
        long now = System.currentTimeMillis();
        double elapsed = lastMillis == 0 ? Double.NaN : (now - lastMillis) / 1000.0;
        double cpu = 0;
        double rss = 0;
        double heap = 0;
        double threads = 0;
        double gc = 0;
        // NaN as soon as one service does not report it: a variant's share must cover all its processes
        double compilation = 0;
        double virtual = Double.NaN;
        double afterGc = 0;
        double openFiles = 0;
        double[] cpuNow = new double[services.size()];
        List<Map<String, PoolMetrics.Gauges>> pools = new ArrayList<>();
        for (int i = 0; i < services.size(); i++) {
            Watched service = services.get(i);
            ProcessProbe.Reading process = service.process().get();
            ActuatorProbe.Reading jvm = ActuatorProbe.read(service.baseUrl());
            cpuNow[i] = process.cpuSeconds();
            cpu += lastCpu == null ? Double.NaN : (cpuNow[i] - lastCpu[i]) / elapsed * 100;
            rss += process.rssMb();
            heap += jvm.heapUsedMb();
            afterGc += jvm.heapAfterGcMb();
            openFiles += process.openFiles();
            threads += jvm.liveThreads();
            gc += jvm.gcPauseSeconds();
            compilation += jvm.compilationMs();
            pools.add(jvm.pools());
            if (!Double.isNaN(jvm.virtualThreads())) {
                virtual = Double.isNaN(virtual) ? jvm.virtualThreads() : virtual + jvm.virtualThreads();
            }
        }
        double loaderCpu = ProcessProbe.read(ProcessHandle.current().pid()).cpuSeconds();
        double jit = compilation >= lastCompilation ? (compilation - lastCompilation) / elapsed : Double.NaN;
        samples.add(new Sample(now, cpu, rss, heap, threads, (gc - lastGc) * 1000 / elapsed,
                (loaderCpu - lastLoaderCpu) / elapsed * 100, virtual, PoolMetrics.sum(pools), afterGc, openFiles,
                jit));
        lastCpu = cpuNow;
        lastGc = gc;
        lastCompilation = compilation;
        lastLoaderCpu = loaderCpu;
        lastMillis = now;
    }

    /** One sample, now: the state right after start-up, before any load. */
    public static Sample snapshot(List<Watched> services) {
        double rss = 0;
        double heap = 0;
        for (Watched service : services) {
            rss += service.process().get().rssMb();
            heap += ActuatorProbe.read(service.baseUrl()).heapUsedMb();
        }
        return new Sample(System.currentTimeMillis(), Double.NaN, rss, heap, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Map.of());
    }

    /**
     * Means over the samples taken inside [from, to] (epoch ms), the lowest heap in use among them and the JIT's
     * share of the CPU time ({@link #jitShare}); the first sample after {@code from} covers the second before it, so
     * it is skipped when it would reach back before the window.
     */
    public synchronized Resources window(long from, long to) {
        return window(samples, from, to);
    }

    /** {@link #window(long, long)} over given samples. */
    static Resources window(List<Sample> samples, long from, long to) {
        List<Sample> inside = samples.stream().filter(s -> s.epochMillis() >= from + 1000 && s.epochMillis() <= to).toList();
        return new Resources(mean(inside, Sample::cpuPercent), mean(inside, Sample::rssMb),
                mean(inside, Sample::heapUsedMb), mean(inside, Sample::threads), mean(inside, Sample::virtualThreads),
                mean(inside, Sample::gcPauseMsPerSecond), mean(inside, Sample::heapAfterGcMb),
                inside.stream().mapToDouble(Sample::heapUsedMb).filter(v -> !Double.isNaN(v)).min()
                        .orElse(Double.NaN),
                mean(inside, Sample::openFiles), mean(inside, Sample::jitMsPerSecond), jitShare(inside));
    }

    /**
     * The JIT compiler's share of the services' CPU time over the samples: their compilation milliseconds summed,
     * over their CPU milliseconds summed ({@code cpuPercent / 100 * 1000} per one-second sample), both over the
     * samples that have both. NaN when none has both (a service without the compilation counter) or no CPU was used.
     */
    static double jitShare(List<Sample> samples) {
        double jit = 0;
        double cpu = 0;
        boolean any = false;
        for (Sample s : samples) {
            if (Double.isFinite(s.jitMsPerSecond()) && Double.isFinite(s.cpuPercent())) {
                jit += s.jitMsPerSecond();
                cpu += s.cpuPercent() / 100 * 1000;
                any = true;
            }
        }
        return any && cpu > 0 ? jit / cpu : Double.NaN;
    }

    public synchronized double loaderCpu(long from, long to) {
        return mean(samples.stream().filter(s -> s.epochMillis() >= from + 1000 && s.epochMillis() <= to).toList(),
                Sample::loaderCpuPercent);
    }

    /**
     * The pools in [from, to] (epoch ms), by name: gauges as means over the samples inside the window (as
     * {@link #window}), counters as the difference between the last sample inside it and the last sample at or
     * before its start (so the count covers the window to within one sampling interval), rates per second of that
     * span. See {@link #pools(List, long, long)}.
     */
    public synchronized List<Pool> pools(long from, long to) {
        return pools(samples, from, to);
    }

    /**
     * {@link #pools(long, long)} over given samples (in time order). A pool's utilization is its mean active threads
     * over its mean maximum. A counter that went down (a restarted process) gives NaN; one first reported inside the
     * window (registered on first use) counts from zero.
     */
    static List<Pool> pools(List<Sample> samples, long from, long to) {
        List<Sample> inside = samples.stream().filter(s -> s.epochMillis() >= from + 1000 && s.epochMillis() <= to)
                .toList();
        if (inside.isEmpty()) {
            return List.of();
        }
        Sample before = null;
        for (Sample s : samples) {
            if (s.epochMillis() <= from && !s.pools().isEmpty()) {
                before = s;
            }
        }
        Sample last = inside.getLast();
        Set<String> names = new TreeSet<>();
        inside.forEach(s -> names.addAll(s.pools().keySet()));
        List<Pool> pools = new ArrayList<>();
        for (String name : names) {
            double active = poolMean(inside, name, PoolMetrics.Gauges::active);
            double max = poolMean(inside, name, PoolMetrics.Gauges::max);
            double seconds = before == null ? Double.NaN : (last.epochMillis() - before.epochMillis()) / 1000.0;
            PoolMetrics.Gauges start = before == null ? null : before.pools().get(name);
            PoolMetrics.Gauges end = last.pools().get(name);
            // without a sample before the window, a counter's value is its total since start: no delta then
            boolean counted = before != null;
            double completed = counted ? delta(start, end, PoolMetrics.Gauges::completed) : Double.NaN;
            double started = counted ? delta(start, end, PoolMetrics.Gauges::started) : Double.NaN;
            pools.add(new Pool(name, active, max, poolMean(inside, name, PoolMetrics.Gauges::size),
                    poolMean(inside, name, PoolMetrics.Gauges::queued),
                    poolMean(inside, name, PoolMetrics.Gauges::queueRemaining),
                    max > 0 ? active / max : Double.NaN, completed / seconds,
                    counted ? delta(start, end, PoolMetrics.Gauges::rejected) : Double.NaN, started / seconds,
                    counted ? delta(start, end, PoolMetrics.Gauges::pinned) : Double.NaN));
        }
        return pools;
    }

    private static double poolMean(List<Sample> samples, String name,
                                   java.util.function.ToDoubleFunction<PoolMetrics.Gauges> field) {
        return samples.stream().map(s -> s.pools().get(name)).filter(java.util.Objects::nonNull).mapToDouble(field)
                .filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
    }

    /** end - start of a counter; NaN without an end value or when it went down (a restarted process). */
    private static double delta(PoolMetrics.Gauges start, PoolMetrics.Gauges end,
                                java.util.function.ToDoubleFunction<PoolMetrics.Gauges> counter) {
        double to = end == null ? Double.NaN : counter.applyAsDouble(end);
        if (Double.isNaN(to)) {
            return Double.NaN;
        }
        double from = start == null || Double.isNaN(counter.applyAsDouble(start)) ? 0 : counter.applyAsDouble(start);
        return to >= from ? to - from : Double.NaN;
    }

    public synchronized List<Sample> samples() {
        return List.copyOf(samples);
    }

    private static double mean(List<Sample> samples, java.util.function.ToDoubleFunction<Sample> metric) {
        return samples.stream().mapToDouble(metric).filter(v -> !Double.isNaN(v)).average().orElse(Double.NaN);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
