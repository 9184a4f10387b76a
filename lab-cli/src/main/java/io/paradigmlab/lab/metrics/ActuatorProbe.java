package io.paradigmlab.lab.metrics;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

/**
 * Reads JVM-internal numbers (heap in use, heap after GC, live platform threads, GC pause time, live virtual threads
 * and the pools ({@link PoolMetrics}) where the service reports them) from a service's Prometheus endpoint, which
 * every variant exposes through Micrometer in the same way: one small GET per second per service.
 */
public final class ActuatorProbe {

    /**
     * One reading; NaN where the endpoint did not answer. {@code gcPauseSeconds} is cumulative. {@code pools}: the
     * service's executors and schedulers by name ({@link PoolMetrics}), empty when it reports none or did not answer.
     * {@code heapAfterGcMb}: see {@link #AFTER_GC}; NaN when the service does not report it. {@code compilationMs}:
     * see {@link #COMPILATION}, cumulative; NaN when the service does not report it.
     */
    public record Reading(double heapUsedMb, double liveThreads, double gcPauseSeconds, double virtualThreads,
                          Map<String, PoolMetrics.Gauges> pools, double heapAfterGcMb, double compilationMs) {
        static final Reading NONE = new Reading(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Map.of(),
                Double.NaN, Double.NaN);

        /** Without the JIT compiler's time. */
        public Reading(double heapUsedMb, double liveThreads, double gcPauseSeconds, double virtualThreads,
                       Map<String, PoolMetrics.Gauges> pools, double heapAfterGcMb) {
            this(heapUsedMb, liveThreads, gcPauseSeconds, virtualThreads, pools, heapAfterGcMb, Double.NaN);
        }
    }

    /**
     * The JIT compiler's time: Micrometer's {@code JvmCompilationMetrics} (registered by Spring Boot's JVM metrics),
     * the {@code CompilationMXBean}'s total compilation time in milliseconds, a counter. HotSpot sums it over its
     * compiler threads, so it is comparable with the process's CPU time (docs/methodology.md, "Steady state"). A
     * service without it (ChatApp's Vert.x server binds its own, smaller set of JVM metrics) has none: NaN.
     */
    static final String COMPILATION = "jvm_compilation_time_ms_total";

    /**
     * The gauge of live virtual threads a service may expose (the JVM has no such metric; the IT store's MVC variants
     * count JFR's virtual thread start and end events). Absent: NaN.
     */
    static final String VIRTUAL_THREADS = "jvm_threads_virtual_live";

    /**
     * Heap after GC: Micrometer's {@code jvm_memory_usage_after_gc{area="heap",pool="long-lived"}} (registered by
     * Spring Boot's JVM metrics), the share of the long-lived pool's maximum in use right after the last collection
     * that covered it, times that maximum ({@code jvm_memory_max_bytes} of the pool, see {@link #longLived}). With G1
     * that is the old generation after every young or mixed collection: what survived, plus garbage promoted and
     * not yet collected. Micrometer's {@code jvm_gc_live_data_size_bytes} is not used: it changes only on a full
     * collection or when the old generation shrinks, so under G1 it reads 0 until such a collection comes.
     */
    static final String AFTER_GC = "jvm_memory_usage_after_gc";

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

    private ActuatorProbe() {
    }

    public static Reading read(String baseUrl) {
        try {
            HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(baseUrl + "/actuator/prometheus"))
                    .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                return Reading.NONE;
            }
            return parse(response.body());
        } catch (java.io.IOException e) {
            return Reading.NONE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Reading.NONE;
        }
    }

    /** Sums the series of each metric over their labels (heap pools, GC causes). */
    static Reading parse(String exposition) {
        double heap = 0;
        double threads = Double.NaN;
        double gc = 0;
        double virtual = Double.NaN;
        double afterGcShare = Double.NaN;
        double longLivedMax = Double.NaN;
        double compilation = Double.NaN;
        for (PrometheusText.Series s : PrometheusText.parse(exposition)) {
            double value = s.value();
            boolean heapArea = "heap".equals(s.label("area"));
            switch (s.name()) {
                case "jvm_memory_used_bytes" -> heap += heapArea ? value : 0;
                case "jvm_threads_live_threads" -> threads = value;
                case "jvm_gc_pause_seconds_sum" -> gc += value;
                case COMPILATION -> compilation = sum(compilation, value);
                case VIRTUAL_THREADS -> virtual = Double.isNaN(virtual) ? value : virtual + value;
                case AFTER_GC -> afterGcShare = heapArea ? sum(afterGcShare, value) : afterGcShare;
                case "jvm_memory_max_bytes" -> longLivedMax = heapArea && longLived(s.label("id")) && value > 0
                        ? sum(longLivedMax, value) : longLivedMax;
                default -> {
                }
            }
        }
        double afterGc = afterGcShare * longLivedMax / (1024 * 1024);
        return new Reading(heap / (1024 * 1024), threads, gc, virtual, PoolMetrics.parse(exposition),
                Double.isFinite(afterGc) ? afterGc : Double.NaN, compilation);
    }

    /**
     * Whether a heap pool is the long-lived one Micrometer's after-GC gauge refers to: the old or tenured generation
     * of the generational collectors (G1, Parallel, Serial, generational ZGC), or the single heap of a collector
     * without generations (Shenandoah, single-generation ZGC, OpenJ9's heap).
     */
    static boolean longLived(String pool) {
        return pool != null && (pool.endsWith("Old Gen") || pool.endsWith("Tenured Gen")
                || pool.endsWith("Old Generation") || pool.endsWith("balanced-old") || pool.contains("tenured")
                || pool.equals("Shenandoah") || pool.equals("ZHeap") || pool.equals("JavaHeap"));
    }

    private static double sum(double a, double b) {
        return Double.isNaN(a) ? b : a + b;
    }
}
