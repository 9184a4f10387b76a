package io.paradigmlab.lab.metrics;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Reads JVM-internal numbers (heap in use, live platform threads, GC pause time, live virtual threads and the
 * pools ({@link PoolMetrics}) where the service reports them) from a service's Prometheus endpoint, which every
 * variant exposes through Micrometer in the same way: one small GET per second per service.
 */
public final class ActuatorProbe {

    /**
     * One reading; NaN where the endpoint did not answer. {@code gcPauseSeconds} is cumulative. {@code pools}: the
     * service's executors and schedulers by name ({@link PoolMetrics}), empty when it reports none or did not answer.
     */
    public record Reading(double heapUsedMb, double liveThreads, double gcPauseSeconds, double virtualThreads,
                          java.util.Map<String, PoolMetrics.Gauges> pools) {
        static final Reading NONE = new Reading(Double.NaN, Double.NaN, Double.NaN, Double.NaN, java.util.Map.of());
    }

    /**
     * The gauge of live virtual threads a service may expose (the JVM has no such metric; the IT store's MVC cells
     * count JFR's virtual thread start and end events). Absent: NaN.
     */
    static final String VIRTUAL_THREADS = "jvm_threads_virtual_live";

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
        for (String line : exposition.split("\n")) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            int space = line.lastIndexOf(' ');
            if (space < 0) {
                continue;
            }
            double value;
            try {
                value = Double.parseDouble(line.substring(space + 1));
            } catch (NumberFormatException e) {
                continue;
            }
            if (line.startsWith("jvm_memory_used_bytes{") && line.contains("area=\"heap\"")) {
                heap += value;
            } else if (line.startsWith("jvm_threads_live_threads")) {
                threads = value;
            } else if (line.startsWith("jvm_gc_pause_seconds_sum")) {
                gc += value;
            } else if (line.startsWith(VIRTUAL_THREADS + " ") || line.startsWith(VIRTUAL_THREADS + "{")) {
                virtual = Double.isNaN(virtual) ? value : virtual + value;
            }
        }
        return new Reading(heap / (1024 * 1024), threads, gc, virtual, PoolMetrics.parse(exposition));
    }
}
