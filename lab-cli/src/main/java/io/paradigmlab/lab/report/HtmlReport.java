package io.paradigmlab.lab.report;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.SteadyState;
import io.paradigmlab.lab.stats.AotEffect;
import io.paradigmlab.lab.stats.CampaignStatistics;
import io.paradigmlab.lab.stats.CampaignSummary;
import io.paradigmlab.lab.stats.CeilingRate;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code report.html}: one self-contained page (inline CSS, charts as base64 PNG, no script, no external URL), so it
 * can be mailed or archived and still open offline. This class computes the page's numbers and words as plain maps
 * and lists; the layout and the prose are in the template {@code report/campaign.peb} (macros in
 * {@code report/cells.peb}, styles in {@code report/report.css}, inlined), rendered by {@link Templates}.
 */
final class HtmlReport {

    private final CampaignResult result;
    private final CampaignSettings settings;
    private final CampaignSummary summary;
    private final List<Charts.Chart> charts;
    private final String soakSection;
    private final Steadiness steadiness;

    private HtmlReport(CampaignResult result, CampaignSummary summary, List<Charts.Chart> charts,
                       String soakSection) {
        this.result = result;
        this.settings = result.settings();
        this.summary = summary;
        this.charts = charts;
        this.soakSection = soakSection;
        this.steadiness = new Steadiness(result, summary);
    }

    static String render(CampaignResult result, CampaignSummary summary, List<Charts.Chart> charts) {
        return render(result, summary, charts, "");
    }

    /** With a soak's section ({@link SoakReport#html}), right after the methodology; empty for any other campaign. */
    static String render(CampaignResult result, CampaignSummary summary, List<Charts.Chart> charts,
                         String soakSection) {
        return Templates.render("campaign", new HtmlReport(result, summary, charts, soakSection).model());
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

    /** Whether this campaign ran a fixed-work experiment (model {@code fixed}) rather than a Hyperfoil scenario. */
    private boolean fixedWork() {
        return settings != null && "fixed".equals(settings.model());
    }

    /** Everything {@code campaign.peb} shows, by name. */
    private Map<String, Object> model() {
        String title = settings == null ? result.id()
                : settings.app() + " · " + settings.scenario() + " · " + settings.model() + " model";
        String sharing = result.environment() == null ? null
                : result.environment().get(io.paradigmlab.lab.launch.CpuPinning.SHARING);
        List<String> variants = summary.variants();
        List<Map<String, Object>> pairs = new ArrayList<>();
        for (int i = 0; i < variants.size(); i++) {
            for (int j = i + 1; j < variants.size(); j++) {
                pairs.add(map("a", variants.get(i), "b", variants.get(j)));
            }
        }
        Map<String, Object> page = map(
                "css", Templates.css(),
                "title", title,
                "id", result.id(),
                "started", date(result.started()),
                "finished", date(result.finished()),
                "duration", result.started() != null && result.finished() != null
                        ? duration(Duration.between(result.started(), result.finished())) : null,
                "sharing", sharing != null && sharing.startsWith(io.paradigmlab.lab.launch.CpuPinning.SHARED)
                        ? sharing : null,
                "command", result.command(),
                "unit", levelUnit(settings),
                "alpha", String.valueOf(CampaignStatistics.ALPHA),
                "soak", soak(),
                "fixedWork", fixedWork(),
                "variants", variants,
                "pairs", pairs,
                "levels", summary.levels().stream().map(l -> Fmt.fixed(l, 0)).toList(),
                "comparedMetrics", CampaignStatistics.COMPARED_METRICS.stream().map(Metric::label).toList(),
                "soakSection", soakSection,
                "profilesSection", ProfilesHtml.render(result.profiles(), levelUnit(settings)));
        page.put("scenario", scenario());
        page.put("noise", noise());
        page.put("method", methodology());
        page.put("steady", steady());
        page.put("ranking", ranking());
        page.put("summaryTables", summaryTables());
        page.put("experiment", experiment());
        page.put("crossovers", crossovers());
        page.put("logX", Charts.logX(summary.levels()));
        page.put("logSpan", (int) Charts.LOG_X_SPAN);
        page.put("charts", figures(charts.stream().filter(c -> c.metric() != null).toList()));
        page.put("pools", pools());
        page.put("validity", validity());
        page.put("statics", statics());
        page.put("aotEffects", aotEffects());
        page.put("allMetrics", allMetrics());
        page.put("settingsRows", settingsRows());
        page.put("environmentRows", result.environment() == null ? List.of()
                : result.environment().entrySet().stream().map(e -> row(e.getKey(), e.getValue())).toList());
        return page;
    }

    /** What was measured and how the variants were checked before: the scenario, its requests and their work. */
    private Map<String, Object> scenario() {
        String description = result.environment() == null ? null : result.environment().get("scenario");
        Map<String, Object> scenario = map(
                "name", settings == null ? "?" : settings.scenario(),
                "description", description == null ? null : description.substring(description.indexOf(':') + 1).strip(),
                "recorded", settings != null,
                "viaGateway", settings != null && settings.viaGateway(),
                "launchSettings", settings == null || settings.launchSettings().isEmpty() ? null
                        : String.join(", ", settings.launchSettings().entrySet().stream()
                        .map(e -> e.getKey() + "=" + e.getValue()).toList()),
                "faithful", settings != null && settings.launchSettings().containsKey("faithful"),
                "targets", settings == null || settings.targets().isEmpty() ? null
                        : String.join(", ", settings.targets()));
        var verification = result.verification();
        if (verification != null) {
            List<Map<String, Object>> requests = new ArrayList<>();
            for (var request : verification.requests()) {
                requests.add(map("n", requests.size() + 1, "request", request.request(), "service", request.service(),
                        "status", request.status(),
                        "work", request.work() == null ? List.of() : request.work().entrySet().stream()
                                .map(w -> map("work", w.getKey(), "count", w.getValue())).toList()));
            }
            scenario.put("verification", map("passed", verification.passed(), "requests", requests,
                    "differences", verification.differences(), "notes", verification.notes()));
        }
        return scenario;
    }

    /** How much two identical runs of one variant differ here: the floor under every ratio of the page. */
    private Map<String, Object> noise() {
        if (summary.noise().isEmpty()) {
            return null;
        }
        String variant = settings.noiseVariant();
        double worst = -1;
        for (Comparison c : summary.noise()) {
            if (c.metric() == Metric.THROUGHPUT && c.ratio().hasInterval()) {
                worst = Math.max(worst, Math.max(Math.abs(c.ratio().ciHigh() - 1), Math.abs(1 - c.ratio().ciLow())));
            }
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int level : summary.levels()) {
            rows.add(map("level", Fmt.fixed(level, 0), "ratios", CampaignStatistics.COMPARED_METRICS.stream()
                    .map(metric -> summary.noise(level, metric).map(HtmlReport::ratio).orElse(null)).toList()));
        }
        return map("variant", variant, "repeat", CampaignSettings.repeatOf(variant),
                "worst", worst >= 0 ? Fmt.fixed(worst * 100, 1) : null, "rows", rows);
    }

    private Map<String, Object> methodology() {
        if (fixedWork()) {
            return map("threshold", Fmt.fixed(settings.errorThreshold() * 100, 1));
        }
        double threshold = settings == null ? Double.NaN : settings.errorThreshold();
        return map("model", settings == null ? "?" : settings.model(),
                "warmup", settings == null ? "?" : warmupText(settings),
                "duration", settings == null ? 0 : settings.durationSeconds(),
                "slices", settings == null ? 0 : settings.soakSlices(),
                "threshold", Double.isNaN(threshold) ? null : Fmt.fixed(threshold * 100, 1));
    }

    /** Per metric compared, a table of levels by variant, with the paired ratios; the ceiling under throughput. */
    private List<Map<String, Object>> summaryTables() {
        List<String> variants = summary.variants();
        List<Map<String, Object>> tables = new ArrayList<>();
        for (Metric metric : CampaignStatistics.COMPARED_METRICS) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (int level : summary.levels()) {
                List<Map<String, Object>> ratios = new ArrayList<>();
                for (int i = 0; i < variants.size(); i++) {
                    for (int j = i + 1; j < variants.size(); j++) {
                        boolean steady = steadiness.steady(level);
                        ratios.add(summary.comparison(level, metric, variants.get(i), variants.get(j))
                                .map(c -> steady ? ratio(c) : unjudged(c.ratio())).orElse(null));
                    }
                }
                rows.add(map("level", Fmt.fixed(level, 0), "flag", steadiness.flag(level), "ratios", ratios, "cells",
                        variants.stream().map(v -> estimate(summary.level(v, level), metric)).toList()));
            }
            Map<String, Object> table = map("title", Charts.title(metric), "rows", rows);
            if (metric == Metric.THROUGHPUT) {
                // each its own table, right under the throughput's: as columns of that one they would not fit the page
                List<Map<String, Object>> ceilings = new ArrayList<>();
                for (CeilingRate ceiling : summary.ceilings()) {
                    List<Map<String, Object>> ceilingRows = new ArrayList<>();
                    for (int level : summary.levels()) {
                        ceilingRows.add(map("level", Fmt.fixed(level, 0), "values", variants.stream()
                                .map(v -> summary.level(v, level)
                                        .map(s -> percent(CampaignSummary.fraction(s, ceiling)))
                                        .orElse("–")).toList()));
                    }
                    ceilings.add(map("name", ceiling.name(), "database", CeilingRate.DATABASE.equals(ceiling.metric()),
                            "rows", ceilingRows, "describe", ceiling.describe()));
                }
                table.put("ceilings", ceilings);
            }
            if (metric == Metric.CPU_PER_REQUEST) {
                table.put("cpuPerRequest", true); // with a note on what it counts and leaves out
            }
            tables.add(table);
        }
        return tables;
    }

    /** A fraction as a percentage with its interval, or the empty estimate's dash. */
    private static String percent(Estimate fraction) {
        return Fmt.estimate(fraction, 100) + (fraction.isEmpty() ? "" : " %");
    }

    /**
     * A cell of an estimate that is no {@link Metric} (the JIT share), its values times {@code scale},
     * as {@link #estimate(Optional, Metric)} gives for a metric.
     */
    private Map<String, Object> cell(Optional<LevelSummary> level, Estimate e, double scale) {
        if (level.isEmpty()) {
            return map("kind", "none");
        }
        LevelSummary s = level.get();
        if (s.ok() == 0) {
            return map("kind", "bad", "why", verdictCounts(s));
        }
        if (e.isEmpty() && settings != null && settings.targets().contains(s.variant())) {
            return map("kind", "external");
        }
        return map("kind", "value", "text", Fmt.estimate(e, scale), "single", e.singleRun(),
                "partial", !s.validInEveryRepetition(), "title", verdictCounts(s), "ok", s.ok(),
                "reps", s.repetitions());
    }

    /** A ratio of a level that was not steady: its numbers, no colour and no significance mark, so no winner. */
    private static Map<String, Object> unjudged(Estimate r) {
        Map<String, Object> ratio = interval(r);
        ratio.put("css", "ratio");
        ratio.put("significant", false);
        return ratio;
    }

    /**
     * Steady state: per level and variant the JIT compiler's share of the services' CPU in the valid windows (the
     * highest, and whether each was under the limit), and per variant how long its warm-ups took.
     */
    private Map<String, Object> steady() {
        if (fixedWork()) {
            return null;
        }
        SteadyState rule = steadiness.rule();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int level : summary.levels()) {
            rows.add(map("level", Fmt.fixed(level, 0), "cells", summary.variants().stream().map(v -> steadiness
                    .level(v, level).map(l -> l.windows() == 0 ? map("text", "–", "css", "")
                            : Double.isNaN(l.jitShareMax()) ? map("text", "JIT share unknown", "css", "note")
                            : l.steady() ? map("text", "steady · JIT ≤ " + Steadiness.percent(l.jitShareMax()), "css", "")
                            : map("text", "not steady: JIT " + Steadiness.percent(l.jitShareMax()) + " of CPU ("
                                    + l.notSteady() + "/" + l.windows() + " windows)", "css", "warn"))
                    .orElse(map("text", "–", "css", ""))).toList()));
        }
        List<Map<String, Object>> warmups = new ArrayList<>();
        for (Steadiness.Warmups w : steadiness.warmups()) {
            warmups.add(map("variant", w.variant(), "mode", w.adaptive() ? "adaptive" : "fixed",
                    "seconds", Fmt.estimate(w.seconds(), 1), "single", w.seconds().singleRun(),
                    "steady", w.adaptive() ? w.steady() + "/" + w.runs() : "not checked", "runs", w.runs()));
        }
        List<Integer> notSteady = steadiness.notSteadyLevels();
        return map("limit", Steadiness.percent(rule.jitShareLimit()), "adaptive", rule.adaptive(),
                "window", rule.windowSeconds(), "cap", rule.capSeconds(),
                "band", Steadiness.percent(rule.throughputBand()), "rows", rows, "warmups", warmups,
                "notSteady", notSteady.isEmpty() ? null
                        : String.join(", ", notSteady.stream().map(l -> Fmt.fixed(l, 0)).toList()));
    }

    /** The warm-up in words: "adaptive: windows of 5 s until two agree ..., at most 120 s" or "30 s (fixed)". */
    static String warmupText(CampaignSettings settings) {
        SteadyState rule = settings.steadyState();
        return rule.adaptive()
                ? "adaptive: windows of " + rule.windowSeconds() + " s until two successive ones agree (throughput"
                        + " within " + Steadiness.percent(rule.throughputBand()) + ", JIT at most "
                        + Steadiness.percent(rule.jitShareLimit()) + " of the services' CPU), at most "
                        + rule.capSeconds() + " s"
                : settings.warmupSeconds() + " s (fixed)";
    }

    /**
     * A cell of mean ± CI95 for {@code cells.peb}'s {@code estimate}: kind {@code none} (no such level), {@code bad}
     * (no valid repetition, {@code why}), {@code external} (not sampled) or {@code value} ({@code text}, {@code single}
     * repetition, {@code partial} with {@code ok} of {@code reps} valid and the verdicts as {@code title}).
     */
    private Map<String, Object> estimate(Optional<LevelSummary> level, Metric metric) {
        if (level.isEmpty()) {
            return map("kind", "none");
        }
        LevelSummary s = level.get();
        Estimate e = s.estimate(metric);
        if (s.ok() == 0) {
            return map("kind", "bad", "why", verdictCounts(s));
        }
        if (e.isEmpty() && settings != null && settings.targets().contains(s.variant())) {
            return map("kind", "external");
        }
        return map("kind", "value", "text", Fmt.estimate(e, metric), "single", e.singleRun(),
                "partial", !s.validInEveryRepetition(), "title", verdictCounts(s), "ok", s.ok(),
                "reps", s.repetitions());
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

    /** A paired ratio for {@code cells.peb}'s {@code ratio}: "1.12× [1.05, 1.19] *", coloured where significant. */
    private static Map<String, Object> ratio(Comparison c) {
        String css = "ratio";
        if (c.significant()) {
            css += c.bBetter() ? " better" : " worse";
        }
        Map<String, Object> ratio = interval(c.ratio());
        ratio.put("css", css);
        ratio.put("significant", c.significant());
        return ratio;
    }

    /** A ratio's geometric mean and, where it has one, its interval. */
    private static Map<String, Object> interval(Estimate r) {
        return r.isEmpty() ? map("empty", true)
                : map("empty", false, "mean", Fmt.ratio(r.mean()), "interval", r.hasInterval(),
                "low", r.hasInterval() ? Fmt.fixed(r.ciLow(), 2) : null,
                "high", r.hasInterval() ? Fmt.fixed(r.ciHigh(), 2) : null);
    }

    /** Per level, the variants ordered by throughput, each against the next one down; null with one variant. */
    private List<Map<String, Object>> ranking() {
        List<String> variants = summary.variants();
        if (variants.size() < 2) {
            return null;
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int level : summary.levels()) {
            List<String> ordered = new ArrayList<>(variants.stream()
                    .filter(v -> summary.level(v, level).map(l -> l.ok() > 0).orElse(false)).toList());
            ordered.sort(Comparator.comparingDouble((String v) -> summary.level(v, level).orElseThrow()
                    .estimate(Metric.THROUGHPUT).mean()).reversed());
            List<Map<String, Object>> parts = null;
            String flag = steadiness.flag(level);
            if (flag != null) {
                // measured while the JIT still compiled: the ratios stand in the tables, unjudged, no winner here
                rows.add(map("level", Fmt.fixed(level, 0), "pairs", null, "flag", flag));
                continue;
            }
            if (ordered.size() >= 2) {
                parts = new ArrayList<>();
                for (int i = 0; i + 1 < ordered.size(); i++) {
                    String upper = ordered.get(i);
                    String lower = ordered.get(i + 1);
                    Optional<Comparison> c = summary.comparison(level, Metric.THROUGHPUT, lower, upper);
                    parts.add(c.map(x -> pair(upper, lower, x))
                            .orElse(map("kind", "unknown", "upper", upper, "lower", lower)));
                }
            }
            rows.add(map("level", Fmt.fixed(level, 0), "pairs", parts, "flag", null));
        }
        return rows;
    }

    /**
     * One step of the ranking for {@code cells.peb}'s {@code pair}; {@code c} is upper / lower, paired. Where the
     * paired ratio contradicts the order of the unpaired means, the pair wins.
     */
    private static Map<String, Object> pair(String upper, String lower, Comparison c) {
        Estimate r = c.ratio();
        if (r.isEmpty()) {
            return map("kind", "never", "upper", upper, "lower", lower);
        }
        if (c.significant() && !c.bBetter()) {
            return pair(lower, upper, c.swap());
        }
        String by = percent(r.mean() - 1);
        if (!r.hasInterval()) {
            return map("kind", "single", "upper", upper, "lower", lower, "by", by);
        }
        return map("kind", c.significant() ? "significant" : "similar", "upper", upper, "lower", lower, "by", by,
                "interval", " [" + percent(r.ciLow() - 1) + ", " + percent(r.ciHigh() - 1) + "]");
    }

    /** A relative difference in whole percent, never "-0 %". */
    private static String percent(double fraction) {
        long whole = Math.round(fraction * 100);
        return (whole == 0 ? "0" : Fmt.fixed(whole, 0)) + " %";
    }

    private List<Map<String, Object>> crossovers() {
        List<Map<String, Object>> rows = new ArrayList<>();
        List<String> variants = summary.variants();
        for (Metric metric : CampaignStatistics.CROSSOVER_METRICS) {
            for (int i = 0; i < variants.size(); i++) {
                for (int j = i + 1; j < variants.size(); j++) {
                    String a = variants.get(i);
                    String b = variants.get(j);
                    // the steady levels only: a level measured while the JIT compiled names no winner
                    Optional<Crossover> ab = summary.crossover(metric, a, b)
                            .map(c -> steadiness.crossover(summary, metric, a, b));
                    Optional<Crossover> ba = summary.crossover(metric, b, a)
                            .map(c -> steadiness.crossover(summary, metric, b, a));
                    if (ab.isEmpty() || ba.isEmpty()) {
                        continue;
                    }
                    boolean onlyUnsteady = ab.get().kind() == Crossover.Kind.NO_DATA
                            && summary.crossover(metric, a, b).get().kind() != Crossover.Kind.NO_DATA;
                    rows.add(map("metric", metric.label(), "a", a, "b", b, "result", onlyUnsteady
                                    ? map("kind", "unsteady", "levels", String.join(", ", steadiness.notSteadyLevels()
                                    .stream().map(l -> Fmt.fixed(l, 0)).toList()), "unit", levelUnit(settings))
                                    : describe(ab.get(), ba.get()),
                            "levels", String.join(", ", ab.get().levelsCompared().stream().map(String::valueOf)
                                    .toList())));
                }
            }
        }
        return rows;
    }

    /** One unordered pair, from the crossover of each direction, for {@code cells.peb}'s {@code crossover}. */
    private Map<String, Object> describe(Crossover ab, Crossover ba) {
        if (ab.kind() == Crossover.Kind.NO_DATA) {
            return map("kind", "nodata");
        }
        for (Crossover c : List.of(ab, ba)) {
            if (c.kind() == Crossover.Kind.ALWAYS_BETTER) {
                return map("kind", "always", "winner", c.variantB(), "loser", c.variantA(),
                        "significant", c.significant());
            }
            if (c.kind() == Crossover.Kind.CROSSOVER) {
                int level = c.level().orElseThrow();
                int below = c.levelsCompared().get(c.levelsCompared().indexOf(level) - 1);
                return map("kind", "crossover", "winner", c.variantB(), "loser", c.variantA(),
                        "level", Fmt.fixed(level, 0), "below", Fmt.fixed(below, 0), "unit", levelUnit(settings),
                        "significant", c.significant());
            }
        }
        return map("kind", "none");
    }

    /** A fixed-work experiment's further numbers by user count and variant; null for any other campaign. */
    private Map<String, Object> experiment() {
        List<String> names = ExperimentNumbers.names(result);
        if (names.isEmpty()) {
            return null;
        }
        List<Map<String, Object>> tables = new ArrayList<>();
        for (String name : names) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (int level : summary.levels()) {
                rows.add(map("level", level, "values", summary.variants().stream().map(v -> {
                    var e = ExperimentNumbers.estimate(result, v, level, name);
                    return e.isEmpty() ? "–" : Fmt.estimate(e, 1);
                }).toList()));
            }
            tables.add(map("label", ExperimentNumbers.label(name), "rows", rows));
        }
        return map("tables", tables, "charts", figures(charts.stream().filter(Charts.Chart::experiment).toList()));
    }

    /** Charts as {@code cells.peb}'s {@code figure}s: the PNG inlined in base64. */
    static List<Map<String, Object>> figures(List<Charts.Chart> charts) {
        return charts.stream().map(chart -> map("alt", chart.title(), "width", Charts.WIDTH, "height", Charts.HEIGHT,
                "png", Base64.getEncoder().encodeToString(chart.png()))).toList();
    }

    /**
     * The services' pools (executors, schedulers) per variant and level, from their Prometheus metrics; null when
     * no variant reports any.
     */
    private Map<String, Object> pools() {
        if (summary.pools().isEmpty()) {
            return null;
        }
        boolean virtual = summary.pools().stream().anyMatch(p -> p.reports(PoolMetric.STARTED)
                || p.reports(PoolMetric.PINNED));
        List<PoolMetric> columns = new ArrayList<>(List.of(PoolMetric.ACTIVE, PoolMetric.MAX, PoolMetric.UTILIZATION,
                PoolMetric.SIZE, PoolMetric.QUEUED, PoolMetric.COMPLETED, PoolMetric.REJECTED));
        if (virtual) {
            columns.addAll(List.of(PoolMetric.STARTED, PoolMetric.PINNED));
        }
        List<Map<String, Object>> perVariant = new ArrayList<>();
        for (String v : summary.variants()) {
            List<String> names = summary.pools().stream().filter(p -> p.variant().equals(v)).map(p -> p.pool())
                    .distinct().sorted().toList();
            List<Map<String, Object>> rows = new ArrayList<>();
            for (String name : names) {
                for (int level : summary.levels()) {
                    summary.pool(v, level, name).ifPresent(pool -> rows.add(map("pool", name,
                            "level", Fmt.fixed(level, 0), "values", columns.stream().map(metric -> Fmt.estimate(
                                    pool.estimate(metric), metric == PoolMetric.UTILIZATION ? 100 : 1)).toList())));
                }
            }
            perVariant.add(map("variant", v, "rows", rows,
                    "external", settings != null && settings.targets().contains(v)));
        }
        return map("virtual", PoolMetrics.VIRTUAL,
                "columns", columns.stream().map(m -> map("label", m.label(), "unit", poolUnit(m))).toList(),
                "variants", perVariant,
                "charts", figures(charts.stream().filter(c -> c.metric() == null && !c.experiment()).toList()));
    }

    private static String poolUnit(PoolMetric metric) {
        return metric == PoolMetric.UTILIZATION ? "%" : metric.unit();
    }

    private Map<String, Object> validity() {
        List<String> variants = summary.variants();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int level : summary.levels()) {
            rows.add(map("level", Fmt.fixed(level, 0), "cells", variants.stream().map(v -> {
                Optional<LevelSummary> s = summary.level(v, level);
                return map("text", s.map(l -> l.ok() + "/" + l.repetitions() + " OK"
                                + (verdictCounts(l).isEmpty() ? "" : " · " + verdictCounts(l))).orElse("–"),
                        "css", s.map(l -> l.validInEveryRepetition() ? "" : l.ok() == 0 ? "bad" : "warn")
                                .orElse(""));
            }).toList()));
        }
        List<Map<String, Object>> excluded = result.measurements().stream()
                .filter(m -> m.verdict() != LevelMeasurement.Verdict.OK)
                .sorted(Comparator.comparingInt((LevelMeasurement m) -> variants.indexOf(m.variant()))
                        .thenComparingInt(LevelMeasurement::repetition).thenComparingInt(LevelMeasurement::level))
                .map(m -> map("variant", m.variant(), "repetition", m.repetition(), "level", Fmt.fixed(m.level(), 0),
                        "failed", m.verdict() == LevelMeasurement.Verdict.FAILED, "verdict", m.verdict().toString(),
                        "reason", m.verdictReason(), "throughput", Fmt.number(m.throughput()),
                        "errors", Fmt.fixed(m.errors(), 0), "requests", Fmt.fixed(m.requests(), 0)))
                .toList();
        return map("rows", rows, "excluded", excluded);
    }

    /** Start-up, first answer, memory after start and artifact size per variant, service and AOT cache setting. */
    private List<Map<String, Object>> statics() {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (StaticSummary s : summary.statics()) {
            rows.add(map("variant", s.variant(), "service", s.service(), "aot", s.aot(),
                    "values", java.util.stream.Stream.of(s.startupSeconds(), s.firstAnswerSeconds(),
                                    s.heapAfterStartMb(), s.rssAfterStartMb(), s.artifactMb())
                            .map(e -> e.isEmpty() ? null : Fmt.estimate(e, 1)).toList(),
                    "n", s.startupSeconds().n()));
        }
        return rows;
    }

    /** With the AOT cache over without it, paired; empty without a start-up probe. */
    private List<Map<String, Object>> aotEffects() {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (AotEffect e : CampaignStatistics.aotEffects(result)) {
            rows.add(map("variant", e.variant(), "service", e.service(),
                    "ratios", List.of(interval(e.startup()), interval(e.firstAnswer()), interval(e.rss())),
                    "n", e.startup().n()));
        }
        return rows;
    }

    private List<Map<String, Object>> allMetrics() {
        List<Map<String, Object>> tables = new ArrayList<>();
        for (String v : summary.variants()) {
            List<Map<String, Object>> rows = new ArrayList<>();
            for (Metric metric : Metric.values()) {
                rows.add(map("title", Fmt.title(metric), "cells",
                        summary.levels().stream().map(level -> estimate(summary.level(v, level), metric)).toList()));
            }
            rows.add(map("title", "JIT share of service CPU (%)", "cells", summary.levels().stream()
                    .map(level -> cell(summary.level(v, level), ReportWriter.jitShare(result, v, level), 100))
                    .toList()));
            tables.add(map("variant", v, "rows", rows));
        }
        return tables;
    }

    /** The campaign's settings, key to value; null when none were recorded. */
    private List<Map<String, Object>> settingsRows() {
        if (settings == null) {
            return null;
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        rows.add(row("Application", settings.app()));
        rows.add(row("Scenario", settings.scenario()));
        rows.add(row("Variants", String.join(", ", settings.variants())));
        rows.add(row("External targets", settings.targets().isEmpty() ? "none"
                : String.join(", ", settings.targets())));
        rows.add(row("Noise check", settings.noiseVariant() == null ? "off"
                : settings.noiseVariant() + " ran twice in every repetition"));
        rows.add(row("Data scale", settings.scale() == null ? "?" : settings.scale()));
        rows.add(row("Load model", settings.model()));
        rows.add(row("Levels (" + levelUnit(settings) + ")",
                String.join(", ", settings.levels().stream().map(String::valueOf).toList())));
        rows.add(row("Repetitions", String.valueOf(settings.repetitions())));
        rows.add(row("Warm-up", warmupText(settings)));
        rows.add(row("Steady window", "JIT compilation at most " + Steadiness.percent(
                settings.steadyState().jitShareLimit()) + " of the services' CPU time (--steady-jit-share)"));
        if (settings.soak()) {
            rows.add(row("Soak window", settings.durationSeconds() + " s in " + settings.soakSlices() + " slices of "
                    + settings.durationSeconds() / settings.soakSlices() + " s"));
        } else {
            rows.add(row("Measured window per level", settings.durationSeconds() + " s"));
        }
        rows.add(row("Users in the data set", String.valueOf(settings.users())));
        rows.add(row("Seed", String.valueOf(settings.seed())));
        rows.add(row("Security (token checks)", settings.security() ? "on" : "off"));
        rows.add(row("Measured path", settings.viaGateway() ? "through the gateway" : "straight to the services"));
        rows.add(row("Launch settings", settings.launchSettings().isEmpty() ? "the application's defaults"
                : String.join(", ", settings.launchSettings().entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).toList())));
        rows.add(row("Start-up probe", !settings.probesStartup() ? "off"
                : (CampaignSettings.PROBE_EVERY.equals(settings.startupProbe())
                ? "on: each launched variant also started once per repetition,"
                : "first: each launched variant also started once, in the first repetition,")
                + " with the opposite AOT cache setting (static metrics)"));
        rows.add(row("Error threshold", Fmt.fixed(settings.errorThreshold() * 100, 2) + "%"));
        return rows;
    }

    private static Map<String, Object> row(String key, String value) {
        return map("key", key, "value", value);
    }

    /** A map of the keys and values in order, nulls allowed (the template tests them). */
    static Map<String, Object> map(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
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
}
