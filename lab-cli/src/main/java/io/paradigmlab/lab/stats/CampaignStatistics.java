package io.paradigmlab.lab.stats;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.LevelMeasurement.Verdict;
import io.paradigmlab.lab.results.StaticMetrics;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * Turns a campaign's raw measurements into the statistics of its report.
 *
 * <p>Rules:
 * <ul>
 *   <li>Each (variant, repetition, level) is one independent observation; repetitions run on fresh JVMs.</li>
 *   <li>Only repetitions whose verdict is {@link Verdict#OK} enter an estimate; SATURATED and FAILED ones, and
 *       repetitions that never measured the level, are counted in {@link LevelSummary} and never averaged.</li>
 *   <li>Every estimate is the mean over those repetitions with a Student-t 95% interval ({@link Estimate}).</li>
 *   <li>Percentiles are not merged across runs: the p99 estimate is the mean of each repetition's own p99.</li>
 *   <li>Pairs of variants are compared paired by repetition: the geometric mean of the per-repetition ratios B / A
 *       with its own 95 % interval (on the log scale), significant when it excludes 1 ({@link Comparison}); rankings and crossovers along the
 *       levels ({@link Crossover}) rest on those paired ratios, never on the unpaired estimates.</li>
 *   <li>The noise check's repeat run ({@code v (repeat)}) is no variant: it only gives the machine's noise, the
 *       paired ratio of two identical runs ({@link #noise}).</li>
 * </ul>
 */
public final class CampaignStatistics {

    /** Significance level of every comparison. */
    public static final double ALPHA = 0.05;

    /** Metrics compared pairwise at every level. */
    public static final List<Metric> COMPARED_METRICS = List.of(Metric.THROUGHPUT, Metric.LATENCY_P95,
            Metric.LATENCY_P99, Metric.CPU, Metric.CPU_PER_REQUEST, Metric.RSS);

    /** Metrics whose crossovers are reported. */
    public static final List<Metric> CROSSOVER_METRICS =
            List.of(Metric.THROUGHPUT, Metric.LATENCY_P95, Metric.LATENCY_P99);

    private CampaignStatistics() {
    }

    /** Computes every statistic of the campaign: see the class comment for the rules. */
    public static CampaignSummary summarize(CampaignResult result) {
        List<String> variants = variants(result);
        List<Integer> levels = levels(result);
        int expected = expectedRepetitions(result);

        List<LevelSummary> summaries = new ArrayList<>();
        for (String variant : variants) {
            for (int level : levels) {
                summaries.add(levelSummary(result, variant, level, expected));
            }
        }

        List<Comparison> comparisons = new ArrayList<>();
        for (int level : levels) {
            for (Metric metric : COMPARED_METRICS) {
                for (int i = 0; i < variants.size(); i++) {
                    for (int j = i + 1; j < variants.size(); j++) {
                        comparisons.add(compare(result, level, metric, variants.get(i), variants.get(j)));
                    }
                }
            }
        }

        List<Crossover> crossovers = new ArrayList<>();
        for (Metric metric : CROSSOVER_METRICS) {
            for (String a : variants) {
                for (String b : variants) {
                    if (a.equals(b)) {
                        continue;
                    }
                    List<Comparison> perLevel = new ArrayList<>();
                    for (Comparison c : comparisons) {
                        if (c.metric() != metric) {
                            continue;
                        }
                        if (c.variantA().equals(a) && c.variantB().equals(b)) {
                            perLevel.add(c);
                        } else if (c.variantA().equals(b) && c.variantB().equals(a)) {
                            perLevel.add(c.swap());
                        }
                    }
                    crossovers.add(Crossover.detect(metric, a, b, perLevel));
                }
            }
        }
        return new CampaignSummary(variants, levels, summaries, comparisons, crossovers, statics(result),
                noise(result), pools(result, variants, levels), result.ceiling(),
                result.databaseCeiling());
    }

    /**
     * Per variant, level and pool (by name), each pool quantity estimated over the OK repetitions that reported the
     * pool, as every other metric. Empty when no measurement has pools.
     */
    public static List<PoolSummary> pools(CampaignResult result, List<String> variants, List<Integer> levels) {
        List<PoolSummary> pools = new ArrayList<>();
        for (String variant : variants) {
            for (int level : levels) {
                List<LevelMeasurement> ok = okMeasurements(result, variant, level);
                Set<String> names = new TreeSet<>();
                ok.forEach(m -> m.pools().forEach(p -> names.add(p.name())));
                for (String name : names) {
                    Map<PoolMetric, Estimate> estimates = new EnumMap<>(PoolMetric.class);
                    for (PoolMetric metric : PoolMetric.values()) {
                        estimates.put(metric, Estimate.of(ok.stream().flatMap(m -> m.pool(name).stream())
                                .mapToDouble(metric::of).toArray()));
                    }
                    pools.add(new PoolSummary(variant, level, name, estimates));
                }
            }
        }
        return pools;
    }

    /**
     * Variants in the settings' order, then any other variant found in the measurements or statics; never the
     * noise check's repeat run, which is no variant (see {@link #noise}).
     */
    public static List<String> variants(CampaignResult result) {
        Set<String> variants = new LinkedHashSet<>();
        if (result.settings() != null && result.settings().variants() != null) {
            variants.addAll(result.settings().variants());
        }
        result.measurements().forEach(m -> variants.add(m.variant()));
        result.statics().forEach(s -> variants.add(s.variant()));
        variants.removeIf(v -> v.endsWith(CampaignSettings.REPEAT_SUFFIX));
        return List.copyOf(variants);
    }

    /** Every level, from the settings and the measurements, ascending. */
    public static List<Integer> levels(CampaignResult result) {
        Set<Integer> levels = new TreeSet<>();
        if (result.settings() != null && result.settings().levels() != null) {
            levels.addAll(result.settings().levels());
        }
        result.measurements().forEach(m -> levels.add(m.level()));
        return List.copyOf(levels);
    }

    /** Values of {@code metric} in the OK repetitions of {@code variant} at {@code level}, by repetition. */
    public static double[] okSamples(CampaignResult result, String variant, int level, Metric metric) {
        return okMeasurements(result, variant, level).stream().mapToDouble(metric::of).toArray();
    }

    /** The OK measurements of one variant and level, ordered by repetition. */
    public static List<LevelMeasurement> okMeasurements(CampaignResult result, String variant, int level) {
        return result.measurements().stream()
                .filter(m -> m.variant().equals(variant) && m.level() == level && m.verdict() == Verdict.OK)
                .sorted(java.util.Comparator.comparingInt(LevelMeasurement::repetition))
                .toList();
    }

    /** Builds the summary of one variant at one level; see {@link LevelSummary}. */
    public static LevelSummary levelSummary(CampaignResult result, String variant, int level) {
        return levelSummary(result, variant, level, expectedRepetitions(result));
    }

    private static LevelSummary levelSummary(CampaignResult result, String variant, int level, int expected) {
        List<LevelMeasurement> all = result.measurements().stream()
                .filter(m -> m.variant().equals(variant) && m.level() == level).toList();
        Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        all.forEach(m -> counts.merge(m.verdict(), 1, Integer::sum));
        long measured = all.stream().mapToInt(LevelMeasurement::repetition).distinct().count();
        int missing = (int) Math.max(0, expected - measured);

        Map<Metric, Estimate> estimates = new EnumMap<>(Metric.class);
        for (Metric metric : Metric.values()) {
            estimates.put(metric, Estimate.of(okSamples(result, variant, level, metric)));
        }
        return new LevelSummary(variant, level, counts.getOrDefault(Verdict.OK, 0),
                counts.getOrDefault(Verdict.SATURATED, 0), counts.getOrDefault(Verdict.FAILED, 0), missing,
                estimates);
    }

    /** Compares B with A at one level for one metric, paired by repetition; see {@link Comparison}. */
    public static Comparison compare(CampaignResult result, int level, Metric metric, String variantA,
                                     String variantB) {
        Map<Integer, Double> a = okByRepetition(result, variantA, level, metric);
        Map<Integer, Double> b = okByRepetition(result, variantB, level, metric);
        List<Double> ratios = new ArrayList<>();
        for (var entry : new java.util.TreeMap<>(a).entrySet()) {
            Double vb = b.get(entry.getKey());
            double va = entry.getValue();
            if (vb != null && Double.isFinite(va) && Double.isFinite(vb) && va != 0) {
                ratios.add(vb / va);
            }
        }
        return Comparison.of(level, metric, variantA, variantB,
                Estimate.of(a.values().stream().mapToDouble(Double::doubleValue).toArray()),
                Estimate.of(b.values().stream().mapToDouble(Double::doubleValue).toArray()), ratios);
    }

    /**
     * The machine's noise: at every level and {@link #COMPARED_METRICS compared metric}, the paired comparison of the
     * noise variant's second, identical run with its first ({@code v (repeat)} / v; ideally 1.00). Empty when the
     * campaign ran no noise check.
     */
    public static List<Comparison> noise(CampaignResult result) {
        String variant = result.settings() == null ? null : result.settings().noiseVariant();
        if (variant == null) {
            return List.of();
        }
        List<Comparison> noise = new ArrayList<>();
        for (int level : levels(result)) {
            for (Metric metric : COMPARED_METRICS) {
                noise.add(compare(result, level, metric, variant, CampaignSettings.repeatOf(variant)));
            }
        }
        return noise;
    }

    private static Map<Integer, Double> okByRepetition(CampaignResult result, String variant, int level,
                                                       Metric metric) {
        Map<Integer, Double> values = new LinkedHashMap<>();
        for (LevelMeasurement m : okMeasurements(result, variant, level)) {
            values.put(m.repetition(), metric.of(m));
        }
        return values;
    }

    /**
     * Static metrics per variant, service and AOT setting (with the cache first), each estimated over the repetitions
     * that recorded it (start-up is measured before any load, so no verdict applies).
     */
    public static List<StaticSummary> statics(CampaignResult result) {
        Map<List<Object>, List<StaticMetrics>> groups = new LinkedHashMap<>();
        for (String variant : variants(result)) {
            for (boolean aot : List.of(true, false)) {
                result.statics().stream().filter(s -> s.variant().equals(variant) && s.withAot() == aot)
                        .forEach(s -> groups.computeIfAbsent(List.of(variant, s.service(), aot),
                                k -> new ArrayList<>()).add(s));
            }
        }
        List<StaticSummary> out = new ArrayList<>();
        groups.forEach((key, list) -> out.add(new StaticSummary((String) key.get(0), (String) key.get(1),
                (Boolean) key.get(2), estimate(list, StaticMetrics::startupSeconds),
                estimate(list, StaticMetrics::firstAnswer), estimate(list, StaticMetrics::heapAfterStartMb),
                estimate(list, StaticMetrics::rssAfterStartMb), estimate(list, StaticMetrics::artifactMb))));
        return out;
    }

    /**
     * Per variant and service that started both with and without the JDK AOT cache in the same repetitions: the
     * ratios with / without of start-up, first answer and RSS, one per repetition, estimated over them. Empty when
     * no repetition has both (a campaign without the start-up probe).
     */
    public static List<AotEffect> aotEffects(CampaignResult result) {
        List<AotEffect> out = new ArrayList<>();
        for (String variant : variants(result)) {
            List<String> services = result.statics().stream().filter(s -> s.variant().equals(variant))
                    .map(StaticMetrics::service).distinct().toList();
            for (String service : services) {
                Map<Integer, StaticMetrics> with = new TreeMap<>();
                Map<Integer, StaticMetrics> without = new TreeMap<>();
                result.statics().stream().filter(s -> s.variant().equals(variant) && s.service().equals(service))
                        .forEach(s -> (s.withAot() ? with : without).put(s.repetition(), s));
                List<Double> startup = new ArrayList<>();
                List<Double> first = new ArrayList<>();
                List<Double> rss = new ArrayList<>();
                with.forEach((rep, a) -> {
                    StaticMetrics b = without.get(rep);
                    if (b != null) {
                        startup.add(a.startupSeconds() / b.startupSeconds());
                        first.add(a.firstAnswer() / b.firstAnswer());
                        rss.add(a.rssAfterStartMb() / b.rssAfterStartMb());
                    }
                });
                if (!startup.isEmpty()) {
                    out.add(new AotEffect(variant, service, Comparison.pairedRatio(startup),
                            Comparison.pairedRatio(first), Comparison.pairedRatio(rss)));
                }
            }
        }
        return out;
    }

    /** Repetitions asked for, or more if the measurements hold more. */
    private static int expectedRepetitions(CampaignResult result) {
        int asked = result.settings() == null ? 0 : result.settings().repetitions();
        int seen = result.measurements().stream().mapToInt(LevelMeasurement::repetition).max().orElse(0);
        return Math.max(asked, seen);
    }

    private static Estimate estimate(List<StaticMetrics> list, ToDoubleFunction<StaticMetrics> f) {
        return Estimate.of(list.stream().mapToDouble(f).toArray());
    }
}
