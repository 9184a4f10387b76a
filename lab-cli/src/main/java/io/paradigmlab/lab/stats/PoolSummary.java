package io.paradigmlab.lab.stats;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * One pool of one variant at one level, over the repetitions whose level is OK (as {@link LevelSummary}); a
 * repetition that did not report the pool, or a quantity, is left out of that estimate's n.
 *
 * @param variant   the variant
 * @param level     the level
 * @param pool      the pool's name ({@code io.paradigmlab.lab.metrics.PoolMetrics})
 * @param estimates per quantity
 */
public record PoolSummary(String variant, int level, String pool, Map<PoolMetric, Estimate> estimates) {

    public PoolSummary {
        EnumMap<PoolMetric, Estimate> copy = new EnumMap<>(PoolMetric.class);
        copy.putAll(estimates);
        estimates = Collections.unmodifiableMap(copy);
    }

    public Estimate estimate(PoolMetric metric) {
        return estimates.getOrDefault(metric, Estimate.EMPTY);
    }

    /** Whether any repetition gave a value of {@code metric}. */
    public boolean reports(PoolMetric metric) {
        return !estimate(metric).isEmpty();
    }
}
