package io.paradigmlab.lab.stats;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * One variant at one level, over all repetitions.
 *
 * <p>Every {@link Estimate} is computed only over the repetitions whose verdict is OK; the others are counted, never
 * averaged in. A level is comparable across variants only if {@link #validInEveryRepetition()}; otherwise the report
 * shows how many repetitions the numbers rest on.
 *
 * @param variant   async, virtual or reactive
 * @param level     concurrent users (closed model) or offered requests per second (open model)
 * @param ok        repetitions whose verdict is OK: the {@code n} of every estimate (less where a metric is NaN)
 * @param saturated repetitions whose verdict is SATURATED
 * @param failed    repetitions whose verdict is FAILED
 * @param missing   repetitions that have no measurement of this level (the campaign stopped the ladder or aborted)
 * @param estimates per metric, over the OK repetitions
 */
public record LevelSummary(String variant, int level, int ok, int saturated, int failed, int missing,
                           Map<Metric, Estimate> estimates) {

    public LevelSummary {
        EnumMap<Metric, Estimate> copy = new EnumMap<>(Metric.class);
        copy.putAll(estimates);
        estimates = Collections.unmodifiableMap(copy);
    }

    /** The estimate of {@code metric}, {@link Estimate#EMPTY} when there is none. */
    public Estimate estimate(Metric metric) {
        return estimates.getOrDefault(metric, Estimate.EMPTY);
    }

    /** Repetitions expected at this level: OK + SATURATED + FAILED + missing. */
    public int repetitions() {
        return ok + saturated + failed + missing;
    }

    /** Whether every repetition measured this level and found it OK. */
    public boolean validInEveryRepetition() {
        return ok == repetitions();
    }
}
