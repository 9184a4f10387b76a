package io.paradigmlab.lab.report;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.stats.CampaignStatistics;
import io.paradigmlab.lab.stats.CampaignSummary;
import io.paradigmlab.lab.stats.CeilingRate;
import io.paradigmlab.lab.stats.Comparison;
import io.paradigmlab.lab.stats.Estimate;
import io.paradigmlab.lab.stats.LevelSummary;
import io.paradigmlab.lab.stats.Metric;
import io.paradigmlab.lab.stats.PoolMetric;
import io.paradigmlab.lab.stats.PoolSummary;
import io.paradigmlab.lab.stats.SoakAnalysis;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a campaign's report folder. Everything is recomputed from the {@link CampaignResult}, so a report can be
 * rebuilt from a saved {@code campaign.json} ({@link CampaignJson#read}).
 *
 * <p>Files written into the folder (created if needed, files replaced):
 * <ul>
 *   <li>{@value #CAMPAIGN_JSON}: the campaign itself;</li>
 *   <li>{@value #MEASUREMENTS_CSV}: one row per {@link LevelMeasurement}, every field but the pools flattened;</li>
 *   <li>{@value #SUMMARY_CSV}: one row per variant, level and {@link Metric} with mean, CI95 and n (the last,
 *       {@code cpu_us_per_request}, the services' CPU per completed request, {@link Metric#CPU_PER_REQUEST}), then
 *       a row {@value #JIT_SHARE} (the JIT's share of the services' CPU) per variant and level, and, when the
 *       scenario has a CPU ceiling, one row {@value #CEILING_FRACTION} per variant and level (throughput over the ceiling), and likewise, when a
 *       database ceiling was measured, one row {@value #DATABASE_CEILING_FRACTION} (throughput over pgbench's
 *       rate);</li>
 *   <li>{@value #POOLS_CSV}: only when a variant reports pools: one row per measurement and pool (per-repetition
 *       values), then one per variant, level, pool and {@link PoolMetric} with mean, CI95 and n;</li>
 *   <li>{@value #COMPARISONS_CSV}: one row per level, compared metric and pair of variants (paired ratios; CPU
 *       per request among them), and the machine's noise;</li>
 *   <li>{@value #PROFILES_CSV}: only with profiling runs ({@code --profile}): one row per profiled service JVM,
 *       then its top frames, most waited-on monitors and pinning sites (the flame graphs and recordings themselves
 *       are written into {@code profiles/} by the campaign);</li>
 *   <li>{@value #STEADY_CSV}: one row per variant and level: whether its windows were steady and their JIT share
 *       (docs/methodology.md, "Steady state");</li>
 *   <li>{@value #WARMUPS_CSV}: one row per run (variant and repetition): its warm-up, fixed or adaptive, how long it
 *       took and whether it reached steady state;</li>
 *   <li>{@value #SUMMARY_JSON}: statistics, comparisons, crossovers and static metrics;</li>
 *   <li>only for a soak ({@code --soak}): {@value #SOAK_CSV}, one row per variant, repetition and slice;
 *       {@value #SOAK_JSON}, the soak analysis ({@link SoakAnalysis}); {@value #SOAK_MD}, its table in Markdown;</li>
 *   <li>{@value #REPORT_HTML}: the self-contained page.</li>
 * </ul>
 */
public final class ReportWriter {

    public static final String CAMPAIGN_JSON = "campaign.json";
    public static final String MEASUREMENTS_CSV = "measurements.csv";
    public static final String SUMMARY_CSV = "summary.csv";
    public static final String COMPARISONS_CSV = "comparisons.csv";
    public static final String SUMMARY_JSON = "summary.json";
    public static final String REPORT_HTML = "report.html";
    public static final String POOLS_CSV = "pools.csv";
    /** The profiling runs' numbers ({@code --profile}). */
    public static final String PROFILES_CSV = "profiles.csv";
    /** A fixed-work experiment's further numbers (makespan, delivery latency, peak memory, work counts). */
    public static final String EXPERIMENT_CSV = "experiment.csv";
    /** A soak's slices, one row per variant, repetition and slice. */
    public static final String SOAK_CSV = "soak.csv";
    /** A soak's analysis: slopes, fifths, changes and flags per variant and repetition. */
    public static final String SOAK_JSON = "soak.json";
    /** A soak's table in Markdown, for docs to include as it is. */
    public static final String SOAK_MD = "soak.md";
    /** The metric id of a variant's throughput as a fraction of the CPU ceiling (summary.csv, summary.json). */
    public static final String CEILING_FRACTION = CeilingRate.CPU;
    /** The metric id of a variant's throughput as a fraction of the database ceiling (summary.csv, summary.json). */
    public static final String DATABASE_CEILING_FRACTION = CeilingRate.DATABASE;
    /** The metric id of the JIT compiler's share of the services' CPU time (summary.csv, summary.json). */
    public static final String JIT_SHARE = "jit_share";
    /** Per variant and level: steady or not, and the JIT's share of the CPU. */
    public static final String STEADY_CSV = "steady.csv";
    /** Per run: its warm-up and how long it took. */
    public static final String WARMUPS_CSV = "warmups.csv";

    private ReportWriter() {
    }

    /**
     * Writes every report file of {@code result} into {@code dir}.
     *
     * @return the path of {@code report.html}
     * @throws UncheckedIOException if a file cannot be written
     */
    public static Path write(CampaignResult result, Path dir) {
        try {
            Files.createDirectories(dir);
            CampaignSummary summary = CampaignStatistics.summarize(result);
            CampaignJson.write(result, dir.resolve(CAMPAIGN_JSON));
            measurements(result).write(dir.resolve(MEASUREMENTS_CSV));
            summaryCsv(result, summary).write(dir.resolve(SUMMARY_CSV));
            if (!summary.pools().isEmpty()) {
                poolsCsv(result, summary).write(dir.resolve(POOLS_CSV));
            }
            comparisonsCsv(summary).write(dir.resolve(COMPARISONS_CSV));
            steadyCsv(result, summary).write(dir.resolve(STEADY_CSV));
            warmupsCsv(result).write(dir.resolve(WARMUPS_CSV));
            if (result.profiles() != null) {
                profilesCsv(result.profiles()).write(dir.resolve(PROFILES_CSV));
            }
            CampaignJson.MAPPER.writeValue(dir.resolve(SUMMARY_JSON), SummaryJson.of(result, summary));
            var charts = new java.util.ArrayList<>(Charts.render(summary, HtmlReport.levelAxis(result.settings())));
            if (!ExperimentNumbers.names(result).isEmpty()) {
                charts.addAll(Charts.experiment(result, summary, HtmlReport.levelAxis(result.settings())));
                ExperimentNumbers.csv(result).write(dir.resolve(EXPERIMENT_CSV));
            }
            String soakSection = "";
            var soak = SoakAnalysis.of(result);
            if (soak.isPresent()) {
                SoakReport.csv(result, soak.get()).write(dir.resolve(SOAK_CSV));
                CampaignJson.MAPPER.writeValue(dir.resolve(SOAK_JSON), SoakReport.json(result, soak.get()));
                Files.writeString(dir.resolve(SOAK_MD), SoakReport.markdown(result, soak.get()),
                        StandardCharsets.UTF_8);
                soakSection = SoakReport.html(result, soak.get(), Charts.soak(soak.get(), result, summary.variants()));
            }
            Path html = dir.resolve(REPORT_HTML);
            Files.writeString(html, HtmlReport.render(result, summary, charts, soakSection), StandardCharsets.UTF_8);
            return html;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the report into " + dir, e);
        }
    }

    static Csv measurements(CampaignResult result) {
        Csv csv = new Csv("variant", "repetition", "model", "level", "duration_seconds", "requests", "responses",
                "errors", "timeouts", "throughput", "offered_rate", "latency_mean_us", "latency_p50_us",
                "latency_p90_us", "latency_p95_us", "latency_p99_us", "latency_p999_us", "latency_max_us",
                "cpu_percent", "rss_mb", "heap_used_mb", "threads", "virtual_threads", "gc_pause_ms_per_s",
                "heap_after_gc_mb", "heap_floor_mb", "open_files", "loader_cpu_percent", "verdict", "verdict_reason",
                "jit_ms_per_s", "jit_share", "cpu_us_per_request", "steady");
        double limit = result.settings() == null ? io.paradigmlab.lab.results.SteadyState.JIT_SHARE_LIMIT
                : result.settings().steadyState().jitShareLimit();
        for (LevelMeasurement m : result.measurements()) {
            LevelMeasurement.Latency l = m.latency() != null ? m.latency()
                    : new LevelMeasurement.Latency(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                    Double.NaN, Double.NaN);
            LevelMeasurement.Resources r = m.service() != null ? m.service() : LevelMeasurement.Resources.NONE;
            csv.row(m.variant(), m.repetition(), m.model(), m.level(), m.durationSeconds(), m.requests(),
                    m.responses(), m.errors(), m.timeouts(), m.throughput(), m.offeredRate(), l.mean(), l.p50(),
                    l.p90(), l.p95(), l.p99(), l.p999(), l.max(), r.cpuPercent(), r.rssMb(), r.heapUsedMb(),
                    r.threads(), r.virtualThreads(), r.gcPauseMsPerSecond(), r.heapAfterGcMb(), r.heapFloorMb(),
                    r.openFiles(), m.loaderCpuPercent(), m.verdict(), m.verdictReason(), r.jitMsPerSecond(),
                    r.jitShare(), m.cpuMicrosPerRequest(), m.steady(limit));
        }
        return csv;
    }

    /** Without the JIT's share (a summary alone, without its campaign). */
    static Csv summaryCsv(CampaignSummary summary) {
        return summaryCsv(null, summary);
    }

    static Csv summaryCsv(CampaignResult result, CampaignSummary summary) {
        Csv csv = new Csv("variant", "level", "metric", "unit", "mean", "ci_low", "ci_high", "std_dev", "n",
                "repetitions", "ok", "saturated", "failed", "missing");
        for (LevelSummary s : summary.levelSummaries()) {
            for (Metric metric : Metric.values()) {
                Estimate e = s.estimate(metric);
                csv.row(s.variant(), s.level(), metric.id(), metric.unit(), e.mean(), e.ciLow(), e.ciHigh(),
                        e.stdDev(), e.n(), s.repetitions(), s.ok(), s.saturated(), s.failed(), s.missing());
            }
            if (result != null) {
                Estimate j = jitShare(result, s.variant(), s.level());
                csv.row(s.variant(), s.level(), JIT_SHARE, "fraction", j.mean(), j.ciLow(), j.ciHigh(), j.stdDev(),
                        j.n(), s.repetitions(), s.ok(), s.saturated(), s.failed(), s.missing());
            }
            for (CeilingRate ceiling : summary.ceilings()) {
                Estimate e = CampaignSummary.fraction(s, ceiling);
                csv.row(s.variant(), s.level(), ceiling.metric(), "fraction", e.mean(), e.ciLow(), e.ciHigh(),
                        e.stdDev(), e.n(), s.repetitions(), s.ok(), s.saturated(), s.failed(), s.missing());
            }
        }
        return csv;
    }

    /**
     * The pools: kind {@code measurement}, one row per (variant, repetition, level, pool) with the window's values
     * (every repetition, whatever its verdict); then kind {@code summary}, one row per (variant, level, pool,
     * quantity) over the OK repetitions, in the columns {@code metric, mean, ci_low, ci_high, n}.
     */
    static Csv poolsCsv(CampaignResult result, CampaignSummary summary) {
        Csv csv = new Csv("kind", "variant", "repetition", "level", "verdict", "pool", "active_threads",
                "max_threads", "pool_threads", "queued_tasks", "queue_remaining", "utilization", "completed_per_s",
                "rejected", "virtual_started_per_s", "virtual_pinned", "metric", "unit", "mean", "ci_low", "ci_high",
                "n");
        for (LevelMeasurement m : result.measurements()) {
            for (LevelMeasurement.Pool p : m.pools()) {
                csv.row("measurement", m.variant(), m.repetition(), m.level(), m.verdict(), p.name(),
                        p.activeThreads(), p.maxThreads(), p.poolThreads(), p.queuedTasks(), p.queueRemaining(),
                        p.utilization(), p.completedPerSecond(), p.rejected(), p.startedPerSecond(), p.pinned(),
                        null, null, null, null, null, null);
            }
        }
        for (PoolSummary p : summary.pools()) {
            for (PoolMetric metric : PoolMetric.values()) {
                Estimate e = p.estimate(metric);
                csv.row("summary", p.variant(), null, p.level(), null, p.pool(), null, null, null, null, null, null,
                        null, null, null, null, metric.id(), metric.unit(), e.mean(), e.ciLow(), e.ciHigh(), e.n());
            }
        }
        return csv;
    }

    /**
     * Kind {@code service}: one row per profiled JVM (CPU event and samples, GC, allocation, contention, pinning, the
     * flame graph's and recordings' paths); then per JVM kind {@code frame} (top frames by self samples), {@code
     * java-frame} (top Java frames, native and VM time charged to the Java caller), {@code
     * monitor} (most waited-on monitor classes) and {@code pinned} (pinning sites), in the columns {@code name,
     * count, percent, ms}.
     */
    static Csv profilesCsv(io.paradigmlab.lab.results.Profiles profiles) {
        Csv csv = new Csv("kind", "variant", "service", "level", "error", "cpu_event", "cpu_samples", "gc_collections",
                "gc_pause_ms", "gc_pause_max_ms", "allocation_mb_per_s", "lock_events", "lock_ms", "pinned_events",
                "pinned_ms", "submit_failed", "flame_graph", "cpu_recording", "jfr", "name", "count", "percent", "ms");
        for (var variant : profiles.variants()) {
            if (variant.services().isEmpty()) {
                csv.row("service", variant.variant(), null, profiles.level(), variant.error(), null, null, null, null,
                        null, null, null, null, null, null, null, null, null, null, null, null, null, null);
            }
            for (var s : variant.services()) {
                var gc = s.gc();
                var locks = s.locks();
                var pinning = s.pinning();
                csv.row("service", variant.variant(), s.service(), profiles.level(), variant.error(), s.cpuEvent(),
                        s.cpuSamples(), gc == null ? null : gc.collections(), gc == null ? null : gc.pauseMsTotal(),
                        gc == null ? null : gc.pauseMsMax(), s.allocationMbPerSecond(),
                        locks == null ? null : locks.events(), locks == null ? null : locks.msTotal(),
                        pinning == null ? null : pinning.events(), pinning == null ? null : pinning.msTotal(),
                        s.submitFailed(), s.flameGraph(), s.cpuRecording(), s.jfr(), null, null, null, null);
                for (var f : s.topFrames()) {
                    csv.row("frame", variant.variant(), s.service(), profiles.level(), null, null, null, null, null,
                            null, null, null, null, null, null, null, null, null, null, f.frame(), f.samples(),
                            f.percent(), null);
                }
                for (var f : s.topJavaFrames()) {
                    csv.row("java-frame", variant.variant(), s.service(), profiles.level(), null, null, null, null,
                            null, null, null, null, null, null, null, null, null, null, null, f.frame(), f.samples(),
                            f.percent(), null);
                }
                for (var site : locks == null ? java.util.List.<io.paradigmlab.lab.results.Profiles.Site>of()
                        : locks.topMonitors()) {
                    csv.row("monitor", variant.variant(), s.service(), profiles.level(), null, null, null, null, null,
                            null, null, null, null, null, null, null, null, null, null, site.name(), site.events(),
                            null, site.msTotal());
                }
                for (var site : pinning == null ? java.util.List.<io.paradigmlab.lab.results.Profiles.Site>of()
                        : pinning.sites()) {
                    csv.row("pinned", variant.variant(), s.service(), profiles.level(), null, null, null, null, null,
                            null, null, null, null, null, null, null, null, null, null, site.name(), site.events(),
                            null, site.msTotal());
                }
            }
        }
        return csv;
    }

    /**
     * One row per paired comparison: the pairs of variants, then (kind {@code noise}) the noise variant's repeat
     * against its first run. {@code ratio_b_over_a} is the geometric mean of the per-repetition ratios, {@code n_pairs} how
     * many repetitions had both OK.
     */
    static Csv comparisonsCsv(CampaignSummary summary) {
        Csv csv = new Csv("kind", "level", "metric", "unit", "variant_a", "variant_b", "mean_a", "n_a", "mean_b",
                "n_b", "ratio_b_over_a", "ratio_ci_low", "ratio_ci_high", "n_pairs", "p_value", "significant");
        for (Comparison c : summary.comparisons()) {
            comparisonRow(csv, "pair", c);
        }
        for (Comparison c : summary.noise()) {
            comparisonRow(csv, "noise", c);
        }
        return csv;
    }

    /** The JIT's share of the services' CPU over the valid repetitions of a variant at a level. */
    static Estimate jitShare(CampaignResult result, String variant, int level) {
        return Estimate.of(CampaignStatistics.okMeasurements(result, variant, level).stream()
                .mapToDouble(LevelMeasurement::jitShare).toArray());
    }

    /**
     * One row per variant and level: whether every valid window was steady (JIT share at most the campaign's limit,
     * {@code jit_share_limit}), how many were not, and the windows' mean and highest JIT share.
     */
    static Csv steadyCsv(CampaignResult result, CampaignSummary summary) {
        Steadiness steadiness = new Steadiness(result, summary);
        Csv csv = new Csv("variant", "level", "steady", "windows", "not_steady", "jit_share_mean", "jit_share_max",
                "jit_share_limit");
        for (Steadiness.Level l : steadiness.levels()) {
            csv.row(l.variant(), l.level(), l.steady(), l.windows(), l.notSteady(), l.jitShareMean(), l.jitShareMax(),
                    steadiness.rule().jitShareLimit());
        }
        return csv;
    }

    /**
     * One row per run's warm-up (variant and repetition): adaptive or fixed, its seconds, whether it reached steady
     * state before the cap, and its windows with the last one's throughput and JIT share.
     */
    static Csv warmupsCsv(CampaignResult result) {
        Csv csv = new Csv("variant", "repetition", "mode", "seconds", "steady", "windows", "last_throughput",
                "last_jit_share");
        for (var w : result.warmups()) {
            var last = w.windows().isEmpty() ? null : w.windows().getLast();
            csv.row(w.variant(), w.repetition(), w.adaptive() ? "adaptive" : "fixed", w.seconds(), w.steady(),
                    w.windows().size(), last == null ? Double.NaN : last.throughput(),
                    last == null ? Double.NaN : last.jitShare());
        }
        return csv;
    }

    private static void comparisonRow(Csv csv, String kind, Comparison c) {
        csv.row(kind, c.level(), c.metric().id(), c.metric().unit(), c.variantA(), c.variantB(), c.a().mean(),
                c.a().n(), c.b().mean(), c.b().n(), c.ratio().mean(), c.ratio().ciLow(), c.ratio().ciHigh(),
                c.ratio().n(), c.pValue(), c.significant());
    }
}
