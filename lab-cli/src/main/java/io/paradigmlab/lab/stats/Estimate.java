package io.paradigmlab.lab.stats;

import java.util.Arrays;
import java.util.Collection;
import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * The mean of one quantity over repetitions, with its 95% confidence interval.
 *
 * <p>Rule: for n values x<sub>i</sub> the estimate is the sample mean m, the sample standard deviation s (n-1 in
 * the denominator) and the interval m &plusmn; t<sub>0.975, n-1</sub> &middot; s / &radic;n, where t is the
 * quantile of Student's t distribution with n-1 degrees of freedom. The interval assumes the repetitions are
 * independent (fresh JVMs, fresh data) and their mean roughly normal; it is an interval for the mean over
 * repetitions, not for a single run.
 *
 * <p>With one value there is no interval: {@code ciLow = ciHigh = mean}, {@code stdDev} is NaN and
 * {@link #singleRun()} is true, so a report must say "one repetition: no interval" rather than print &plusmn; 0.
 * With no value every number is NaN and {@link #isEmpty()} is true.
 *
 * @param mean   mean of the values
 * @param ciLow  lower bound of the 95% confidence interval of the mean
 * @param ciHigh upper bound of the 95% confidence interval of the mean
 * @param stdDev sample standard deviation (n-1), NaN when n &lt; 2
 * @param n      number of values used
 */
public record Estimate(double mean, double ciLow, double ciHigh, double stdDev, int n) {

    /** Confidence level of every interval. */
    public static final double CONFIDENCE = 0.95;

    /** The estimate of nothing: no valid repetition. */
    public static final Estimate EMPTY = new Estimate(Double.NaN, Double.NaN, Double.NaN, Double.NaN, 0);

    /**
     * Estimates the mean of {@code values}. NaN values (a quantity a repetition did not measure) are left out and
     * not counted in {@code n}; infinities are kept, so they show up rather than vanish.
     */
    public static Estimate of(double... values) {
        double[] x = Arrays.stream(values).filter(v -> !Double.isNaN(v)).toArray();
        int n = x.length;
        if (n == 0) {
            return EMPTY;
        }
        double mean = StatUtils.mean(x);
        if (n == 1) {
            return new Estimate(mean, mean, mean, Double.NaN, 1);
        }
        double stdDev = Math.sqrt(StatUtils.variance(x));
        double half = tQuantile(n - 1) * stdDev / Math.sqrt(n);
        return new Estimate(mean, mean - half, mean + half, stdDev, n);
    }

    /** {@link #of(double...)} over a collection. */
    public static Estimate of(Collection<? extends Number> values) {
        return of(values.stream().mapToDouble(Number::doubleValue).toArray());
    }

    /** Two-sided 95% quantile of Student's t with {@code df} degrees of freedom, t<sub>0.975, df</sub>. */
    public static double tQuantile(double df) {
        return new TDistribution(df).inverseCumulativeProbability(1 - (1 - CONFIDENCE) / 2);
    }

    /**
     * The estimate of the values times {@code factor} (a positive constant): mean, bounds and standard deviation
     * scale alike.
     */
    public Estimate scaled(double factor) {
        return isEmpty() ? EMPTY : new Estimate(mean * factor, ciLow * factor, ciHigh * factor, stdDev * factor, n);
    }

    /** Whether there is a confidence interval: at least two values. */
    public boolean hasInterval() {
        return n >= 2;
    }

    /** Exactly one value: a mean without interval ("one repetition: no interval"). */
    public boolean singleRun() {
        return n == 1;
    }

    /** No value at all. */
    public boolean isEmpty() {
        return n == 0;
    }

    /** Half the width of the interval, NaN when there is no interval (so it is never printed as &plusmn; 0). */
    public double halfWidth() {
        return hasInterval() ? (ciHigh - ciLow) / 2 : Double.NaN;
    }
}
