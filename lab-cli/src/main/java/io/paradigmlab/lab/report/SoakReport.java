package io.paradigmlab.lab.report;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.SoakSlice;
import io.paradigmlab.lab.stats.Estimate;
import io.paradigmlab.lab.stats.SoakAnalysis;
import io.paradigmlab.lab.stats.SoakQuantity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A soak's report files and page section (docs/methodology.md, "Soak"): {@value ReportWriter#SOAK_CSV} (every
 * slice), {@value ReportWriter#SOAK_JSON} (the analysis), {@value ReportWriter#SOAK_MD} (the table, in Markdown that
 * docs can include as it is) and the HTML report's "Soak" section. Every number comes from {@link SoakAnalysis}.
 */
final class SoakReport {

    private SoakReport() {
    }

    /** One row per variant, repetition and slice, in the analysis' variant order; latencies in microseconds. */
    static Csv csv(CampaignResult result, SoakAnalysis.Soak soak) {
        Csv csv = new Csv("variant", "repetition", "level", "slice", "start_s", "duration_s", "requests", "errors",
                "throughput", "latency_p50_us", "latency_p99_us", "cpu_percent", "rss_mb", "heap_used_mb",
                "heap_after_gc_mb", "heap_floor_mb", "threads", "open_files", "gc_pause_ms_per_s",
                "loader_cpu_percent", "verdict", "verdict_reason");
        List<String> order = soak.variants().stream().map(SoakAnalysis.Variant::variant).toList();
        List<SoakSlice> slices = result.soak().stream()
                .sorted(Comparator.comparingInt((SoakSlice s) -> order.indexOf(s.variant()))
                        .thenComparingInt(SoakSlice::repetition).thenComparingInt(SoakSlice::slice))
                .toList();
        for (SoakSlice s : slices) {
            LevelMeasurement m = s.measurement();
            LevelMeasurement.Resources r = m.service() == null ? LevelMeasurement.Resources.NONE : m.service();
            double p50 = m.latency() == null ? Double.NaN : m.latency().p50();
            double p99 = m.latency() == null ? Double.NaN : m.latency().p99();
            csv.row(m.variant(), m.repetition(), m.level(), s.slice(), s.startSeconds(), m.durationSeconds(),
                    m.requests(), m.errors(), m.throughput(), p50, p99, r.cpuPercent(), r.rssMb(), r.heapUsedMb(),
                    r.heapAfterGcMb(), r.heapFloorMb(), r.threads(), r.openFiles(), r.gcPauseMsPerSecond(),
                    m.loaderCpuPercent(), m.verdict(), m.verdictReason());
        }
        return csv;
    }

    /** The analysis: the soak's shape, the limits, and per variant each quantity summarized and per repetition. */
    static ObjectNode json(CampaignResult result, SoakAnalysis.Soak soak) {
        ObjectNode root = CampaignJson.MAPPER.createObjectNode();
        root.put("campaign", result.id());
        CampaignSettings settings = result.settings();
        if (settings != null) {
            root.put("app", settings.app());
            root.put("scenario", settings.scenario());
            root.put("model", settings.model());
            // adaptive: the cap (each run's own warm-up is in summary.json's steadyState.warmups)
            root.put("warmupSeconds", settings.warmupSeconds());
            root.put("warmup", settings.steadyState().adaptive() ? "adaptive" : "fixed");
            root.put("repetitions", settings.repetitions());
        }
        root.put("level", soak.level());
        root.put("slices", soak.slices());
        root.put("sliceSeconds", soak.sliceSeconds());
        root.put("windowSeconds", soak.slices() * soak.sliceSeconds());
        root.put("fifthSlices", soak.fifth());
        ObjectNode limits = root.putObject("limits");
        limits.put("rssGrowth", SoakAnalysis.RSS_GROWTH_LIMIT);
        limits.put("p99Drift", SoakAnalysis.P99_DRIFT_LIMIT);
        root.put("change", "(mean of the last fifth of the slices - mean of the first fifth) / mean of the first fifth");
        root.put("slope", "least squares over the slices' middles, in the quantity's unit per hour");
        ArrayNode variants = root.putArray("variants");
        for (SoakAnalysis.Variant v : soak.variants()) {
            ObjectNode node = variants.addObject();
            node.put("variant", v.variant());
            node.put("noiseRepeat", v.noiseRepeat());
            node.put("heapAfterGc", v.heapFloor() ? "heap floor (no heap after GC reported)"
                    : "jvm_memory_usage_after_gc");
            ObjectNode flags = node.putObject("flags");
            flags.put("rssGrowth", v.rssGrowth());
            flags.put("p99Drift", v.p99Drift());
            flags.put("runs", v.runs().size());
            flags.put("runsWithRssGrowth", v.runsWithRssGrowth());
            flags.put("runsWithP99Drift", v.runsWithP99Drift());
            ObjectNode quantities = node.putObject("quantities");
            for (SoakAnalysis.Summary s : v.summaries()) {
                ObjectNode q = quantities.putObject(s.quantity().id());
                q.put("unit", s.quantity().unit());
                SummaryJson.estimate(q.putObject("slopePerHour"), s.slopePerHour());
                SummaryJson.estimate(q.putObject("firstFifth"), s.firstFifth());
                SummaryJson.estimate(q.putObject("lastFifth"), s.lastFifth());
                SummaryJson.estimate(q.putObject("change"), s.change());
            }
            ArrayNode runs = node.putArray("repetitions");
            for (SoakAnalysis.Run run : v.runs()) {
                ObjectNode r = runs.addObject();
                r.put("repetition", run.repetition());
                r.put("slices", run.slices());
                r.put("slicesNotOk", run.notOk());
                r.put("heapFloor", run.heapFloor());
                r.put("rssGrowth", run.rssGrowth());
                r.put("p99Drift", run.p99Drift());
                ObjectNode q = r.putObject("quantities");
                for (SoakAnalysis.Trend t : run.trends()) {
                    ObjectNode trend = q.putObject(t.quantity().id());
                    SummaryJson.number(trend, "slopePerHour", t.slopePerHour());
                    SummaryJson.number(trend, "firstFifth", t.firstFifth());
                    SummaryJson.number(trend, "lastFifth", t.lastFifth());
                    SummaryJson.number(trend, "change", t.change());
                    trend.put("values", t.values());
                }
            }
        }
        return root;
    }

    /**
     * The soak table in Markdown: a sentence on the soak's shape and the flags, then one row per variant and quantity
     * (slope per hour, first and last fifth, change, flag); with repetitions, each value is the mean over them ± the
     * CI95 half-width and a flag says in how many repetitions it was raised.
     */
    static String markdown(CampaignResult result, SoakAnalysis.Soak soak) {
        StringBuilder md = new StringBuilder();
        md.append(intro(result, soak)).append("\n\n");
        md.append("| Variant | Quantity | Slope per hour | First fifth | Last fifth | Change | Flag |\n");
        md.append("| --- | --- | ---: | ---: | ---: | ---: | --- |\n");
        for (SoakAnalysis.Variant v : soak.variants()) {
            for (SoakQuantity q : SoakQuantity.values()) {
                Row row = row(v, q);
                md.append("| ").append(v.variant()).append(" | ").append(row.quantity()).append(" | ")
                        .append(row.slope()).append(" | ").append(row.first()).append(" | ").append(row.last())
                        .append(" | ").append(row.change()).append(" | ")
                        .append(row.flag().isEmpty() ? "" : "**" + row.flag() + "**").append(" |\n");
            }
        }
        notes(result, soak).forEach(n -> md.append("\n").append(n).append("\n"));
        return md.toString();
    }

    /**
     * The HTML report's section: the shape, per variant its verdict and table, the charts; laid out by the template
     * {@code report/soak.peb}.
     */
    static String html(CampaignResult result, SoakAnalysis.Soak soak, List<Charts.Chart> charts) {
        List<Map<String, Object>> variants = new ArrayList<>();
        for (SoakAnalysis.Variant v : soak.variants()) {
            List<Row> rows = java.util.Arrays.stream(SoakQuantity.values()).map(q -> row(v, q)).toList();
            variants.add(HtmlReport.map("variant", v.variant(), "verdict", verdict(v), "noiseRepeat", v.noiseRepeat(),
                    "rows", rows.stream().map(SoakReport::rowMap).toList(),
                    "runs", v.runs().size() > 1 ? perRepetition(v) : null));
        }
        return Templates.render("soak", HtmlReport.map("intro", intro(result, soak), "variants", variants,
                "notes", notes(result, soak), "charts", HtmlReport.figures(charts)));
    }

    private static Map<String, Object> rowMap(Row row) {
        return HtmlReport.map("repetition", null, "quantity", row.quantity(), "slope", row.slope(),
                "first", row.first(), "last", row.last(), "change", row.change(), "flag", row.flag());
    }

    /** Every repetition's trends, for a soak with more than one. */
    private static List<Map<String, Object>> perRepetition(SoakAnalysis.Variant v) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (SoakAnalysis.Run run : v.runs()) {
            for (SoakAnalysis.Trend t : run.trends()) {
                String flag = t.quantity() == SoakQuantity.RSS && run.rssGrowth() ? "RSS growth"
                        : t.quantity() == SoakQuantity.LATENCY_P99 && run.p99Drift() ? "p99 drift" : "";
                rows.add(HtmlReport.map("repetition", run.repetition(),
                        "quantity", quantityLabel(t.quantity(), run.heapFloor()),
                        "slope", slope(t.slopePerHour(), t.quantity()), "first", Fmt.number(t.firstFifth()),
                        "last", Fmt.number(t.lastFifth()), "change", Fmt.percent(t.change()), "flag", flag));
            }
        }
        return rows;
    }

    /** The soak's shape and the rules, in one paragraph. */
    static String intro(CampaignResult result, SoakAnalysis.Soak soak) {
        CampaignSettings settings = result.settings();
        boolean open = settings != null && "open".equalsIgnoreCase(settings.model());
        int repetitions = soak.variants().stream().mapToInt(v -> v.runs().size()).max().orElse(0);
        return String.format(Locale.ROOT, "Soak%s: %s model at %d %s for %s s%s, in %d slices of %s s, each with its"
                        + " own throughput, latency histogram and resource means; %d repetition%s. Per variant and"
                        + " quantity: the least-squares slope over the slices, per hour; the mean of the first fifth"
                        + " (%d slice%s) and of the last fifth, and the change between them. Flags: RSS growth above %s"
                        + " and p99 drift above %s either way (first fifth to last)%s.",
                settings == null ? "" : " of " + settings.app() + " " + settings.scenario(),
                settings == null ? "?" : settings.model(), soak.level(), open ? "req/s" : "users",
                Fmt.fixed(soak.slices() * soak.sliceSeconds(), 0),
                settings == null ? "" : settings.steadyState().adaptive()
                        ? " after an adaptive warm-up of at most " + settings.warmupSeconds() + " s (excluded)"
                        : " after a " + settings.warmupSeconds() + " s warm-up (excluded)",
                soak.slices(), Fmt.fixed(soak.sliceSeconds(), soak.sliceSeconds() == Math.rint(soak.sliceSeconds())
                        ? 0 : 1), repetitions, repetitions == 1 ? "" : "s",
                soak.fifth(), soak.fifth() == 1 ? "" : "s", percentLimit(SoakAnalysis.RSS_GROWTH_LIMIT),
                percentLimit(SoakAnalysis.P99_DRIFT_LIMIT),
                repetitions > 1 ? "; with repetitions, values are means ± CI95 half-width over them, a variant is"
                        + " flagged on the mean change, and the flag says in how many repetitions it was raised" : "");
    }

    /**
     * What the reader must know beyond the table: external targets not sampled, a heap floor in place of heap after
     * GC, slices not OK.
     */
    private static List<String> notes(CampaignResult result, SoakAnalysis.Soak soak) {
        List<String> notes = new ArrayList<>();
        List<String> targets = result.settings() == null ? List.of() : soak.variants().stream()
                .map(SoakAnalysis.Variant::variant).filter(v -> result.settings().targets().contains(v)).toList();
        if (!targets.isEmpty()) {
            notes.add(String.join(", ", targets) + ": external target" + (targets.size() == 1 ? "" : "s")
                    + ", whose processes the lab does not sample; only latency and throughput are followed.");
        }
        List<String> floor = soak.variants().stream().filter(SoakAnalysis.Variant::heapFloor)
                .map(SoakAnalysis.Variant::variant).toList();
        if (!floor.isEmpty()) {
            notes.add("Heap after GC: " + String.join(", ", floor) + " reported none (no jvm_memory_usage_after_gc"
                    + " on the Prometheus endpoint); the row is the heap floor instead, the lowest heap in use among"
                    + " each slice's 1-s samples, an upper bound of the heap after GC.");
        }
        for (SoakAnalysis.Variant v : soak.variants()) {
            int notOk = v.runs().stream().mapToInt(SoakAnalysis.Run::notOk).sum();
            int all = v.runs().stream().mapToInt(SoakAnalysis.Run::slices).sum();
            if (notOk > 0) {
                notes.add(v.variant() + ": " + notOk + " of " + all + " slices were not OK (saturated or failed);"
                        + " they count in the analysis, and soak.csv gives each one's verdict.");
            }
        }
        return notes;
    }

    /** One table row, formatted: values of one run, or means ± CI95 half-width over several. */
    private record Row(String quantity, String slope, String first, String last, String change, String flag) {
    }

    private static Row row(SoakAnalysis.Variant v, SoakQuantity q) {
        SoakAnalysis.Summary s = v.summary(q);
        String flag = "";
        if (q == SoakQuantity.RSS && v.rssGrowth()) {
            flag = "RSS growth" + ofRuns(v.runsWithRssGrowth(), v);
        } else if (q == SoakQuantity.LATENCY_P99 && v.p99Drift()) {
            flag = "p99 drift" + ofRuns(v.runsWithP99Drift(), v);
        }
        return new Row(quantityLabel(q, v.heapFloor()), slope(s.slopePerHour(), q), value(s.firstFifth()),
                value(s.lastFifth()), change(s.change()), flag);
    }

    private static String ofRuns(long flagged, SoakAnalysis.Variant v) {
        return v.runs().size() > 1 ? " (" + flagged + "/" + v.runs().size() + " repetitions)" : "";
    }

    private static String quantityLabel(SoakQuantity q, boolean heapFloor) {
        return (q == SoakQuantity.HEAP_AFTER_GC && heapFloor ? "Heap floor" : q.label()) + " (" + q.unit() + ")";
    }

    private static String value(Estimate e) {
        return Fmt.estimate(e, 1);
    }

    /** "+400 MB/h", "-1.2 ms/h"; with repetitions "+400 ± 35 MB/h". */
    private static String slope(Estimate e, SoakQuantity q) {
        if (e.isEmpty()) {
            return "–";
        }
        String text = Fmt.estimate(e, 1);
        return (e.mean() > 0 ? "+" : "") + text + " " + q.unit() + "/h";
    }

    private static String slope(double v, SoakQuantity q) {
        return Double.isFinite(v) ? (v > 0 ? "+" : "") + Fmt.number(v) + " " + q.unit() + "/h" : "–";
    }

    /** "+2.2%"; with repetitions "+6.0 ± 25 %". */
    private static String change(Estimate e) {
        if (e.isEmpty()) {
            return "–";
        }
        if (!e.hasInterval()) {
            return Fmt.percent(e.mean());
        }
        return (e.mean() > 0 ? "+" : "") + Fmt.estimate(e, 100) + " %";
    }

    /** A variant's verdict for {@code soak.peb}: its {@code flags} (null without any) or its two changes. */
    private static Map<String, Object> verdict(SoakAnalysis.Variant v) {
        List<String> flags = new ArrayList<>();
        if (v.rssGrowth()) {
            flags.add("RSS grows " + change(v.summary(SoakQuantity.RSS).change()));
        }
        if (v.p99Drift()) {
            Estimate p99 = v.summary(SoakQuantity.LATENCY_P99).change();
            // a p99 that falls over the window says the warm-up was too short, not that the service degrades
            flags.add(p99.mean() > 0 ? "p99 rises " + change(p99)
                    : "p99 falls " + change(p99) + ", still warming up when the window began?");
        }
        return HtmlReport.map("flags", flags.isEmpty() ? null : String.join("; ", flags),
                "rss", change(v.summary(SoakQuantity.RSS).change()),
                "p99", change(v.summary(SoakQuantity.LATENCY_P99).change()));
    }

    private static String percentLimit(double limit) {
        return Fmt.fixed(limit * 100, 0) + " %";
    }
}
