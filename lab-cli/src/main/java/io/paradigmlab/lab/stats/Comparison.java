package io.paradigmlab.lab.stats;

import java.util.List;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * Variant B against variant A at one level for one metric, paired by repetition.
 *
 * <p>Rule. Within a repetition the variants ran back to back on the same machine, so a slow period hits both: for
 * every repetition r in which both were OK and both values are finite (A's non-zero), ratio<sub>r</sub> = B<sub>r</sub>
 * / A<sub>r</sub>. Ratios multiply, so they are averaged on the log scale: the estimate {@link #ratio()} is the
 * geometric mean exp(mean ln ratio<sub>r</sub>) and its 95 % interval is exp of the Student-t interval of the log
 * ratios (n-1 degrees of freedom, {@link Estimate}). Unlike the arithmetic mean of ratios, this interval never reaches
 * below zero, one disturbed repetition weighs less, and B against A is exactly the reciprocal of A against B (the
 * interval's bounds swap and invert). Its {@code stdDev} is the standard deviation of the log ratios.
 * {@link #pValue()} is the two-sided one-sample t-test of "mean log ratio = 0";
 * {@link #significant()} is true when the interval excludes 1 (the same as {@code pValue < }
 * {@link CampaignStatistics#ALPHA}), and false with fewer than two paired repetitions ("one repetition: no
 * interval"). No correction for multiple comparisons is applied: with many levels and metrics some "significant"
 * marks are expected by chance alone. The unpaired estimates {@link #a()} and {@link #b()} give the absolute numbers.
 *
 * @param level       the level
 * @param metric      the metric
 * @param variantA    the reference variant
 * @param variantB    the variant compared with it
 * @param a           estimate of A over its OK repetitions (unpaired)
 * @param b           estimate of B over its OK repetitions (unpaired)
 * @param ratios      B / A per paired repetition, in repetition order
 * @param ratio       geometric mean of {@code ratios} with its 95 % interval (from the log ratios)
 * @param pValue      one-sample t-test of the log ratios against 0, NaN with fewer than two or no spread
 * @param significant the interval of {@code ratio} excludes 1
 */
public record Comparison(int level, Metric metric, String variantA, String variantB, Estimate a, Estimate b,
                         List<Double> ratios, Estimate ratio, double pValue, boolean significant) {

    public Comparison {
        ratios = List.copyOf(ratios);
    }

    /** Applies the rule to the per-repetition ratios B / A. */
    public static Comparison of(int level, Metric metric, String variantA, String variantB, Estimate a, Estimate b,
                                List<Double> ratios) {
        double[] logs = logs(ratios);
        Estimate ratio = pairedRatio(ratios);
        double p = logs.length >= 2 && StatUtils.variance(logs) > 0 ? new TTest().tTest(0.0, logs) : Double.NaN;
        boolean significant = ratio.hasInterval() && (ratio.ciLow() > 1 || ratio.ciHigh() < 1);
        return new Comparison(level, metric, variantA, variantB, a, b, ratios, ratio, p, significant);
    }

    /**
     * The geometric mean of per-repetition ratios with its 95 % interval: exp of the Student-t interval of the log
     * ratios. A ratio that is not positive and finite has no logarithm and is left out.
     */
    public static Estimate pairedRatio(List<Double> ratios) {
        Estimate log = Estimate.of(logs(ratios));
        return log.isEmpty() ? Estimate.EMPTY
                : new Estimate(Math.exp(log.mean()), Math.exp(log.ciLow()), Math.exp(log.ciHigh()), log.stdDev(),
                log.n());
    }

    private static double[] logs(List<Double> ratios) {
        // a ratio is positive and finite (both OK, A non-zero); anything else has no logarithm and is left out
        return ratios.stream().mapToDouble(Double::doubleValue).filter(r -> r > 0 && Double.isFinite(r))
                .map(Math::log).toArray();
    }

    /** The same comparison seen from B: A and B exchanged, each repetition's ratio inverted, the rule re-applied. */
    public Comparison swap() {
        return of(level, metric, variantB, variantA, b, a, ratios.stream().map(r -> 1 / r).toList());
    }

    /** Whether at least one repetition has both A and B OK, so B can be put against A. */
    public boolean hasBothMeans() {
        return !ratio.isEmpty();
    }

    /** Whether B is better than A for this metric on the paired mean (ratio above 1 for throughput, below for latency). */
    public boolean bBetter() {
        return hasBothMeans() && metric.better(ratio.mean(), 1.0);
    }
}
