package io.paradigmlab.lab.stats;

import io.paradigmlab.lab.results.LevelMeasurement;
import java.util.function.ToDoubleFunction;

/**
 * A per-level quantity estimated over repetitions, with how to read it from one {@link LevelMeasurement}.
 *
 * <p>Latency percentiles are read from each repetition's own histogram: the estimate of {@link #LATENCY_P99} is the
 * mean of the per-repetition p99 values, never the p99 of merged runs (percentiles do not average into percentiles
 * of the union, so the report names them "mean of per-run p99").
 */
public enum Metric {
    THROUGHPUT("throughput", "Throughput", "req/s", true, LevelMeasurement::throughput),
    /** Failed requests over requests sent; NaN when nothing was sent. */
    ERROR_RATE("error_rate", "Error rate", "fraction", false,
            m -> m.requests() == 0 ? Double.NaN : (double) m.errors() / m.requests()),
    LATENCY_MEAN("latency_mean", "Latency mean", "us", false, m -> latency(m, LevelMeasurement.Latency::mean)),
    LATENCY_P50("latency_p50", "p50 latency", "us", false, m -> latency(m, LevelMeasurement.Latency::p50)),
    LATENCY_P90("latency_p90", "p90 latency", "us", false, m -> latency(m, LevelMeasurement.Latency::p90)),
    LATENCY_P95("latency_p95", "p95 latency", "us", false, m -> latency(m, LevelMeasurement.Latency::p95)),
    LATENCY_P99("latency_p99", "p99 latency", "us", false, m -> latency(m, LevelMeasurement.Latency::p99)),
    LATENCY_P999("latency_p999", "p99.9 latency", "us", false, m -> latency(m, LevelMeasurement.Latency::p999)),
    LATENCY_MAX("latency_max", "Max latency", "us", false, m -> latency(m, LevelMeasurement.Latency::max)),
    CPU("cpu_percent", "Service CPU", "%", false, m -> resource(m, LevelMeasurement.Resources::cpuPercent)),
    RSS("rss_mb", "Service RSS", "MB", false, m -> resource(m, LevelMeasurement.Resources::rssMb)),
    HEAP("heap_used_mb", "Heap used", "MB", false, m -> resource(m, LevelMeasurement.Resources::heapUsedMb)),
    /** The long-lived heap pool after the last collection (Micrometer's after-GC gauge); NaN where not reported. */
    HEAP_AFTER_GC("heap_after_gc_mb", "Heap after GC", "MB", false,
            m -> resource(m, LevelMeasurement.Resources::heapAfterGcMb)),
    THREADS("threads", "Platform threads", "threads", false, m -> resource(m, LevelMeasurement.Resources::threads)),
    /** Open file descriptors of the service processes ({@code /proc/<pid>/fd}); NaN where they cannot be read. */
    OPEN_FILES("open_files", "Open files", "files", false,
            m -> resource(m, LevelMeasurement.Resources::openFiles)),
    /** Live virtual threads, from services that report them (jvm_threads_virtual_live); NaN elsewhere. */
    VIRTUAL_THREADS("virtual_threads", "Virtual threads", "threads", false,
            m -> resource(m, LevelMeasurement.Resources::virtualThreads)),
    GC_PAUSE("gc_pause_ms_per_s", "GC pause", "ms/s", false,
            m -> resource(m, LevelMeasurement.Resources::gcPauseMsPerSecond)),
    LOADER_CPU("loader_cpu_percent", "Load generator CPU", "%", false, LevelMeasurement::loaderCpuPercent),
    /**
     * The services' CPU time per completed request, in microseconds ({@link LevelMeasurement#cpuMicrosPerRequest()}:
     * {@link #CPU} / 100 &times; 10<sup>6</sup> / {@link #THROUGHPUT}, the CPU in % of one core summed over the
     * variant's service processes); lower is better. NaN when nothing was answered or the CPU was not sampled (an
     * external target). The database's CPU is not included. Last, so the report files keep their column order.
     */
    CPU_PER_REQUEST("cpu_us_per_request", "Service CPU per request", "us", false,
            LevelMeasurement::cpuMicrosPerRequest);

    private final String id;
    private final String label;
    private final String unit;
    private final boolean higherIsBetter;
    private final ToDoubleFunction<LevelMeasurement> reader;

    Metric(String id, String label, String unit, boolean higherIsBetter, ToDoubleFunction<LevelMeasurement> reader) {
        this.id = id;
        this.label = label;
        this.unit = unit;
        this.higherIsBetter = higherIsBetter;
        this.reader = reader;
    }

    /** Stable snake_case name used in CSV and JSON files. */
    public String id() {
        return id;
    }

    public String label() {
        return label;
    }

    /** Unit of the raw value (latencies in microseconds). */
    public String unit() {
        return unit;
    }

    /** Whether a larger value is better (throughput); for every other metric smaller is better. */
    public boolean higherIsBetter() {
        return higherIsBetter;
    }

    /** The value of this metric in one measurement, NaN when that measurement lacks it. */
    public double of(LevelMeasurement m) {
        return reader.applyAsDouble(m);
    }

    /** Whether {@code b} is strictly better than {@code a} for this metric. */
    public boolean better(double b, double a) {
        return higherIsBetter ? b > a : b < a;
    }

    private static double latency(LevelMeasurement m, ToDoubleFunction<LevelMeasurement.Latency> f) {
        return m.latency() == null ? Double.NaN : f.applyAsDouble(m.latency());
    }

    private static double resource(LevelMeasurement m, ToDoubleFunction<LevelMeasurement.Resources> f) {
        return m.service() == null ? Double.NaN : f.applyAsDouble(m.service());
    }
}
