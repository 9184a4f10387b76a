package io.paradigmlab.lab.stats;

import io.paradigmlab.lab.results.LevelMeasurement.Pool;
import java.util.function.ToDoubleFunction;

/**
 * A quantity of one pool (executor or scheduler) at one level, estimated over repetitions like a {@link Metric}
 * (docs/methodology.md, "Pools").
 */
public enum PoolMetric {
    ACTIVE("active_threads", "Active threads", "threads", Pool::activeThreads),
    MAX("max_threads", "Max threads", "threads", Pool::maxThreads),
    SIZE("pool_threads", "Pool threads", "threads", Pool::poolThreads),
    QUEUED("queued_tasks", "Queued tasks", "tasks", Pool::queuedTasks),
    QUEUE_REMAINING("queue_remaining", "Queue remaining", "tasks", Pool::queueRemaining),
    /** Mean active threads over mean max threads, per repetition. */
    UTILIZATION("utilization", "Utilization", "fraction", Pool::utilization),
    COMPLETED("completed_per_s", "Completed", "tasks/s", Pool::completedPerSecond),
    REJECTED("rejected", "Rejected", "tasks", Pool::rejected),
    STARTED("virtual_started_per_s", "Virtual threads started", "threads/s", Pool::startedPerSecond),
    PINNED("virtual_pinned", "Pinned events", "events", Pool::pinned);

    private final String id;
    private final String label;
    private final String unit;
    private final ToDoubleFunction<Pool> reader;

    PoolMetric(String id, String label, String unit, ToDoubleFunction<Pool> reader) {
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

    public String unit() {
        return unit;
    }

    public double of(Pool pool) {
        return reader.applyAsDouble(pool);
    }
}
