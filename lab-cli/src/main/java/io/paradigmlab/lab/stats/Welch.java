package io.paradigmlab.lab.stats;

import java.util.Arrays;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * Welch's unequal-variance t statistics for two independent samples (repetitions of two variants, or of two
 * campaigns). Both need at least two values; otherwise, or when both samples have zero variance (the t statistic
 * is then undefined), every result is NaN. NaN values are left out, as in {@link Estimate#of(double...)}.
 */
public final class Welch {

    private static final WelchTTest T_TEST = new WelchTTest();

    private Welch() {
    }

    /**
     * Two-sided p-value of Welch's t-test of equal means (commons-math3 {@link TTest#tTest(double[], double[])}),
     * NaN when either sample has fewer than two values or both have zero variance.
     */
    public static double pValue(double[] a, double[] b) {
        double[] x = finite(a);
        double[] y = finite(b);
        if (!testable(x, y)) {
            return Double.NaN;
        }
        return T_TEST.tTest(x, y);
    }

    /**
     * Difference of means {@code mean(b) - mean(a)} with its 95% confidence interval
     * d &plusmn; t<sub>0.975, &nu;</sub> &middot; &radic;(s<sub>a</sub>&sup2;/n<sub>a</sub> + s<sub>b</sub>&sup2;/n<sub>b</sub>),
     * &nu; being the Welch-Satterthwaite degrees of freedom. With fewer than two values on either side the
     * difference is still given (NaN if a side is empty) but the interval and p-value are NaN.
     */
    public static Difference difference(double[] a, double[] b) {
        double[] x = finite(a);
        double[] y = finite(b);
        double d = x.length == 0 || y.length == 0 ? Double.NaN : StatUtils.mean(y) - StatUtils.mean(x);
        if (!testable(x, y)) {
            return new Difference(d, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double va = StatUtils.variance(x) / x.length;
        double vb = StatUtils.variance(y) / y.length;
        double df = T_TEST.welchDf(StatUtils.variance(x), StatUtils.variance(y), x.length, y.length);
        double half = Estimate.tQuantile(df) * Math.sqrt(va + vb);
        return new Difference(d, d - half, d + half, df, T_TEST.tTest(x, y));
    }

    /**
     * A difference of means b - a.
     *
     * @param difference mean(b) - mean(a)
     * @param ciLow      lower bound of its 95% Welch interval
     * @param ciHigh     upper bound
     * @param df         Welch-Satterthwaite degrees of freedom
     * @param pValue     two-sided Welch p-value of "no difference"
     */
    public record Difference(double difference, double ciLow, double ciHigh, double df, double pValue) {
    }

    private static boolean testable(double[] x, double[] y) {
        return x.length >= 2 && y.length >= 2 && (StatUtils.variance(x) > 0 || StatUtils.variance(y) > 0);
    }

    private static double[] finite(double[] values) {
        return Arrays.stream(values).filter(v -> !Double.isNaN(v)).toArray();
    }

    /** Opens commons-math3's own Welch-Satterthwaite degrees of freedom, which it keeps protected. */
    private static final class WelchTTest extends TTest {
        double welchDf(double v1, double v2, double n1, double n2) {
            return df(v1, v2, n1, n2);
        }
    }
}
