package io.paradigmlab.lab.report;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.stats.CampaignStatistics;
import io.paradigmlab.lab.stats.Estimate;
import io.paradigmlab.lab.stats.LevelSummary;
import io.paradigmlab.lab.stats.Metric;
import io.paradigmlab.lab.stats.Welch;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Campaign B against campaign A ({@code ./lab compare <run-a> <run-b>}), e.g. before and after a change.
 *
 * <p>Rule: for every variant and level present in both campaigns and every metric of {@link #METRICS}, over the OK
 * repetitions of each campaign, the difference of means B - A with its 95% Welch confidence interval and p-value
 * ({@link Welch#difference}), and the relative change (B - A) / A. The interval needs at least two OK repetitions
 * in each campaign, else it is NaN. Campaigns are only comparable if run alike: every setting and environment entry
 * that differs is listed so the reader can judge.
 *
 * @param campaignA             id of the reference campaign
 * @param campaignB             id of the campaign compared with it
 * @param levelUnit             "users" or "req/s"
 * @param settingsDifferences   "name: a → b" for every setting that differs
 * @param environmentDifferences "key: a → b" for every environment entry that differs or exists in one only
 * @param rows                  one per variant, level and metric, variants in A's order, levels ascending
 * @param notSteady             "A: not steady at 4 users: JIT 15 % of CPU (async)" for every compared level that
 *                              was not steady in campaign A or B (docs/methodology.md, "Steady state"): its
 *                              difference compares warm-ups as much as code
 */
public record CampaignComparison(String campaignA, String campaignB, String levelUnit,
                                 List<String> settingsDifferences, List<String> environmentDifferences,
                                 List<Row> rows, List<String> notSteady) {

    /** Without steady-state notes. */
    public CampaignComparison(String campaignA, String campaignB, String levelUnit,
                              List<String> settingsDifferences, List<String> environmentDifferences,
                              List<Row> rows) {
        this(campaignA, campaignB, levelUnit, settingsDifferences, environmentDifferences, rows, List.of());
    }

    /** Metrics compared between campaigns. */
    public static final List<Metric> METRICS = List.of(Metric.THROUGHPUT, Metric.LATENCY_P95, Metric.LATENCY_P99);

    public CampaignComparison {
        settingsDifferences = List.copyOf(settingsDifferences);
        environmentDifferences = List.copyOf(environmentDifferences);
        rows = List.copyOf(rows);
        notSteady = notSteady == null ? List.of() : List.copyOf(notSteady);
    }

    /**
     * One variant, level and metric in both campaigns.
     *
     * @param a              estimate in campaign A (OK repetitions)
     * @param repetitionsA   repetitions of A at this level (OK or not), to show how many {@code a.n()} rests on
     * @param difference     mean(B) - mean(A), in the metric's raw unit
     * @param ciLow          lower bound of the 95% Welch interval of the difference
     * @param ciHigh         upper bound
     * @param relativeChange (mean(B) - mean(A)) / mean(A)
     * @param pValue         Welch's two-sided p-value of "no difference"
     * @param significant    {@code pValue < 0.05}: the interval excludes 0
     */
    public record Row(String variant, int level, Metric metric, Estimate a, int repetitionsA, Estimate b,
                      int repetitionsB, double difference, double ciLow, double ciHigh, double relativeChange,
                      double pValue, boolean significant) {
    }

    /** Compares campaign {@code b} with campaign {@code a}; see the class comment for the rule. */
    public static CampaignComparison compare(CampaignResult a, CampaignResult b) {
        return compare(a, b, List.of());
    }

    /**
     * Compares campaign {@code b} with campaign {@code a} on {@link #METRICS} and also on {@code extra} (e.g. the
     * metrics a {@link RegressionGate} names), each metric once, in that order.
     */
    public static CampaignComparison compare(CampaignResult a, CampaignResult b, List<Metric> extra) {
        Set<Metric> metrics = new LinkedHashSet<>(METRICS);
        metrics.addAll(extra);
        List<String> variants = new ArrayList<>(CampaignStatistics.variants(a));
        variants.retainAll(CampaignStatistics.variants(b));
        List<Integer> levels = new ArrayList<>(CampaignStatistics.levels(a));
        levels.retainAll(CampaignStatistics.levels(b));

        List<Row> rows = new ArrayList<>();
        for (String variant : variants) {
            for (int level : levels) {
                LevelSummary sa = CampaignStatistics.levelSummary(a, variant, level);
                LevelSummary sb = CampaignStatistics.levelSummary(b, variant, level);
                if (sa.repetitions() - sa.missing() == 0 || sb.repetitions() - sb.missing() == 0) {
                    continue; // measured in one campaign only: nothing to compare
                }
                for (Metric metric : metrics) {
                    double[] xa = CampaignStatistics.okSamples(a, variant, level, metric);
                    double[] xb = CampaignStatistics.okSamples(b, variant, level, metric);
                    Welch.Difference d = Welch.difference(xa, xb);
                    Estimate ea = sa.estimate(metric);
                    rows.add(new Row(variant, level, metric, ea, sa.repetitions(), sb.estimate(metric),
                            sb.repetitions(), d.difference(), d.ciLow(), d.ciHigh(), d.difference() / ea.mean(),
                            d.pValue(), d.pValue() < CampaignStatistics.ALPHA));
                }
            }
        }
        List<String> notSteady = new ArrayList<>();
        for (var campaign : List.of(a, b)) {
            Steadiness steadiness = new Steadiness(campaign, CampaignStatistics.summarize(campaign));
            for (int level : levels) {
                String flag = steadiness.flag(level);
                if (flag != null) {
                    notSteady.add((campaign == a ? "A" : "B") + ": " + flag.replaceFirst("not steady: ",
                            "not steady at " + level + " " + HtmlReport.levelUnit(a.settings()) + ": "));
                }
            }
        }
        return new CampaignComparison(a.id(), b.id(), HtmlReport.levelUnit(a.settings()),
                settingsDifferences(a.settings(), b.settings()),
                environmentDifferences(a.environment(), b.environment()), rows, notSteady);
    }

    private static List<String> settingsDifferences(CampaignSettings a, CampaignSettings b) {
        List<String> out = new ArrayList<>();
        if (a == null || b == null) {
            if (a != b) {
                out.add("settings: recorded in one campaign only");
            }
            return out;
        }
        // Every component, so a setting added later is compared without touching this code.
        for (RecordComponent c : CampaignSettings.class.getRecordComponents()) {
            Object va = value(c, a);
            Object vb = value(c, b);
            if (!Objects.equals(va, vb)) {
                out.add(c.getName() + ": " + va + " → " + vb);
            }
        }
        return out;
    }

    private static Object value(RecordComponent c, CampaignSettings s) {
        try {
            return c.getAccessor().invoke(s);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Cannot read setting " + c.getName(), e);
        }
    }

    private static List<String> environmentDifferences(Map<String, String> a, Map<String, String> b) {
        Map<String, String> ea = a == null ? Map.of() : a;
        Map<String, String> eb = b == null ? Map.of() : b;
        Set<String> keys = new LinkedHashSet<>(ea.keySet());
        keys.addAll(eb.keySet());
        List<String> out = new ArrayList<>();
        for (String key : keys) {
            if (!Objects.equals(ea.get(key), eb.get(key))) {
                out.add(key + ": " + (ea.containsKey(key) ? ea.get(key) : "(absent)") + " → "
                        + (eb.containsKey(key) ? eb.get(key) : "(absent)"));
            }
        }
        return out;
    }
}
