package io.paradigmlab.lab.stats;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.SoakSlice;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The analysis of a soak (docs/methodology.md, "Soak"): per variant and repetition, each {@link SoakQuantity} over
 * the slices of the window, as
 * <ul>
 *   <li>the least-squares slope of the slices' values against their midpoints, per hour (in the quantity's unit per
 *       hour);</li>
 *   <li>the mean of the first fifth of the slices and of the last fifth, and the relative change from the first to
 *       the last ((last - first) / first);</li>
 * </ul>
 * and two flags: {@link #RSS_GROWTH_LIMIT RSS growth} and {@link #P99_DRIFT_LIMIT p99 drift}. Every slice counts,
 * whatever its verdict (a soak that slides into saturation is what the flags are for); how many were not OK is kept
 * beside. With repetitions, each quantity is also estimated over the repetitions (mean and CI95 of the per-repetition
 * slopes, fifths and changes), and a variant is flagged when the mean change is beyond the limit.
 */
public final class SoakAnalysis {

    /**
     * RSS growth beyond this share from the first fifth of the window to the last flags the variant. After the
     * warm-up a service's resident memory should be flat: the heap is sized at start (-Xms), the JIT's code cache and
     * the pools fill during the warm-up. A few per cent is the noise of malloc arenas, thread stacks and the heap's
     * committed size moving; beyond 5 % over the window the process keeps acquiring memory, which is what a soak
     * looks for (a leak in the heap, in native memory or in threads).
     */
    public static final double RSS_GROWTH_LIMIT = 0.05;

    /**
     * A p99 latency that changes by more than this share between the first and the last fifth of the window, either
     * way, flags the variant. A fifth's p99 is the mean of its slices' p99s, each from a histogram of its own; on a
     * machine shared with the load generator slices differ by a good part of that, so a smaller limit would flag
     * noise. A rise means the service degrades as it runs (a growing queue, a fuller cache or heap, more GC); a fall
     * means it was still warming up when the window began (a longer {@code --warmup}).
     */
    public static final double P99_DRIFT_LIMIT = 0.20;

    /** The window is compared in fifths: its first and its last fifth of the slices. */
    public static final int FIFTHS = 5;

    private static final double SECONDS_PER_HOUR = 3600;

    private SoakAnalysis() {
    }

    /**
     * One quantity over one run's slices.
     *
     * @param slopePerHour least-squares slope, in the quantity's unit per hour; NaN with fewer than two values
     * @param firstFifth   mean over the first fifth of the slices (NaN values left out)
     * @param lastFifth    mean over the last fifth
     * @param change       (lastFifth - firstFifth) / firstFifth; NaN when the first fifth is 0 or has no value
     * @param values       how many slices had a value
     */
    public record Trend(SoakQuantity quantity, double slopePerHour, double firstFifth, double lastFifth,
                        double change, int values) {
    }

    /**
     * One variant's soak in one repetition.
     *
     * @param slices    the run's slices
     * @param notOk     slices whose verdict was not OK
     * @param heapFloor true when the services reported no heap after GC, so {@link SoakQuantity#HEAP_AFTER_GC} is the
     *                  lowest heap in use of each slice (an upper bound of the heap after GC)
     */
    public record Run(String variant, int repetition, int slices, int notOk, boolean heapFloor, List<Trend> trends) {

        public Trend trend(SoakQuantity quantity) {
            return trends.stream().filter(t -> t.quantity() == quantity).findFirst().orElseThrow();
        }

        /** RSS grew by more than {@link #RSS_GROWTH_LIMIT} from the first fifth to the last. */
        public boolean rssGrowth() {
            return SoakAnalysis.rssGrowth(trend(SoakQuantity.RSS).change());
        }

        /** The p99 latency changed by more than {@link #P99_DRIFT_LIMIT}, either way, from the first fifth to the last. */
        public boolean p99Drift() {
            return SoakAnalysis.p99Drift(trend(SoakQuantity.LATENCY_P99).change());
        }
    }

    /** A quantity over the repetitions of one variant: per-repetition slopes, fifths and changes, estimated. */
    public record Summary(SoakQuantity quantity, Estimate slopePerHour, Estimate firstFifth, Estimate lastFifth,
                          Estimate change) {
    }

    /**
     * One variant's soak: its runs (one per repetition) and each quantity over them.
     *
     * @param noiseRepeat whether this is the noise check's second run of a variant ({@code v (repeat)}): how much an
     *                    identical run drifts on this machine, not a variant of its own
     */
    public record Variant(String variant, boolean noiseRepeat, List<Run> runs, List<Summary> summaries) {

        public Summary summary(SoakQuantity quantity) {
            return summaries.stream().filter(s -> s.quantity() == quantity).findFirst().orElseThrow();
        }

        /** The mean RSS change over the repetitions is beyond {@link #RSS_GROWTH_LIMIT}. */
        public boolean rssGrowth() {
            return SoakAnalysis.rssGrowth(summary(SoakQuantity.RSS).change().mean());
        }

        /** The mean p99 change over the repetitions is beyond {@link #P99_DRIFT_LIMIT}, either way. */
        public boolean p99Drift() {
            return SoakAnalysis.p99Drift(summary(SoakQuantity.LATENCY_P99).change().mean());
        }

        public long runsWithRssGrowth() {
            return runs.stream().filter(Run::rssGrowth).count();
        }

        public long runsWithP99Drift() {
            return runs.stream().filter(Run::p99Drift).count();
        }

        /** Whether any run used the heap floor for lack of a heap after GC. */
        public boolean heapFloor() {
            return runs.stream().anyMatch(Run::heapFloor);
        }
    }

    /**
     * A campaign's soak.
     *
     * @param level        the level held (users or requests per second)
     * @param slices       slices per run, as asked
     * @param sliceSeconds length of a slice, as asked
     * @param fifth        slices in a fifth
     * @param variants     the variants in the campaign's order, then the noise check's repeat runs
     */
    public record Soak(int level, int slices, double sliceSeconds, int fifth, List<Variant> variants) {

        public java.util.Optional<Variant> variant(String name) {
            return variants.stream().filter(v -> v.variant().equals(name)).findFirst();
        }
    }

    /** The analysis of {@code result}'s soak slices; empty when the campaign was no soak. */
    public static java.util.Optional<Soak> of(CampaignResult result) {
        if (result.soak().isEmpty()) {
            return java.util.Optional.empty();
        }
        Set<String> labels = new LinkedHashSet<>();
        if (result.settings() != null) {
            labels.addAll(result.settings().variants());
        }
        result.soak().forEach(s -> labels.add(s.variant()));
        // the noise check's repeat after its variant's own run: not a variant, a baseline for its drift
        List<String> ordered = new ArrayList<>(labels.stream().filter(v -> !isRepeat(v)).toList());
        ordered.addAll(labels.stream().filter(SoakAnalysis::isRepeat).toList());
        List<Variant> variants = new ArrayList<>();
        for (String label : ordered) {
            Set<Integer> repetitions = new TreeSet<>();
            result.soak().stream().filter(s -> s.variant().equals(label)).forEach(s -> repetitions.add(s.repetition()));
            if (repetitions.isEmpty()) {
                continue;
            }
            List<Run> runs = new ArrayList<>();
            for (int rep : repetitions) {
                runs.add(run(label, rep, result.soak().stream()
                        .filter(s -> s.variant().equals(label) && s.repetition() == rep).toList()));
            }
            variants.add(new Variant(label, isRepeat(label), runs, summaries(runs)));
        }
        CampaignSettings settings = result.settings();
        int slices = settings != null && settings.soakSlices() > 0 ? settings.soakSlices()
                : (int) result.soak().stream().mapToInt(SoakSlice::slice).max().orElse(0);
        double sliceSeconds = settings != null && settings.soakSlices() > 0
                ? (double) settings.durationSeconds() / settings.soakSlices()
                : result.soak().getFirst().measurement().durationSeconds();
        int level = result.soak().getFirst().measurement().level();
        return java.util.Optional.of(new Soak(level, slices, sliceSeconds, fifth(slices), variants));
    }

    /** One run: its slices (any order) analysed in slice order. */
    public static Run run(String variant, int repetition, List<SoakSlice> slices) {
        List<SoakSlice> ordered = slices.stream().sorted(Comparator.comparingInt(SoakSlice::slice)).toList();
        double[] hours = ordered.stream().mapToDouble(s -> s.midSeconds() / SECONDS_PER_HOUR).toArray();
        // only where the services were sampled at all: an external target has neither
        boolean heapFloor = ordered.stream().noneMatch(s -> Double.isFinite(SoakQuantity.HEAP_AFTER_GC.of(s)))
                && ordered.stream().anyMatch(s -> Double.isFinite(SoakQuantity.HEAP_AFTER_GC.of(s, true)));
        List<Trend> trends = new ArrayList<>();
        for (SoakQuantity quantity : SoakQuantity.values()) {
            double[] values = ordered.stream().mapToDouble(s -> quantity.of(s, heapFloor)).toArray();
            trends.add(trend(quantity, hours, values));
        }
        int notOk = (int) ordered.stream().filter(s -> s.measurement().verdict() != LevelMeasurement.Verdict.OK)
                .count();
        return new Run(variant, repetition, ordered.size(), notOk, heapFloor, trends);
    }

    /** One quantity's trend over values at the given times (hours), in time order. */
    public static Trend trend(SoakQuantity quantity, double[] hours, double[] values) {
        int k = fifth(values.length);
        double first = mean(values, 0, k);
        double last = mean(values, values.length - k, values.length);
        double change = first != 0 && Double.isFinite(first) && Double.isFinite(last) ? (last - first) / first
                : Double.NaN;
        int counted = (int) java.util.Arrays.stream(values).filter(Double::isFinite).count();
        return new Trend(quantity, slope(hours, values), first, last, change, counted);
    }

    /**
     * The least-squares slope of {@code y} against {@code x} over the pairs where both are finite: sum((x - mx)(y -
     * my)) / sum((x - mx)^2). NaN with fewer than two such pairs or when every x is the same.
     */
    public static double slope(double[] x, double[] y) {
        if (x.length != y.length) {
            throw new IllegalArgumentException(x.length + " times, " + y.length + " values");
        }
        double sx = 0;
        double sy = 0;
        int n = 0;
        for (int i = 0; i < x.length; i++) {
            if (Double.isFinite(x[i]) && Double.isFinite(y[i])) {
                sx += x[i];
                sy += y[i];
                n++;
            }
        }
        if (n < 2) {
            return Double.NaN;
        }
        double mx = sx / n;
        double my = sy / n;
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < x.length; i++) {
            if (Double.isFinite(x[i]) && Double.isFinite(y[i])) {
                sxy += (x[i] - mx) * (y[i] - my);
                sxx += (x[i] - mx) * (x[i] - mx);
            }
        }
        return sxx == 0 ? Double.NaN : sxy / sxx;
    }

    /** Slices in a fifth of {@code slices}: at least one. */
    public static int fifth(int slices) {
        return Math.max(1, slices / FIFTHS);
    }

    /** Whether a relative RSS change flags growth: beyond {@link #RSS_GROWTH_LIMIT} (not at it). */
    public static boolean rssGrowth(double change) {
        return change > RSS_GROWTH_LIMIT;
    }

    /** Whether a relative p99 change flags drift: beyond {@link #P99_DRIFT_LIMIT} either way (not at it). */
    public static boolean p99Drift(double change) {
        return Math.abs(change) > P99_DRIFT_LIMIT;
    }

    private static List<Summary> summaries(List<Run> runs) {
        Map<SoakQuantity, Summary> out = new EnumMap<>(SoakQuantity.class);
        for (SoakQuantity quantity : SoakQuantity.values()) {
            List<Trend> trends = runs.stream().map(r -> r.trend(quantity)).toList();
            out.put(quantity, new Summary(quantity,
                    Estimate.of(trends.stream().mapToDouble(Trend::slopePerHour).toArray()),
                    Estimate.of(trends.stream().mapToDouble(Trend::firstFifth).toArray()),
                    Estimate.of(trends.stream().mapToDouble(Trend::lastFifth).toArray()),
                    Estimate.of(trends.stream().mapToDouble(Trend::change).toArray())));
        }
        return List.copyOf(out.values());
    }

    private static double mean(double[] values, int from, int to) {
        double sum = 0;
        int n = 0;
        for (int i = Math.max(0, from); i < Math.min(values.length, to); i++) {
            if (Double.isFinite(values[i])) {
                sum += values[i];
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    private static boolean isRepeat(String label) {
        return label.endsWith(CampaignSettings.REPEAT_SUFFIX);
    }
}
