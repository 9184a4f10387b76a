package io.paradigmlab.lab.report;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.SteadyState;
import io.paradigmlab.lab.results.WarmupRun;
import io.paradigmlab.lab.stats.CampaignStatistics;
import io.paradigmlab.lab.stats.CampaignSummary;
import io.paradigmlab.lab.stats.Comparison;
import io.paradigmlab.lab.stats.Crossover;
import io.paradigmlab.lab.stats.Estimate;
import io.paradigmlab.lab.stats.Metric;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Whether each level was measured in steady state (docs/methodology.md, "Steady state"): a window is steady when the
 * JIT compiler used at most {@link SteadyState#jitShareLimit()} of the services' CPU time in it
 * ({@link LevelMeasurement#steady}); a variant's level is steady when every valid (OK) repetition's window is; a level
 * is steady when every variant's is. A level that is not gets no ranking and no crossover: the report shows the flag
 * instead. Also the warm-ups' durations per variant.
 */
final class Steadiness {

    /**
     * One variant at one level.
     *
     * @param windows       valid repetitions (OK windows) at the level
     * @param notSteady     how many of them had a JIT share above the limit
     * @param jitShareMean  mean JIT share over those windows that have one, NaN when none has
     * @param jitShareMax   the highest of them, NaN when none has one
     */
    record Level(String variant, int level, int windows, int notSteady, double jitShareMean, double jitShareMax) {

        boolean steady() {
            return notSteady == 0;
        }
    }

    /** A variant's warm-ups: their durations over its runs, and how many reached steady state before the cap. */
    record Warmups(String variant, Estimate seconds, int runs, int steady, boolean adaptive) {
    }

    private final CampaignResult result;
    private final SteadyState rule;
    private final List<Level> levels = new ArrayList<>();
    /**
     * False for a fixed-work experiment: each of its runs starts a fresh JVM and measures the work to completion,
     * JIT warm-up included by design (docs/methodology.md, "Fixed-work experiments"), so no run is flagged.
     */
    private final boolean applies;

    Steadiness(CampaignResult result, CampaignSummary summary) {
        this.result = result;
        CampaignSettings settings = result.settings();
        this.rule = settings == null ? SteadyState.fixedDefaults() : settings.steadyState();
        this.applies = settings == null || !"fixed".equals(settings.model());
        for (String variant : summary.variants()) {
            for (int level : summary.levels()) {
                levels.add(measure(variant, level));
            }
        }
    }

    SteadyState rule() {
        return rule;
    }

    List<Level> levels() {
        return levels;
    }

    private Level measure(String variant, int level) {
        List<LevelMeasurement> ok = CampaignStatistics.okMeasurements(result, variant, level);
        double[] shares = ok.stream().mapToDouble(LevelMeasurement::jitShare).filter(v -> !Double.isNaN(v)).toArray();
        int notSteady = applies ? (int) ok.stream().filter(m -> !m.steady(rule.jitShareLimit())).count() : 0;
        return new Level(variant, level, ok.size(), notSteady,
                shares.length == 0 ? Double.NaN : java.util.Arrays.stream(shares).average().orElse(Double.NaN),
                shares.length == 0 ? Double.NaN : java.util.Arrays.stream(shares).max().orElse(Double.NaN));
    }

    Optional<Level> level(String variant, int level) {
        return levels.stream().filter(l -> l.variant().equals(variant) && l.level() == level).findFirst();
    }

    /** Whether every variant's valid windows at {@code level} were steady. */
    boolean steady(int level) {
        return levels.stream().filter(l -> l.level() == level).allMatch(Level::steady);
    }

    /**
     * The flag of a level that is not steady, e.g. "not steady: JIT 23 % of CPU (async), 9 % (virtual)"; null when it
     * is steady.
     */
    String flag(int level) {
        List<String> parts = new ArrayList<>();
        for (Level l : levels) {
            if (l.level() == level && !l.steady()) {
                parts.add(percent(l.jitShareMax()) + (parts.isEmpty() ? " of CPU" : "") + " (" + l.variant() + ")");
            }
        }
        return parts.isEmpty() ? null : "not steady: JIT " + String.join(", ", parts);
    }

    /** A share in per cent, one decimal below 10 % unless whole: "23 %", "4.2 %", "5 %"; "–" for NaN. */
    static String percent(double share) {
        if (Double.isNaN(share)) {
            return "–";
        }
        double p = share * 100;
        String tenths = String.format(Locale.ROOT, "%.1f", p);
        return (p >= 10 || tenths.endsWith(".0") ? String.format(Locale.ROOT, "%.0f", p) : tenths) + " %";
    }

    /**
     * The crossover of one ordered pair on the steady levels: {@link Crossover#detect} on the paired comparisons of
     * those levels only, so a level measured while the JIT was still compiling names no winner.
     */
    Crossover crossover(CampaignSummary summary, Metric metric, String a, String b) {
        List<Comparison> perLevel = new ArrayList<>();
        for (int level : summary.levels()) {
            if (steady(level)) {
                summary.comparison(level, metric, a, b).ifPresent(perLevel::add);
            }
        }
        return Crossover.detect(metric, a, b, perLevel);
    }

    /** The levels left out of the rankings and crossovers. */
    List<Integer> notSteadyLevels() {
        Set<Integer> out = new LinkedHashSet<>();
        levels.stream().filter(l -> !l.steady()).forEach(l -> out.add(l.level()));
        return out.stream().sorted().toList();
    }

    /** Every run's warm-up, as recorded. */
    List<WarmupRun> warmupRuns() {
        return result.warmups();
    }

    /** Per variant (its repeat too, named as such), its warm-ups over the repetitions; empty when none was recorded. */
    List<Warmups> warmups() {
        Set<String> variants = new LinkedHashSet<>();
        result.warmups().forEach(w -> variants.add(w.variant()));
        List<Warmups> out = new ArrayList<>();
        for (String variant : variants) {
            List<WarmupRun> runs = result.warmups().stream().filter(w -> w.variant().equals(variant)).toList();
            out.add(new Warmups(variant, Estimate.of(runs.stream().mapToDouble(WarmupRun::seconds).toArray()),
                    runs.size(), (int) runs.stream().filter(WarmupRun::steady).count(),
                    runs.stream().anyMatch(WarmupRun::adaptive)));
        }
        return out;
    }
}
