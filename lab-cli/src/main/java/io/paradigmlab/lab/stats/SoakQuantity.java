package io.paradigmlab.lab.stats;

import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.SoakSlice;
import java.util.function.ToDoubleFunction;

/**
 * A number the soak analysis follows over a soak's slices ({@link SoakAnalysis}), in the unit it is shown in, and
 * how to read it from one slice. The service resources are the variant's totals over its service processes.
 */
public enum SoakQuantity {
    RSS("rss_mb", "RSS", "MB", m -> m.service().rssMb()),
    /**
     * The heap after GC of the services (Micrometer's after-GC gauge); for a run whose services do not report it,
     * the lowest heap in use among each slice's samples ({@link SoakAnalysis.Run#heapFloor()}).
     */
    HEAP_AFTER_GC("heap_after_gc_mb", "Heap after GC", "MB", m -> m.service().heapAfterGcMb()),
    THREADS("threads", "Live threads", "threads", m -> m.service().threads()),
    OPEN_FILES("open_files", "Open files", "files", m -> m.service().openFiles()),
    LATENCY_P99("latency_p99_ms", "p99 latency", "ms", m -> m.latency().p99() / 1000),
    LATENCY_P50("latency_p50_ms", "p50 latency", "ms", m -> m.latency().p50() / 1000),
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
        LevelMeasurement m = slice.measurement();
        if ((m.service() == null && this != LATENCY_P99 && this != LATENCY_P50 && this != THROUGHPUT)
                || (m.latency() == null && (this == LATENCY_P99 || this == LATENCY_P50))) {
            return Double.NaN;
        }
        return reader.applyAsDouble(m);
    }

    /** The heap floor of a slice: the lowest heap in use among its samples (the fallback of heap after GC). */
    static double heapFloor(SoakSlice slice) {
        return slice.measurement().service() == null ? Double.NaN : slice.measurement().service().heapFloorMb();
    }
}
