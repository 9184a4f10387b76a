package io.paradigmlab.lab.report;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.stats.AotEffect;
import io.paradigmlab.lab.stats.CampaignStatistics;
import io.paradigmlab.lab.stats.CampaignSummary;
import io.paradigmlab.lab.stats.CeilingRate;
import io.paradigmlab.lab.stats.Comparison;
import io.paradigmlab.lab.stats.Crossover;
import io.paradigmlab.lab.stats.Estimate;
import io.paradigmlab.lab.stats.LevelSummary;
import io.paradigmlab.lab.stats.Metric;
import io.paradigmlab.lab.stats.PoolMetric;
import io.paradigmlab.lab.stats.PoolSummary;
import io.paradigmlab.lab.stats.StaticSummary;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code summary.json}: the statistics, comparisons and crossovers of a campaign. Built as a tree, so the stats
 * package stays free of JSON concerns; NaN (no value) is written as {@code null}.
 */
final class SummaryJson {

    private SummaryJson() {
    }

    static ObjectNode of(CampaignResult result, CampaignSummary summary) {
        ObjectNode root = CampaignJson.MAPPER.createObjectNode();
        root.put("campaign", result.id());
        if (result.settings() != null) {
            root.put("app", result.settings().app());
            root.put("scenario", result.settings().scenario());
            root.put("model", result.settings().model());
        }
        root.put("confidence", Estimate.CONFIDENCE);
        root.put("alpha", CampaignStatistics.ALPHA);
        root.put("percentiles", "mean over repetitions of each repetition's own percentile");
        ArrayNode variants = root.putArray("variants");
        summary.variants().forEach(variants::add);
        ArrayNode levels = root.putArray("levels");
        summary.levels().forEach(levels::add);

        Steadiness steadiness = new Steadiness(result, summary);
        ArrayNode statistics = root.putArray("statistics");
        for (LevelSummary s : summary.levelSummaries()) {
            ObjectNode node = statistics.addObject();
            node.put("variant", s.variant());
            node.put("level", s.level());
            node.put("repetitions", s.repetitions());
            node.put("ok", s.ok());
            node.put("saturated", s.saturated());
            node.put("failed", s.failed());
            node.put("missing", s.missing());
            node.put("validInEveryRepetition", s.validInEveryRepetition());
            ObjectNode metrics = node.putObject("metrics");
            for (Metric metric : Metric.values()) {
                estimate(metrics.putObject(metric.id()), s.estimate(metric)).put("unit", metric.unit());
            }
            estimate(metrics.putObject(ReportWriter.JIT_SHARE), ReportWriter.jitShare(result, s.variant(), s.level()))
                    .put("unit", "fraction");
            for (CeilingRate ceiling : summary.ceilings()) {
                estimate(metrics.putObject(ceiling.metric()), CampaignSummary.fraction(s, ceiling))
                        .put("unit", "fraction");
            }
            steadiness.level(s.variant(), s.level()).ifPresent(l -> node.put("steady", l.steady()));
        }
        steadyState(root.putObject("steadyState"), steadiness);

        // The scenario's CPU ceiling (null when it has none) and the services' pools (empty when none reported).
        if (summary.ceiling() != null) {
            ObjectNode ceiling = root.putObject("ceiling");
            ceiling.put("benchmark", summary.ceiling().benchmark());
            number(ceiling, "opsPerSecondPerThread", summary.ceiling().opsPerSecondPerThread());
            number(ceiling, "error", summary.ceiling().error());
            ceiling.put("cores", summary.ceiling().cores());
            number(ceiling, "opsPerSecond", summary.ceiling().opsPerSecond());
            ceiling.put("jvm", summary.ceiling().jvm());
            ceiling.put("method", summary.ceiling().method());
        } else {
            root.putNull("ceiling");
        }
        // The scenario's database ceiling: pgbench's rate of one request's database work (null when not measured).
        if (summary.databaseCeiling() != null) {
            var db = summary.databaseCeiling();
            ObjectNode ceiling = root.putObject("databaseCeiling");
            ceiling.put("description", db.description());
            ceiling.put("service", db.service());
            number(ceiling, "tps", db.tps());
            ceiling.put("transactions", db.transactions());
            ceiling.put("failed", db.failed());
            number(ceiling, "latencyMs", db.latencyMs());
            ceiling.put("clients", db.clients());
            ceiling.put("threads", db.threads());
            ceiling.put("seconds", db.seconds());
            ceiling.put("script", db.script());
            ceiling.put("setup", db.setup());
            ceiling.put("command", db.command());
            ceiling.put("pgbenchVersion", db.pgbenchVersion());
        } else {
            root.putNull("databaseCeiling");
        }
        ArrayNode pools = root.putArray("pools");
        for (PoolSummary p : summary.pools()) {
            ObjectNode node = pools.addObject();
            node.put("variant", p.variant());
            node.put("level", p.level());
            node.put("pool", p.pool());
            ObjectNode metrics = node.putObject("metrics");
            for (PoolMetric metric : PoolMetric.values()) {
                estimate(metrics.putObject(metric.id()), p.estimate(metric)).put("unit", metric.unit());
            }
        }

        ArrayNode comparisons = root.putArray("comparisons");
        summary.comparisons().forEach(c -> comparison(comparisons.addObject(), c));
        // The machine's noise: the noise variant's identical second run against its first (ideally 1.00).
        ArrayNode noise = root.putArray("noise");
        summary.noise().forEach(c -> comparison(noise.addObject(), c));

        // on the steady levels only: a level measured while the JIT was compiling names no winner
        ArrayNode crossovers = root.putArray("crossovers");
        for (Crossover c0 : summary.crossovers()) {
            Crossover c = steadiness.crossover(summary, c0.metric(), c0.variantA(), c0.variantB());
            ObjectNode node = crossovers.addObject();
            node.put("metric", c.metric().id());
            node.put("variantA", c.variantA());
            node.put("variantB", c.variantB());
            node.put("kind", c.kind().name());
            if (c.level().isPresent()) {
                node.put("level", c.level().getAsInt());
            } else {
                node.putNull("level");
            }
            ArrayNode compared = node.putArray("levelsCompared");
            c.levelsCompared().forEach(compared::add);
            node.put("significant", c.significant());
        }

        ArrayNode statics = root.putArray("statics");
        for (StaticSummary s : summary.statics()) {
            ObjectNode node = statics.addObject();
            node.put("variant", s.variant());
            node.put("service", s.service());
            node.put("aot", s.aot());
            estimate(node.putObject("startupSeconds"), s.startupSeconds());
            estimate(node.putObject("firstAnswerSeconds"), s.firstAnswerSeconds());
            estimate(node.putObject("heapAfterStartMb"), s.heapAfterStartMb());
            estimate(node.putObject("rssAfterStartMb"), s.rssAfterStartMb());
            estimate(node.putObject("artifactMb"), s.artifactMb());
        }
        ArrayNode aot = root.putArray("aotEffects");
        for (AotEffect e : CampaignStatistics.aotEffects(result)) {
            ObjectNode node = aot.addObject();
            node.put("variant", e.variant());
            node.put("service", e.service());
            estimate(node.putObject("startupRatio"), e.startup());
            estimate(node.putObject("firstAnswerRatio"), e.firstAnswer());
            estimate(node.putObject("rssRatio"), e.rss());
        }
        return root;
    }

    /**
     * The warm-up rule, per variant and level whether its windows were steady with their JIT share, and per run how
     * long its warm-up took.
     */
    private static void steadyState(ObjectNode node, Steadiness steadiness) {
        var rule = steadiness.rule();
        node.put("warmup", rule.adaptive() ? "adaptive" : "fixed");
        node.put("windowSeconds", rule.windowSeconds());
        node.put("capSeconds", rule.capSeconds());
        node.put("throughputBand", rule.throughputBand());
        node.put("jitShareLimit", rule.jitShareLimit());
        ArrayNode notSteady = node.putArray("notSteadyLevels");
        steadiness.notSteadyLevels().forEach(notSteady::add);
        ArrayNode levels = node.putArray("levels");
        for (Steadiness.Level l : steadiness.levels()) {
            ObjectNode level = levels.addObject();
            level.put("variant", l.variant());
            level.put("level", l.level());
            level.put("steady", l.steady());
            level.put("windows", l.windows());
            level.put("notSteady", l.notSteady());
            number(level, "jitShareMean", l.jitShareMean());
            number(level, "jitShareMax", l.jitShareMax());
        }
        ArrayNode perVariant = node.putArray("warmupByVariant");
        for (Steadiness.Warmups w : steadiness.warmups()) {
            ObjectNode v = perVariant.addObject();
            v.put("variant", w.variant());
            v.put("mode", w.adaptive() ? "adaptive" : "fixed");
            estimate(v.putObject("seconds"), w.seconds());
            v.put("runs", w.runs());
            v.put("steady", w.steady());
        }
        ArrayNode runs = node.putArray("warmups");
        for (var w : steadiness.warmupRuns()) {
            ObjectNode run = runs.addObject();
            run.put("variant", w.variant());
            run.put("repetition", w.repetition());
            run.put("mode", w.adaptive() ? "adaptive" : "fixed");
            number(run, "seconds", w.seconds());
            run.put("steady", w.steady());
            ArrayNode windows = run.putArray("windows");
            for (var x : w.windows()) {
                ObjectNode window = windows.addObject();
                number(window, "seconds", x.seconds());
                number(window, "throughput", x.throughput());
                number(window, "jitShare", x.jitShare());
            }
        }
    }

    /** A paired comparison: the unpaired means for scale, then the geometric mean of the per-repetition ratios B / A and its CI95. */
    private static void comparison(ObjectNode node, Comparison c) {
        node.put("level", c.level());
        node.put("metric", c.metric().id());
        node.put("variantA", c.variantA());
        node.put("variantB", c.variantB());
        number(node, "meanA", c.a().mean());
        node.put("nA", c.a().n());
        number(node, "meanB", c.b().mean());
        node.put("nB", c.b().n());
        estimate(node.putObject("ratioBOverA"), c.ratio());
        ArrayNode perRepetition = node.putArray("ratiosPerRepetition");
        c.ratios().forEach(perRepetition::add);
        number(node, "pValue", c.pValue());
        node.put("significant", c.significant());
    }

    static ObjectNode estimate(ObjectNode node, Estimate e) {
        number(node, "mean", e.mean());
        number(node, "ciLow", e.ciLow());
        number(node, "ciHigh", e.ciHigh());
        number(node, "stdDev", e.stdDev());
        node.put("n", e.n());
        node.put("interval", e.hasInterval());
        return node;
    }

    static void number(ObjectNode node, String key, double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            node.putNull(key);
        } else {
            node.put(key, value);
        }
    }
}
