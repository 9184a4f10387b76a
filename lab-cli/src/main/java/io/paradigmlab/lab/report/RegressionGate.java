package io.paradigmlab.lab.report;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.stats.Metric;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The regression gate of {@code ./lab compare A B --fail-if 'throughput<-5%,p99>+10%'}: conditions on how campaign B
 * moved from campaign A, judged on every variant and level both measured.
 *
 * <p>Rule: a condition is <b>violated</b> by a row when B's change is beyond the threshold (below it for {@code <},
 * above it for {@code >}) and the difference is statistically significant (Welch's p &lt; 0.05, i.e. the 95%
 * interval of B − A excludes 0). A change beyond the threshold without significance (too few repetitions, or too
 * much noise) is <b>inconclusive</b>: it is reported but does not fail the gate, since the lab cannot tell it from
 * noise; run more repetitions to decide. A threshold with {@code %} is relative to A's mean; without, it is an
 * absolute difference in the unit the report shows (req/s, ms, %, MB, µs for CPU per request, ...).
 *
 * @param conditions the parsed conditions, in the order given
 */
public record RegressionGate(List<Condition> conditions) {

    /** How a checked row came out. */
    public enum Verdict { PASS, INCONCLUSIVE, FAIL }

    /**
     * One condition: {@code metric < threshold} or {@code metric > threshold}.
     *
     * @param metric    the metric
     * @param below     {@code true} for {@code <}: B must not fall below the threshold
     * @param threshold a fraction when {@code relative} (-0.05 for -5%), else an absolute difference in display
     *                  units
     * @param relative  whether the threshold is a share of A's mean
     * @param text      the condition as the user wrote it
     */
    public record Condition(Metric metric, boolean below, double threshold, boolean relative, String text) {

        /** Whether {@code row}'s change crosses this condition's threshold (significant or not). */
        boolean crossed(CampaignComparison.Row row) {
            double change = relative ? row.relativeChange() : row.difference() * Fmt.scale(metric);
            if (Double.isNaN(change)) {
                return false;
            }
            return below ? change < threshold : change > threshold;
        }
    }

    /**
     * One condition judged on one variant and level.
     *
     * @param condition the condition
     * @param row       the compared variant, level and metric
     * @param verdict   pass, inconclusive (crossed without significance) or fail
     */
    public record Check(Condition condition, CampaignComparison.Row row, Verdict verdict) {
    }

    /** Names a user may write for a metric, besides its id ({@link Metric#id()}). */
    private static final Map<String, Metric> ALIASES = Map.ofEntries(
            Map.entry("throughput", Metric.THROUGHPUT), Map.entry("tput", Metric.THROUGHPUT),
            Map.entry("errors", Metric.ERROR_RATE), Map.entry("mean", Metric.LATENCY_MEAN),
            Map.entry("p50", Metric.LATENCY_P50), Map.entry("p90", Metric.LATENCY_P90),
            Map.entry("p95", Metric.LATENCY_P95), Map.entry("p99", Metric.LATENCY_P99),
            Map.entry("p999", Metric.LATENCY_P999), Map.entry("p99.9", Metric.LATENCY_P999),
            Map.entry("max", Metric.LATENCY_MAX), Map.entry("cpu", Metric.CPU),
            Map.entry("cpu_per_request", Metric.CPU_PER_REQUEST), Map.entry("rss", Metric.RSS),
            Map.entry("heap", Metric.HEAP), Map.entry("gc", Metric.GC_PAUSE));

    private static final Pattern CONDITION =
            Pattern.compile("\\s*([A-Za-z][A-Za-z0-9_.]*)\\s*([<>])\\s*([+-]?\\d+(?:\\.\\d+)?)\\s*(%?)\\s*");

    public RegressionGate {
        conditions = List.copyOf(conditions);
    }

    /**
     * Parses {@code 'throughput<-5%,p99>+10%'}: comma-separated conditions {@code METRIC OP NUMBER[%]}.
     *
     * @throws LabException naming the bad condition and the accepted metrics
     */
    public static RegressionGate parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new LabException("--fail-if needs at least one condition, e.g. 'throughput<-5%,p99>+10%'");
        }
        List<Condition> out = new ArrayList<>();
        for (String part : spec.split(",", -1)) {
            Matcher m = CONDITION.matcher(part);
            if (!m.matches()) {
                throw new LabException("--fail-if: cannot read '" + part.strip() + "'; write METRIC<NUMBER[%] or "
                        + "METRIC>NUMBER[%], e.g. 'throughput<-5%,p99>+10%'");
            }
            Metric metric = metric(m.group(1));
            out.add(new Condition(metric, m.group(2).equals("<"),
                    Double.parseDouble(m.group(3)) / (m.group(4).isEmpty() ? 1 : 100.0), !m.group(4).isEmpty(),
                    part.strip()));
        }
        return new RegressionGate(out);
    }

    private static Metric metric(String name) {
        String key = name.toLowerCase(Locale.ROOT);
        Metric alias = ALIASES.get(key);
        if (alias != null) {
            return alias;
        }
        for (Metric metric : Metric.values()) {
            if (metric.id().equals(key)) {
                return metric;
            }
        }
        Set<String> known = new LinkedHashSet<>(new java.util.TreeSet<>(ALIASES.keySet()));
        for (Metric metric : Metric.values()) {
            known.add(metric.id());
        }
        throw new LabException("--fail-if: unknown metric '" + name + "'; known: " + String.join(", ", known));
    }

    /** The metrics the conditions name, for {@link CampaignComparison#compare} to compare. */
    public List<Metric> metrics() {
        return conditions.stream().map(Condition::metric).distinct().toList();
    }

    /** Every condition judged on every row of its metric, in the conditions' order. */
    public List<Check> judge(CampaignComparison comparison) {
        List<Check> checks = new ArrayList<>();
        for (Condition condition : conditions) {
            for (CampaignComparison.Row row : comparison.rows()) {
                if (row.metric() != condition.metric()) {
                    continue;
                }
                Verdict verdict = !condition.crossed(row) ? Verdict.PASS
                        : row.significant() ? Verdict.FAIL : Verdict.INCONCLUSIVE;
                checks.add(new Check(condition, row, verdict));
            }
        }
        return checks;
    }

    /** Whether any check failed. */
    public static boolean failed(List<Check> checks) {
        return checks.stream().anyMatch(c -> c.verdict() == Verdict.FAIL);
    }
}
