package io.paradigmlab.lab.stats;

/**
 * Variant B against variant A at one level for one metric, over their OK repetitions.
 *
 * <p>{@code ratio} is mean(B) / mean(A) (NaN if either has no OK repetition). {@code pValue} is Welch's two-sided
 * t-test of equal means over the per-repetition values ({@link Welch#pValue}), NaN with fewer than two OK
 * repetitions on either side. {@code significant} is {@code pValue < alpha} with alpha =
 * {@link CampaignStatistics#ALPHA}; it is false whenever there is no test. No correction for multiple comparisons
 * is applied: with many levels and metrics, some "significant" marks are expected by chance alone.
 *
 * @param level    the level
 * @param metric   the metric
 * @param variantA the reference variant
 * @param variantB the variant compared with it
 * @param a        estimate of A
 * @param b        estimate of B
 * @param ratio    mean(B) / mean(A)
 * @param pValue   Welch p-value
 * @param significant whether {@code pValue < 0.05}
 */
public record Comparison(int level, Metric metric, String variantA, String variantB, Estimate a, Estimate b,
                         double ratio, double pValue, boolean significant) {

    /** The same comparison seen from B: A and B exchanged, ratio inverted, same test. */
    public Comparison swap() {
        return new Comparison(level, metric, variantB, variantA, b, a, 1 / ratio, pValue, significant);
    }

    /** Whether both sides have at least one OK repetition, so their means can be ordered. */
    public boolean hasBothMeans() {
        return !a.isEmpty() && !b.isEmpty();
    }

    /** Whether B's mean is strictly better than A's for this metric (higher throughput, lower latency...). */
    public boolean bBetter() {
        return hasBothMeans() && metric.better(b.mean(), a.mean());
    }
}
