package io.paradigmlab.lab.report;

import io.paradigmlab.lab.stats.Estimate;
import io.paradigmlab.lab.stats.Metric;
import java.util.Locale;

/** Number formatting shared by the HTML page and the terminal tables. */
final class Fmt {

    private Fmt() {
    }

    /**
     * Factor from a metric's raw unit to the unit it is shown in: latencies in ms, error rate in %; CPU per request
     * stays in µs (a few hundred µs, which ms would show as 0.xxx).
     */
    static double scale(Metric metric) {
        if (metric == Metric.CPU_PER_REQUEST) {
            return 1;
        }
        return switch (metric.unit()) {
            case "us" -> 1e-3;
            case "fraction" -> 100;
            default -> 1;
        };
    }

    /** The unit a metric is shown in. */
    static String unit(Metric metric) {
        if (metric == Metric.CPU_PER_REQUEST) {
            return "µs";
        }
        return switch (metric.unit()) {
            case "us" -> "ms";
            case "fraction" -> "%";
            default -> metric.unit();
        };
    }

    /** "label (unit)". */
    static String title(Metric metric) {
        return metric.label() + " (" + unit(metric) + ")";
    }

    /**
     * "mean ± half-width", both in the display unit, with the half-width rounded to two significant digits and the
     * mean to the same decimals (more digits would claim a precision the interval denies). One repetition gives
     * the mean alone; none gives "–".
     */
    static String estimate(Estimate e, Metric metric) {
        return estimate(e, scale(metric));
    }

    /** {@link #estimate(Estimate, Metric)} with the values multiplied by {@code s}. */
    static String estimate(Estimate e, double s) {
        if (e.isEmpty()) {
            return "–";
        }
        if (!e.hasInterval()) {
            return number(e.mean() * s);
        }
        double half = e.halfWidth() * s;
        int decimals = decimals(half, 2);
        return fixed(e.mean() * s, decimals) + " ± " + fixed(half, decimals);
    }

    /** A value to four significant digits (at most four decimals), "–" for NaN. */
    static String number(double v) {
        return Double.isNaN(v) ? "–" : fixed(v, decimals(v, 4));
    }

    static String ratio(double r) {
        return Double.isNaN(r) || Double.isInfinite(r) ? "–" : String.format(Locale.ROOT, "%.2f×", r);
    }

    static String percent(double fraction) {
        return Double.isNaN(fraction) || Double.isInfinite(fraction) ? "–"
                : String.format(Locale.ROOT, "%+.1f%%", fraction * 100);
    }

    static String pValue(double p) {
        if (Double.isNaN(p)) {
            return "no test";
        }
        return p < 0.001 ? "p<0.001" : String.format(Locale.ROOT, "p=%.3f", p);
    }

    static String fixed(double v, int decimals) {
        if (Double.isNaN(v)) {
            return "–";
        }
        return String.format(Locale.ROOT, "%,." + decimals + "f", v);
    }

    /** Decimals that show {@code significant} significant digits of {@code ref}, between 0 and 4. */
    static int decimals(double ref, int significant) {
        if (ref == 0 || Double.isNaN(ref) || Double.isInfinite(ref)) {
            return ref == 0 ? 0 : 2;
        }
        int magnitude = (int) Math.floor(Math.log10(Math.abs(ref)));
        return Math.clamp(significant - 1 - magnitude, 0, 4);
    }
}
