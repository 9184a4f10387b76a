package io.paradigmlab.lab.stats;

import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.SoakSlice;
import java.util.function.ToDoubleFunction;

/**
 * A number the soak analysis follows over a soak's slices ({@link SoakAnalysis}), in the unit it is shown in, and
 * how to read it from one slice. The service resources are the variant's totals over its service processes.
 */
public enum SoakQuantity {
    RSS("rss_mb", "RSS", "MB", resource(LevelMeasurement.Resources::rssMb)),
    /**
     * The heap after GC of the services (Micrometer's after-GC gauge); for a run whose services do not report it,
     * the lowest heap in use among each slice's samples ({@link SoakAnalysis.Run#heapFloor()}).
     */
    HEAP_AFTER_GC("heap_after_gc_mb", "Heap after GC", "MB", resource(LevelMeasurement.Resources::heapAfterGcMb)),
    THREADS("threads", "Live threads", "threads", resource(LevelMeasurement.Resources::threads)),
    OPEN_FILES("open_files", "Open files", "files", resource(LevelMeasurement.Resources::openFiles)),
    LATENCY_P99("latency_p99_ms", "p99 latency", "ms", latencyMs(LevelMeasurement.Latency::p99)),
    LATENCY_P50("latency_p50_ms", "p50 latency", "ms", latencyMs(LevelMeasurement.Latency::p50)),
    THROUGHPUT("throughput", "Throughput", "req/s", LevelMeasurement::throughput);

    private final String id;
    private final String label;
    private final String unit;
    private final ToDoubleFunction<LevelMeasurement> reader;

    SoakQuantity(String id, String label, String unit, ToDoubleFunction<LevelMeasurement> reader) {
        this.id = id;
        this.label = label;
        this.unit = unit;
        this.reader = reader;
    }

    /** Stable snake_case name used in CSV and JSON files. */
    public String id() {
        return id;
    }

    public String label() {
        return label;
    }

    /** The unit of its values; a slope is in this unit per hour. */
    public String unit() {
        return unit;
    }

    /** The slice's value, NaN where it has none (an external target's resources, a slice without an answer). */
    public double of(SoakSlice slice) {
        return reader.applyAsDouble(slice.measurement());
    }

    /**
     * The slice's value, where {@code heapFloor} (a run whose services report no heap after GC) the lowest heap in
     * use among the slice's samples stands for {@link #HEAP_AFTER_GC}.
     */
    public double of(SoakSlice slice, boolean heapFloor) {
        return this == HEAP_AFTER_GC && heapFloor ? resource(LevelMeasurement.Resources::heapFloorMb)
                .applyAsDouble(slice.measurement()) : of(slice);
    }

    private static ToDoubleFunction<LevelMeasurement> resource(ToDoubleFunction<LevelMeasurement.Resources> f) {
        return m -> m.service() == null ? Double.NaN : f.applyAsDouble(m.service());
    }

    private static ToDoubleFunction<LevelMeasurement> latencyMs(ToDoubleFunction<LevelMeasurement.Latency> f) {
        return m -> m.latency() == null ? Double.NaN : f.applyAsDouble(m.latency()) / 1000;
    }
}
