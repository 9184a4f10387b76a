package io.paradigmlab.lab.report;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.stats.AotEffect;
import io.paradigmlab.lab.stats.CampaignStatistics;
import io.paradigmlab.lab.stats.CampaignSummary;
import io.paradigmlab.lab.stats.Comparison;
import io.paradigmlab.lab.stats.Crossover;
import io.paradigmlab.lab.stats.Estimate;
import io.paradigmlab.lab.stats.LevelSummary;
import io.paradigmlab.lab.metrics.PoolMetrics;
import io.paradigmlab.lab.stats.Metric;
import io.paradigmlab.lab.stats.PoolMetric;
import io.paradigmlab.lab.stats.StaticSummary;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code report.html}: one self-contained page (inline CSS, charts as base64 PNG, no script, no external URL), so it
 * can be mailed or archived and still open offline.
 */
final class HtmlReport {

    private final CampaignResult result;
    private final CampaignSettings settings;
    private final CampaignSummary summary;
    private final List<Charts.Chart> charts;
    private final String soakSection;
    private final StringBuilder out = new StringBuilder(1 << 16);

    private HtmlReport(CampaignResult result, CampaignSummary summary, List<Charts.Chart> charts,
                       String soakSection) {
        this.result = result;
        this.settings = result.settings();
        this.summary = summary;
        this.charts = charts;
        this.soakSection = soakSection;
    }

    static String render(CampaignResult result, CampaignSummary summary, List<Charts.Chart> charts) {
        return render(result, summary, charts, "");
    }

    /** With a soak's section ({@link SoakReport#html}), right after the methodology; empty for any other campaign. */
    static String render(CampaignResult result, CampaignSummary summary, List<Charts.Chart> charts,
                         String soakSection) {
        return new HtmlReport(result, summary, charts, soakSection).page();
    }

    /** Whether this campaign was a soak: one level held in slices ({@code --soak}). */
    private boolean soak() {
        return settings != null && settings.soak();
    }

    /** "users" (closed model) or "req/s" (open model): the unit of a level. */
    static String levelUnit(CampaignSettings settings) {
        return settings != null && "open".equalsIgnoreCase(settings.model()) ? "req/s" : "users";
    }

    /** The x-axis title of the charts. */
    static String levelAxis(CampaignSettings settings) {
        return "open".equalsIgnoreCase(settings == null ? null : settings.model())
                ? "offered load (req/s)" : "concurrent users";
    }

    private String page() {
        String title = settings == null ? result.id()
                : settings.app() + " · " + settings.scenario() + " · " + settings.model() + " model";
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(esc(title)).append("</title>\n<style>\n").append(CSS).append(ProfilesHtml.CSS).append("</style>\n</head>\n<body>\n");
        out.append("<h1>").append(esc(title)).append("</h1>\n");
        out.append("<p class=\"sub\">Campaign <b>").append(esc(result.id())).append("</b> · started ")
                .append(esc(date(result.started()))).append(" · finished ").append(esc(date(result.finished())));
        if (result.started() != null && result.finished() != null) {
            out.append(" · ").append(esc(duration(Duration.between(result.started(), result.finished()))));
        }
        out.append("</p>\n");
        String sharing = result.environment() == null ? null
                : result.environment().get(io.paradigmlab.lab.launch.CpuPinning.SHARING);
        if (sharing != null && sharing.startsWith(io.paradigmlab.lab.launch.CpuPinning.SHARED)) {
            out.append("<p class=\"warn\">The load generator shared CPUs with the services (").append(esc(sharing))
                    .append("): its work took CPU time from theirs, so compare variants by their ratios in this run,"
                            + " not by absolute capacity. <code>--cpus</code> separates them.</p>\n");
        }
        section("Re-run", "rerun");
        out.append("<pre class=\"cmd\">").append(esc(result.command())).append("</pre>\n");
        scenario();
        noise();
        methodology();
        out.append(soakSection);
        ranking();
        summaryTables();
        experiment();
        crossovers();
        chartsSection();
        pools();
        out.append(ProfilesHtml.render(result.profiles(), levelUnit(settings)));
        validity();
        staticMetrics();
        allMetrics();
        settingsTable();
        environment();
        out.append("<footer>Generated by Paradigm Lab from campaign.json; measurements.csv, summary.csv, "
                + "comparisons.csv and summary.json hold the same numbers")
                .append(soak() ? "; soak.csv, soak.json and soak.md the soak's" : "")
                .append(".</footer>\n</body>\n</html>\n");
        return out.toString();
    }

    /** Whether this campaign ran a fixed-work experiment (model {@code fixed}) rather than a Hyperfoil scenario. */
    private boolean fixedWork() {
        return settings != null && "fixed".equals(settings.model());
    }

    private void experimentMethodology() {
        out.append("<p class=\"method\"><b>Fixed work.</b> Every user does a set amount of work and a run ends when"
                + " all of it is done; a level is a number of users. Each run starts a fresh service JVM on a fresh"
                + " copy of the data, so JIT warm-up is part of every run, as in the experiment this reproduces. The"
                + " <i>makespan</i> is the time from the first user's start to the last user's end; throughput is"
                + " answered requests per second of makespan; latency is from a request to its reply (the"
                + " acknowledgement), delivery latency from the server's timestamp to the frame's arrival. Memory is"
                + " read while the run goes: the peak resident set size, and the service's own gauges at their peak"
                + " (thread stacks from native memory tracking, heap after the last GC, threads). <b>Statistics.</b>"
                + " Each value is the mean over repetitions ± the half-width of its 95% confidence interval (Student's"
                + " t); ratios are paired within a repetition (geometric mean, CI95 on the log scale, <b>*</b> where"
                + " it excludes 1). <b>Validity.</b> After every run the server's work counters and its SQL"
                + " statements are read: the clients' counts must equal the server's and every variant must have done"
                + " the same work, or the run is <i>FAILED</i> and left out; likewise a run with more than ")
                .append(Fmt.fixed(settings.errorThreshold() * 100, 1))
                .append("% failed requests.</p>\n");
    }

    /** A fixed-work experiment's further numbers by user count and variant. */
    private void experiment() {
        List<String> names = ExperimentNumbers.names(result);
        if (names.isEmpty()) {
            return;
        }
        section("Makespan, delivery and memory", "experiment");
        out.append("<p class=\"note\">Mean over valid repetitions ± CI95 half-width; – where a variant does not"
                + " report the number (e.g. virtual threads on the platform variant). experiment.csv holds every"
                + " run's values, the work counts included.</p>\n");
        List<String> variants = summary.variants();
        for (String name : names) {
            out.append("<h3>").append(esc(ExperimentNumbers.label(name))).append("</h3>\n<table class=\"num\">\n<tr><th>Users</th>");
            for (String v : variants) {
                out.append("<th>").append(esc(v)).append("</th>");
            }
            out.append("</tr>\n");
            for (int level : summary.levels()) {
                out.append("<tr><td>").append(level).append("</td>");
                for (String v : variants) {
                    var e = ExperimentNumbers.estimate(result, v, level, name);
                    out.append("<td>").append(e.isEmpty() ? "–" : esc(Fmt.estimate(e, 1))).append("</td>");
                }
                out.append("</tr>\n");
            }
            out.append("</table>\n");
        }
        List<Charts.Chart> experimentCharts = charts.stream().filter(Charts.Chart::experiment).toList();
        if (!experimentCharts.isEmpty()) {
            out.append("<div class=\"charts\">\n");
            experimentCharts.forEach(this::figure);
            out.append("</div>\n");
        }
    }

    private void methodology() {
        section("Methodology", "method");
        if (fixedWork()) {
            experimentMethodology();
            return;
        }
        String unit = levelUnit(settings);
        int warmup = settings == null ? 0 : settings.warmupSeconds();
        int duration = settings == null ? 0 : settings.durationSeconds();
        double threshold = settings == null ? Double.NaN : settings.errorThreshold();
        out.append("<p class=\"method\">");
        out.append("<b>Load model.</b> In the <i>closed</i> model a level is a number of concurrent users, each "
                + "sending its next request as soon as the previous answer arrives (no think time): the offered load "
                + "adapts to the system and throughput is the outcome. In the <i>open</i> model a level is an offered "
                + "rate of arrivals, independent of the answers, so queueing shows up as latency. This campaign: <b>")
                .append(esc(settings == null ? "?" : settings.model())).append("</b>, levels in ").append(unit)
                .append(". ");
        out.append("<b>Runs.</b> Every repetition starts fresh service JVMs on a freshly seeded database; a warm-up of ")
                .append(warmup).append(" s precedes the first level and is excluded from every number; ")
                .append(soak() ? "the one level is held for " + duration + " s, measured as a whole and in "
                        + settings.soakSlices() + " slices (Soak, below). "
                        : "each level is measured for " + duration + " s. ");
        out.append("<b>Statistics.</b> Each value is the mean over repetitions ± the half-width of its 95% "
                + "confidence interval (Student's t with n−1 degrees of freedom, n = repetitions whose level is "
                + "valid); with a single repetition no interval exists and the page says so. Latency percentiles are "
                + "computed per repetition from that repetition's own histogram and then averaged: “p99” is the mean "
                + "of the per-run p99, never a percentile of merged runs. <b>Ratios are paired</b>: within a repetition the "
                + "variants ran back to back on the same machine (order rotated), so B / A is computed per "
                + "repetition and the ratio shown is the geometric mean of those per-repetition ratios with its own 95% "
                + "interval (computed on the log scale: asymmetric, never below zero); <b>*</b> marks an interval that excludes 1 (p &lt; ").append(CampaignStatistics.ALPHA)
                .append("; no interval with a single paired repetition; no correction for the many "
                        + "comparisons, so expect some marks by chance). ");
        out.append("<b>Validity.</b> A level is <i>SATURATED</i> when the achieved rate falls short of the offered "
                + "rate or latency grows without bound, and <i>FAILED</i> when more than ")
                .append(Double.isNaN(threshold) ? "the threshold of" : Fmt.fixed(threshold * 100, 1) + "% of")
                .append(" requests fail or the load generator itself was the bottleneck. Such repetitions are "
                        + "excluded from the means and counted: a cell marked <span class=\"warn\">k/n OK</span> rests "
                        + "on k of n repetitions only.</p>\n");
    }

    private void summaryTables() {
        section("Summary by level", "summary");
        List<String> variants = summary.variants();
        for (Metric metric : CampaignStatistics.COMPARED_METRICS) {
            out.append("<h3>").append(esc(Charts.title(metric))).append("</h3>\n<table class=\"num\">\n<tr><th>Level (")
                    .append(levelUnit(settings)).append(")</th>");
            for (String v : variants) {
                out.append("<th>").append(esc(v)).append("</th>");
            }
            for (int i = 0; i < variants.size(); i++) {
                for (int j = i + 1; j < variants.size(); j++) {
                    out.append("<th class=\"ratio\">").append(esc(variants.get(j))).append(" / ")
                            .append(esc(variants.get(i))).append("</th>");
                }
            }
            boolean ceiling = metric == Metric.THROUGHPUT && summary.ceiling() != null;
            out.append("</tr>\n");
            for (int level : summary.levels()) {
                out.append("<tr><th>").append(Fmt.fixed(level, 0)).append("</th>");
                for (String v : variants) {
                    out.append("<td>").append(estimateCell(summary.level(v, level), metric)).append("</td>");
                }
                for (int i = 0; i < variants.size(); i++) {
                    for (int j = i + 1; j < variants.size(); j++) {
                        Optional<Comparison> c = summary.comparison(level, metric, variants.get(i), variants.get(j));
                        out.append(c.map(this::ratioCell).orElse("<td class=\"ratio\">–</td>"));
                    }
                }
                out.append("</tr>\n");
            }
            out.append("</table>\n");
            if (ceiling) {
                // its own table, right under the throughput's: as columns of that one it would not fit the page
                out.append("<h3>Throughput / CPU ceiling (%)</h3>\n<table class=\"num\">\n<tr><th>Level (")
                        .append(levelUnit(settings)).append(")</th>");
                for (String v : variants) {
                    out.append("<th>").append(esc(v)).append(" / CPU ceiling</th>");
                }
                out.append("</tr>\n");
                for (int level : summary.levels()) {
                    out.append("<tr><th>").append(Fmt.fixed(level, 0)).append("</th>");
                    for (String v : variants) {
                        out.append("<td>").append(summary.level(v, level)
                                .map(s -> esc(Fmt.estimate(summary.ceilingFraction(s), 100))
                                        + (summary.ceilingFraction(s).isEmpty() ? "" : " %"))
                                .orElse("–")).append("</td>");
                    }
                    out.append("</tr>\n");
                }
                out.append("</table>\n");
                out.append("<p class=\"note\">CPU ceiling: ").append(esc(summary.ceiling().describe()))
                        .append(". “/ CPU ceiling” is each variant's throughput over that rate (mean ± CI95"
                                + " half-width of the throughput, divided by the ceiling; the ceiling's own error"
                                + " is not included): the share of the machine's compute, had every core done"
                                + " nothing but this request's work, that came back as answers. The services share"
                                + " the cores with the load generator and the databases, so 100 % is out of"
                                + " reach.</p>\n");
            }
        }
    }

    private String estimateCell(Optional<LevelSummary> level, Metric metric) {
        if (level.isEmpty()) {
            return "–";
        }
        LevelSummary s = level.get();
        Estimate e = s.estimate(metric);
        StringBuilder cell = new StringBuilder();
        if (s.ok() == 0) {
            cell.append("<span class=\"bad\">no valid repetition");
            String why = verdictCounts(s);
            if (!why.isEmpty()) {
                cell.append(" (").append(why).append(")");
            }
            return cell.append("</span>").toString();
        }
        if (e.isEmpty() && settings != null && settings.targets().contains(s.variant())) {
            return "<span class=\"note\">not sampled (external target)</span>";
        }
        cell.append(esc(Fmt.estimate(e, metric)));
        if (e.singleRun()) {
            cell.append(" <span class=\"note\">one repetition: no interval</span>");
        }
        if (!s.validInEveryRepetition()) {
            cell.append(" <span class=\"warn\" title=\"").append(esc(verdictCounts(s))).append("\">")
                    .append(s.ok()).append('/').append(s.repetitions()).append(" OK</span>");
        }
        return cell.toString();
    }

    private static String verdictCounts(LevelSummary s) {
        List<String> parts = new ArrayList<>();
        if (s.saturated() > 0) {
            parts.add(s.saturated() + " saturated");
        }
        if (s.failed() > 0) {
            parts.add(s.failed() + " failed");
        }
        if (s.missing() > 0) {
            parts.add(s.missing() + " not measured");
        }
        return String.join(", ", parts);
    }

    private String ratioCell(Comparison c) {
        String css = "ratio";
        if (c.significant()) {
            css += c.bBetter() ? " better" : " worse";
        }
        return "<td class=\"" + css + "\">" + ratioText(c) + "</td>";
    }

    /** "1.12× [1.05, 1.19] *", or the mean and "one repetition: no interval", or "–" with no paired repetition. */
    private static String ratioText(Comparison c) {
        Estimate r = c.ratio();
        if (r.isEmpty()) {
            return "–";
        }
        StringBuilder text = new StringBuilder(esc(Fmt.ratio(r.mean())));
        if (r.hasInterval()) {
            text.append(" <small>[").append(Fmt.fixed(r.ciLow(), 2)).append(", ").append(Fmt.fixed(r.ciHigh(), 2))
                    .append("]</small>");
        } else {
            text.append(" <span class=\"note\">one repetition: no interval</span>");
        }
        if (c.significant()) {
            text.append(" <b>*</b>");
        }
        return text.toString();
    }

    /** What was measured and how the variants were checked before: the scenario, its requests and their work. */
    private void scenario() {
        section("Scenario and verification", "scenario");
        String description = result.environment() == null ? null : result.environment().get("scenario");
        out.append("<p><b>").append(esc(settings == null ? "?" : settings.scenario())).append("</b>");
        if (description != null) {
            out.append(": ").append(esc(description.substring(description.indexOf(':') + 1).strip()));
        }
        out.append("</p>\n");
        if (settings != null) {
            out.append("<p>Measured path: <b>").append(settings.viaGateway()
                    ? "through each variant's gateway</b> (client → gateway → services; the gateway's process is"
                            + " sampled with the services', and its startup and memory are listed as the service"
                            + " “gateway”)"
                    : "straight to the services</b> (no gateway in front; ./lab run --via-gateway puts it there)")
                    .append(". The verification below addresses the services directly, where the work per request"
                            + " is counted.</p>\n");
        }
        if (settings != null && !settings.launchSettings().isEmpty()) {
            out.append("<p>Every launched variant ran with the launch settings <b>").append(esc(String.join(", ",
                    settings.launchSettings().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList())))
                    .append("</b>").append(settings.launchSettings().containsKey("faithful")
                            ? ": the seed's original code, defects included, not the fair comparison" : "")
                    .append(".</p>\n");
        }
        if (settings != null && !settings.targets().isEmpty()) {
            out.append("<p class=\"note\">External targets (not launched by the lab; their processes are not "
                    + "sampled, so their resource numbers read “not sampled”): ")
                    .append(esc(String.join(", ", settings.targets()))).append(".</p>\n");
        }
        var verification = result.verification();
        if (verification == null) {
            out.append("<p class=\"warn\">No verification ran before this campaign: nothing shows that the "
                    + "implementations answered the same or did the same work.</p>\n");
            return;
        }
        out.append(verification.passed()
                ? "<p class=\"better\">Verification passed: before any load, every implementation answered the "
                        + "scenario's requests the same (normalized), and every launched variant did the same work per "
                        + "request, as listed below.</p>\n"
                : "<p class=\"bad\">Verification failed: the implementations differ (below).</p>\n");
        out.append("<table>\n<tr><th>#</th><th>Request</th><th>Service</th><th>Status</th>"
                + "<th>Work per request (SQL statements, calls between services, Redis commands)</th></tr>\n");
        int i = 0;
        for (var request : verification.requests()) {
            out.append("<tr><td class=\"n\">").append(++i).append("</td><td><code>").append(esc(request.request()))
                    .append("</code></td><td>").append(esc(request.service())).append("</td><td class=\"n\">")
                    .append(request.status()).append("</td><td>");
            if (request.work() == null || request.work().isEmpty()) {
                out.append("<span class=\"note\">none counted</span>");
            }
            request.work().forEach((work, count) -> out.append("<div><code>").append(esc(work)).append("</code>")
                    .append(count == 1 ? "" : " <b>×" + count + "</b>").append("</div>"));
            out.append("</td></tr>\n");
        }
        out.append("</table>\n");
        for (String d : verification.differences()) {
            out.append("<p class=\"bad\">").append(esc(d)).append("</p>\n");
        }
        for (String n : verification.notes()) {
            out.append("<p class=\"note\">").append(esc(n)).append("</p>\n");
        }
    }

    /** How much two identical runs of one variant differ here: the floor under every ratio of the page. */
    private void noise() {
        if (summary.noise().isEmpty()) {
            return;
        }
        section("Noise of this machine", "noise");
        String variant = settings.noiseVariant();
        double worst = -1;
        for (Comparison c : summary.noise()) {
            if (c.metric() == Metric.THROUGHPUT && c.ratio().hasInterval()) {
                worst = Math.max(worst, Math.max(Math.abs(c.ratio().ciHigh() - 1), Math.abs(1 - c.ratio().ciLow())));
            }
        }
        out.append("<p>In every repetition <b>").append(esc(variant)).append("</b> ran a second, identical time (")
                .append(esc(CampaignSettings.repeatOf(variant))).append("). Ideally the two agree exactly (1.00×); ");
        if (worst >= 0) {
            out.append("here identical runs differ in throughput by up to <b>±").append(Fmt.fixed(worst * 100, 1))
                    .append(" %</b> (the widest CI95 of the ratio of two identical runs over the levels). A ratio "
                            + "between variants closer to 1 than that is not a finding on this machine.</p>\n");
        } else {
            out.append("with fewer than two repetitions there is no interval for the noise.</p>\n");
        }
        out.append("<table class=\"num\">\n<tr><th>Level (").append(levelUnit(settings)).append(")</th>");
        for (Metric metric : CampaignStatistics.COMPARED_METRICS) {
            out.append("<th>").append(esc(metric.label())).append("</th>");
        }
        out.append("</tr>\n");
        for (int level : summary.levels()) {
            out.append("<tr><th>").append(Fmt.fixed(level, 0)).append("</th>");
            for (Metric metric : CampaignStatistics.COMPARED_METRICS) {
                out.append(summary.noise(level, metric).map(this::ratioCell).orElse("<td class=\"ratio\">–</td>"));
            }
            out.append("</tr>\n");
        }
        out.append("</table>\n");
    }

    /** Per level, the variants ordered by throughput, each against the next one down, in plain words. */
    private void ranking() {
        section("Ranking by throughput", "ranking");
        List<String> variants = summary.variants();
        if (variants.size() < 2) {
            out.append("<p class=\"note\">One implementation: nothing to rank.</p>\n");
            return;
        }
        out.append("<p class=\"note\">Paired ratios of throughput (geometric mean of per-repetition ratios, CI95). "
                + "“&gt;” only where the interval excludes 1.</p>\n<ul>\n");
        for (int level : summary.levels()) {
            List<String> ordered = new ArrayList<>(variants.stream()
                    .filter(v -> summary.level(v, level).map(l -> l.ok() > 0).orElse(false)).toList());
            ordered.sort(Comparator.comparingDouble((String v) -> summary.level(v, level).orElseThrow()
                    .estimate(Metric.THROUGHPUT).mean()).reversed());
            out.append("<li><b>").append(Fmt.fixed(level, 0)).append(' ').append(levelUnit(settings)).append("</b>: ");
            if (ordered.size() < 2) {
                out.append("<span class=\"note\">fewer than two implementations valid at this level</span></li>\n");
                continue;
            }
            List<String> parts = new ArrayList<>();
            for (int i = 0; i + 1 < ordered.size(); i++) {
                String upper = ordered.get(i);
                String lower = ordered.get(i + 1);
                Optional<Comparison> c = summary.comparison(level, Metric.THROUGHPUT, lower, upper);
                parts.add(c.map(x -> pairSentence(upper, lower, x)).orElse(esc(upper) + " ? " + esc(lower)));
            }
            out.append(String.join("; ", parts)).append("</li>\n");
        }
        out.append("</ul>\n");
    }

    /**
     * "async &gt; virtual by 12 % [5 %, 19 %]" or "async ≈ virtual (no significant difference ...)"; {@code c} is
     * upper / lower, paired. Where the paired ratio contradicts the order of the unpaired means, the pair wins.
     */
    private static String pairSentence(String upper, String lower, Comparison c) {
        Estimate r = c.ratio();
        if (r.isEmpty()) {
            return esc(upper) + " ? " + esc(lower) + " <span class=\"note\">(never both valid in one repetition)</span>";
        }
        if (c.significant() && !c.bBetter()) {
            return pairSentence(lower, upper, c.swap());
        }
        String by = percent(r.mean() - 1);
        if (!r.hasInterval()) {
            return esc(upper) + " ≥ " + esc(lower) + " by " + by
                    + " <span class=\"note\">(one repetition: no interval)</span>";
        }
        String interval = " [" + percent(r.ciLow() - 1) + ", " + percent(r.ciHigh() - 1) + "]";
        return c.significant()
                ? "<b>" + esc(upper) + " &gt; " + esc(lower) + "</b> by " + by + interval
                : esc(upper) + " ≈ " + esc(lower) + " <span class=\"note\">(no significant difference: " + by
                        + interval + ")</span>";
    }

    /** A relative difference in whole percent, never "-0 %". */
    private static String percent(double fraction) {
        long whole = Math.round(fraction * 100);
        return (whole == 0 ? "0" : Fmt.fixed(whole, 0)) + " %";
    }

    private void crossovers() {
        section("Crossover points", "crossovers");
        out.append("<p class=\"note\">For each pair, the lowest level from which one variant's mean is better at "
                + "every higher level (higher throughput, lower latency), after not being better just below; only "
                + "levels where both have a valid repetition are compared, on the paired ratio. “significant” means the "
                + "ratio's 95% interval excludes 1 (p &lt; ").append(CampaignStatistics.ALPHA)
                .append(") at each of those levels.</p>\n");
        out.append("<table>\n<tr><th>Metric</th><th>Pair</th><th>Result</th><th>Levels compared</th></tr>\n");
        List<String> variants = summary.variants();
        for (Metric metric : CampaignStatistics.CROSSOVER_METRICS) {
            for (int i = 0; i < variants.size(); i++) {
                for (int j = i + 1; j < variants.size(); j++) {
                    String a = variants.get(i);
                    String b = variants.get(j);
                    Optional<Crossover> ab = summary.crossover(metric, a, b);
                    Optional<Crossover> ba = summary.crossover(metric, b, a);
                    if (ab.isEmpty() || ba.isEmpty()) {
                        continue;
                    }
                    out.append("<tr><td>").append(esc(metric.label())).append("</td><td>").append(esc(a))
                            .append(" vs ").append(esc(b)).append("</td><td>")
                            .append(describe(ab.get(), ba.get())).append("</td><td>")
                            .append(esc(String.join(", ", ab.get().levelsCompared().stream().map(String::valueOf)
                                    .toList()))).append("</td></tr>\n");
                }
            }
        }
        out.append("</table>\n");
    }

    /** A sentence for one unordered pair, from the crossover of each direction. */
    private String describe(Crossover ab, Crossover ba) {
        String unit = levelUnit(settings);
        if (ab.kind() == Crossover.Kind.NO_DATA) {
            return "<span class=\"note\">none: no level where both have a valid repetition</span>";
        }
        for (Crossover c : List.of(ab, ba)) {
            String winner = "<b>" + esc(c.variantB()) + "</b>";
            String loser = esc(c.variantA());
            if (c.kind() == Crossover.Kind.ALWAYS_BETTER) {
                return winner + " better than " + loser + " at every level" + significance(c);
            }
            if (c.kind() == Crossover.Kind.CROSSOVER) {
                int level = c.level().orElseThrow();
                int below = c.levelsCompared().get(c.levelsCompared().indexOf(level) - 1);
                return winner + " better than " + loser + " from " + Fmt.fixed(level, 0) + " " + unit
                        + " up (not at " + Fmt.fixed(below, 0) + ")" + significance(c);
            }
        }
        return "none: no consistent order (equal means at the highest level)";
    }

    private static String significance(Crossover c) {
        return c.significant() ? " <span class=\"better\">significant</span>"
                : " <span class=\"note\">not significant at every level</span>";
    }

    private void chartsSection() {
        section("Charts", "charts");
        out.append("<p class=\"note\">Mean over valid repetitions; bars are 95% confidence intervals (none with a "
                + "single repetition); a gap means no valid repetition at that level.")
                .append(Charts.logX(summary.levels()) ? " The level axis is logarithmic (a geometric ladder of "
                        + "levels, or levels spanning more than " + (int) Charts.LOG_X_SPAN + "×)." : "").append("</p>\n<div class=\"charts\">\n");
        charts.stream().filter(c -> c.metric() != null).forEach(this::figure);
        out.append("</div>\n");
    }

    private void figure(Charts.Chart chart) {
        out.append("<figure><img alt=\"").append(esc(chart.title())).append("\" width=\"").append(Charts.WIDTH)
                .append("\" height=\"").append(Charts.HEIGHT).append("\" src=\"data:image/png;base64,")
                .append(Base64.getEncoder().encodeToString(chart.png())).append("\"></figure>\n");
    }

    /**
     * The services' pools (executors, schedulers) per variant and level, from their Prometheus metrics; absent when
     * no variant reports any.
     */
    private void pools() {
        if (summary.pools().isEmpty()) {
            return;
        }
        section("Pools", "pools");
        out.append("<p class=\"note\">The executors and schedulers the services report on their Prometheus endpoint"
                + " (Micrometer's <code>executor_*</code> metrics by their <code>name</code> tag, rejected-task"
                + " counters, and the JDK's virtual thread scheduler as <code>").append(esc(PoolMetrics.VIRTUAL))
                .append("</code>), sampled every second with the other resources and summed over the variant's"
                        + " service processes (and over the workers of one scheduler). Gauges are means over the"
                        + " level's window, utilization is mean active / mean max threads, counters (completed,"
                        + " rejected, virtual threads started, pinned events) are differences over the window. Each"
                        + " value is the mean over valid repetitions ± CI95 half-width; – where the pool does not"
                        + " report it.</p>\n");
        boolean virtual = summary.pools().stream().anyMatch(p -> p.reports(PoolMetric.STARTED)
                || p.reports(PoolMetric.PINNED));
        List<PoolMetric> columns = new ArrayList<>(List.of(PoolMetric.ACTIVE, PoolMetric.MAX, PoolMetric.UTILIZATION,
                PoolMetric.SIZE, PoolMetric.QUEUED, PoolMetric.COMPLETED, PoolMetric.REJECTED));
        if (virtual) {
            columns.addAll(List.of(PoolMetric.STARTED, PoolMetric.PINNED));
        }
        for (String v : summary.variants()) {
            List<String> names = summary.pools().stream().filter(p -> p.variant().equals(v)).map(p -> p.pool())
                    .distinct().sorted().toList();
            out.append("<h3>").append(esc(v)).append("</h3>\n");
            if (names.isEmpty()) {
                out.append("<p class=\"note\">").append(settings != null && settings.targets().contains(v)
                        ? "External target: not sampled." : "No pool reported.").append("</p>\n");
                continue;
            }
            out.append("<table class=\"num\">\n<tr><th>Pool</th><th>Level (").append(levelUnit(settings))
                    .append(")</th>");
            for (PoolMetric metric : columns) {
                out.append("<th>").append(esc(metric.label())).append(" (").append(esc(poolUnit(metric)))
                        .append(")</th>");
            }
            out.append("</tr>\n");
            for (String name : names) {
                for (int level : summary.levels()) {
                    var pool = summary.pool(v, level, name);
                    if (pool.isEmpty()) {
                        continue;
                    }
                    out.append("<tr><th>").append(esc(name)).append("</th><th>").append(Fmt.fixed(level, 0))
                            .append("</th>");
                    for (PoolMetric metric : columns) {
                        out.append("<td>").append(esc(Fmt.estimate(pool.get().estimate(metric),
                                metric == PoolMetric.UTILIZATION ? 100 : 1))).append("</td>");
                    }
                    out.append("</tr>\n");
                }
            }
            out.append("</table>\n");
        }
        List<Charts.Chart> poolCharts = charts.stream().filter(c -> c.metric() == null && !c.experiment()).toList();
        if (!poolCharts.isEmpty()) {
            out.append("<div class=\"charts\">\n");
            poolCharts.forEach(this::figure);
            out.append("</div>\n");
        }
    }

    private static String poolUnit(PoolMetric metric) {
        return metric == PoolMetric.UTILIZATION ? "%" : metric.unit();
    }

    private void validity() {
        section("Validity", "validity");
        List<String> variants = summary.variants();
        out.append("<table class=\"num\">\n<tr><th>Level (").append(levelUnit(settings)).append(")</th>");
        variants.forEach(v -> out.append("<th>").append(esc(v)).append("</th>"));
        out.append("</tr>\n");
        for (int level : summary.levels()) {
            out.append("<tr><th>").append(Fmt.fixed(level, 0)).append("</th>");
            for (String v : variants) {
                Optional<LevelSummary> s = summary.level(v, level);
                String text = s.map(l -> l.ok() + "/" + l.repetitions() + " OK"
                        + (verdictCounts(l).isEmpty() ? "" : " · " + verdictCounts(l))).orElse("–");
                String css = s.map(l -> l.validInEveryRepetition() ? "" : l.ok() == 0 ? "bad" : "warn").orElse("");
                out.append("<td class=\"").append(css).append("\">").append(esc(text)).append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</table>\n");

        List<LevelMeasurement> invalid = result.measurements().stream()
                .filter(m -> m.verdict() != LevelMeasurement.Verdict.OK)
                .sorted(Comparator.comparingInt((LevelMeasurement m) -> variants.indexOf(m.variant()))
                        .thenComparingInt(LevelMeasurement::repetition).thenComparingInt(LevelMeasurement::level))
                .toList();
        if (invalid.isEmpty()) {
            out.append("<p>Every measured level of every repetition was OK.</p>\n");
            return;
        }
        out.append("<h3>Levels excluded from the statistics</h3>\n<table>\n<tr><th>Variant</th><th>Repetition</th>"
                + "<th>Level</th><th>Verdict</th><th>Reason</th><th>Throughput (req/s)</th><th>Errors / requests</th>"
                + "</tr>\n");
        for (LevelMeasurement m : invalid) {
            out.append("<tr><td>").append(esc(m.variant())).append("</td><td class=\"n\">").append(m.repetition())
                    .append("</td><td class=\"n\">").append(Fmt.fixed(m.level(), 0)).append("</td><td class=\"")
                    .append(m.verdict() == LevelMeasurement.Verdict.FAILED ? "bad" : "warn").append("\">")
                    .append(m.verdict()).append("</td><td>").append(esc(m.verdictReason())).append("</td><td class=\"n\">")
                    .append(Fmt.number(m.throughput())).append("</td><td class=\"n\">")
                    .append(Fmt.fixed(m.errors(), 0)).append(" / ").append(Fmt.fixed(m.requests(), 0))
                    .append("</td></tr>\n");
        }
        out.append("</table>\n");
    }

    private void staticMetrics() {
        section("Static metrics", "statics");
        if (summary.statics().isEmpty()) {
            out.append("<p class=\"note\">No static metric was recorded.</p>\n");
            return;
        }
        out.append("<p class=\"note\">Measured on fresh JVMs before any load (seed 000, table 4). <i>First answer</i>:"
                + " the deployment's start-up (its last service healthy) plus the response time of the scenario's first"
                + " iteration, one user. Rows without the AOT cache come from the start-up probe (a start of the same"
                + " variant in the same repetition, no load), or from a campaign run with --set aot=off.</p>\n");
        out.append("<table>\n<tr><th>Variant</th><th>Service</th><th>AOT cache</th><th>Start-up (s)</th>"
                + "<th>First answer (s)</th><th>Heap after start (MB)</th><th>RSS after start (MB)</th>"
                + "<th>Artifact (MB)</th><th>n</th></tr>\n");
        for (StaticSummary s : summary.statics()) {
            out.append("<tr><td>").append(esc(s.variant())).append("</td><td>").append(esc(s.service()))
                    .append("</td><td>").append(s.aot() ? "on" : "off").append("</td>");
            for (Estimate e : List.of(s.startupSeconds(), s.firstAnswerSeconds(), s.heapAfterStartMb(),
                    s.rssAfterStartMb(), s.artifactMb())) {
                out.append("<td class=\"n\">").append(e.isEmpty() ? "&ndash;" : esc(Fmt.estimate(e, 1)))
                        .append("</td>");
            }
            int n = s.startupSeconds().n();
            out.append("<td class=\"n\">").append(n).append(n == 1 ? " <span class=\"note\">one repetition: no interval</span>" : "")
                    .append("</td></tr>\n");
        }
        out.append("</table>\n");
        List<AotEffect> effects = CampaignStatistics.aotEffects(result);
        if (effects.isEmpty()) {
            return;
        }
        out.append("<h3>What the AOT cache changes</h3>\n<p class=\"note\">With the cache divided by without it, in the"
                + " same repetition: geometric mean of the per-repetition ratios with its 95 % interval; below 1 the"
                + " cache made it faster or smaller.</p>\n<table>\n<tr><th>Variant</th><th>Service</th>"
                + "<th>Start-up</th><th>First answer</th><th>RSS after start</th><th>n</th></tr>\n");
        for (AotEffect e : effects) {
            out.append("<tr><td>").append(esc(e.variant())).append("</td><td>").append(esc(e.service())).append("</td>");
            for (Estimate ratio : List.of(e.startup(), e.firstAnswer(), e.rss())) {
                out.append("<td class=\"n\">").append(ratio.isEmpty() ? "&ndash;" : esc(Fmt.ratio(ratio.mean()))
                        + (ratio.hasInterval() ? " <small>[" + Fmt.fixed(ratio.ciLow(), 2) + ", "
                        + Fmt.fixed(ratio.ciHigh(), 2) + "]</small>" : "")).append("</td>");
            }
            out.append("<td class=\"n\">").append(e.startup().n()).append("</td></tr>\n");
        }
        out.append("</table>\n");
    }

    private void allMetrics() {
        section("All metrics", "all");
        out.append("<details><summary>Every metric per variant and level (mean ± CI95 half-width over valid "
                + "repetitions)</summary>\n");
        for (String v : summary.variants()) {
            out.append("<h3>").append(esc(v)).append("</h3>\n<table class=\"num\">\n<tr><th>Metric</th>");
            summary.levels().forEach(l -> out.append("<th>").append(Fmt.fixed(l, 0)).append(' ')
                    .append(levelUnit(settings)).append("</th>"));
            out.append("</tr>\n");
            for (Metric metric : Metric.values()) {
                out.append("<tr><th>").append(esc(Fmt.title(metric))).append("</th>");
                for (int level : summary.levels()) {
                    out.append("<td>").append(estimateCell(summary.level(v, level), metric)).append("</td>");
                }
                out.append("</tr>\n");
            }
            out.append("</table>\n");
        }
        out.append("</details>\n");
    }

    private void settingsTable() {
        section("Settings", "settings");
        if (settings == null) {
            out.append("<p class=\"note\">No settings recorded.</p>\n");
            return;
        }
        out.append("<table class=\"kv\">\n");
        row("Application", settings.app());
        row("Scenario", settings.scenario());
        row("Variants", String.join(", ", settings.variants()));
        row("External targets", settings.targets().isEmpty() ? "none" : String.join(", ", settings.targets()));
        row("Noise check", settings.noiseVariant() == null ? "off"
                : settings.noiseVariant() + " ran twice in every repetition");
        row("Data scale", settings.scale() == null ? "?" : settings.scale());
        row("Load model", settings.model());
        row("Levels (" + levelUnit(settings) + ")",
                String.join(", ", settings.levels().stream().map(String::valueOf).toList()));
        row("Repetitions", String.valueOf(settings.repetitions()));
        row("Warm-up", settings.warmupSeconds() + " s");
        if (settings.soak()) {
            row("Soak window", settings.durationSeconds() + " s in " + settings.soakSlices() + " slices of "
                    + settings.durationSeconds() / settings.soakSlices() + " s");
        } else {
            row("Measured window per level", settings.durationSeconds() + " s");
        }
        row("Users in the data set", String.valueOf(settings.users()));
        row("Seed", String.valueOf(settings.seed()));
        row("Security (token checks)", settings.security() ? "on" : "off");
        row("Measured path", settings.viaGateway() ? "through the gateway" : "straight to the services");
        row("Launch settings", settings.launchSettings().isEmpty() ? "the application's defaults"
                : String.join(", ", settings.launchSettings().entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).toList()));
        row("Start-up probe", !settings.probesStartup() ? "off"
                : (CampaignSettings.PROBE_EVERY.equals(settings.startupProbe())
                ? "on: each launched variant also started once per repetition,"
                : "first: each launched variant also started once, in the first repetition,")
                + " with the opposite AOT cache setting (static metrics)");
        row("Error threshold", Fmt.fixed(settings.errorThreshold() * 100, 2) + "%");
        out.append("</table>\n");
    }

    private void environment() {
        section("Environment", "environment");
        if (result.environment() == null || result.environment().isEmpty()) {
            out.append("<p class=\"note\">No environment recorded.</p>\n");
            return;
        }
        out.append("<table class=\"kv\">\n");
        result.environment().forEach(this::row);
        out.append("</table>\n");
    }

    private void row(String key, String value) {
        out.append("<tr><th>").append(esc(key)).append("</th><td>").append(esc(value)).append("</td></tr>\n");
    }

    private void section(String title, String id) {
        out.append("<h2 id=\"").append(id).append("\">").append(esc(title)).append("</h2>\n");
    }

    private static String date(Instant instant) {
        return instant == null ? "?" : instant.truncatedTo(ChronoUnit.SECONDS).toString().replace('T', ' ')
                .replace("Z", " UTC");
    }

    private static String duration(Duration d) {
        return String.format(Locale.ROOT, "%dh %02dm %02ds", d.toHours(), d.toMinutesPart(), d.toSecondsPart());
    }

    static String esc(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    private static final String CSS = """
            body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:24px auto;\
            max-width:1320px;padding:0 16px;color:#1b1f24;line-height:1.45}
            h1{margin:0 0 4px;font-size:26px}
            h2{margin:32px 0 8px;padding-bottom:4px;border-bottom:2px solid #d0d7de;font-size:20px}
            h3{margin:18px 0 6px;font-size:16px}
            .sub{color:#57606a;margin:0}
            pre.cmd{background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:10px 12px;\
            white-space:pre-wrap;word-break:break-all;font-size:13px}
            p.method{max-width:1100px}
            table{border-collapse:collapse;margin:6px 0 12px;font-size:13px}
            th,td{border:1px solid #d0d7de;padding:4px 8px;vertical-align:top}
            th{background:#f6f8fa;text-align:left;font-weight:600}
            table.num td,td.n{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
            table.kv th{width:260px}
            td.ratio,th.ratio{background:#fbfbfc}
            td.better,span.better{color:#116329}
            td.worse{color:#a40e26}
            .warn{color:#9a6700;font-weight:600}
            td.warn{background:#fff8c5}
            .bad{color:#a40e26;font-weight:600}
            td.bad{background:#ffebe9}
            .note{color:#57606a;font-size:12px}
            small{color:#57606a}
            .charts{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px}
            figure{margin:0;border:1px solid #d0d7de;border-radius:6px;padding:4px;background:#fff}
            figure img{width:100%;height:auto;display:block}
            details summary{cursor:pointer;font-weight:600;margin:6px 0}
            footer{margin:32px 0 8px;color:#57606a;font-size:12px}
            """;
}
