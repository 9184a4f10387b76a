package io.paradigmlab.lab.stats;

import io.paradigmlab.lab.api.Ceiling;
import java.util.List;
import java.util.Optional;

/**
 * All statistics of one campaign, computed by {@link CampaignStatistics#summarize}.
 *
 * @param variants    variants in the campaign's order
 * @param levels      every level measured, ascending
 * @param levelSummaries one per variant and level (variant-major, levels ascending)
 * @param comparisons one per level, {@link CampaignStatistics#COMPARED_METRICS compared metric} and pair of
 *                    variants (A before B in the campaign's order)
 * @param crossovers  one per ordered pair of distinct variants and {@link CampaignStatistics#CROSSOVER_METRICS
 *                    crossover metric}
 * @param statics     one per variant and service
 * @param noise       the machine's noise: per level and compared metric, the noise variant's repeat against its
 *                    first run ({@link CampaignStatistics#noise}); empty without a noise check
 * @param pools       one per variant, level and pool the variant reported (variant-major, levels ascending, pools
 *                    by name); empty when no variant reports pools
 * @param ceiling     the scenario's CPU ceiling, or null: see {@link #ceilingFraction}
 */
public record CampaignSummary(List<String> variants, List<Integer> levels, List<LevelSummary> levelSummaries,
                              List<Comparison> comparisons, List<Crossover> crossovers, List<StaticSummary> statics,
                              List<Comparison> noise, List<PoolSummary> pools, Ceiling ceiling) {

    /** Without pools or a ceiling. */
    public CampaignSummary(List<String> variants, List<Integer> levels, List<LevelSummary> levelSummaries,
                           List<Comparison> comparisons, List<Crossover> crossovers, List<StaticSummary> statics,
                           List<Comparison> noise) {
        this(variants, levels, levelSummaries, comparisons, crossovers, statics, noise, List.of(), null);
    }

    public CampaignSummary {
        variants = List.copyOf(variants);
        levels = List.copyOf(levels);
        levelSummaries = List.copyOf(levelSummaries);
        comparisons = List.copyOf(comparisons);
        crossovers = List.copyOf(crossovers);
        statics = List.copyOf(statics);
        noise = List.copyOf(noise);
        pools = pools == null ? List.of() : List.copyOf(pools);
    }

    /** The pools' names over every variant, sorted, each once. */
    public List<String> poolNames() {
        return pools.stream().map(PoolSummary::pool).distinct().sorted().toList();
    }

    public Optional<PoolSummary> pool(String variant, int level, String pool) {
        return pools.stream().filter(p -> p.variant().equals(variant) && p.level() == level
                && p.pool().equals(pool)).findFirst();
    }

    /**
     * A variant's throughput at a level as a fraction of the CPU ceiling ({@link Ceiling#opsPerSecond()}): the
     * throughput's estimate divided by the ceiling (interval included; the ceiling's own error is not propagated).
     * {@link Estimate#EMPTY} without a ceiling.
     */
    public Estimate ceilingFraction(LevelSummary level) {
        if (ceiling == null || !(ceiling.opsPerSecond() > 0)) {
            return Estimate.EMPTY;
        }
        return level.estimate(Metric.THROUGHPUT).scaled(1 / ceiling.opsPerSecond());
    }

    /** The noise of one metric at one level, if the campaign measured it. */
    public Optional<Comparison> noise(int level, Metric metric) {
        return noise.stream().filter(c -> c.level() == level && c.metric() == metric).findFirst();
    }

    public Optional<LevelSummary> level(String variant, int level) {
        return levelSummaries.stream().filter(s -> s.variant().equals(variant) && s.level() == level).findFirst();
    }

    /** The comparison of B with A, whichever order the pair was computed in. */
    public Optional<Comparison> comparison(int level, Metric metric, String variantA, String variantB) {
        for (Comparison c : comparisons) {
            if (c.level() == level && c.metric() == metric) {
                if (c.variantA().equals(variantA) && c.variantB().equals(variantB)) {
                    return Optional.of(c);
                }
                if (c.variantA().equals(variantB) && c.variantB().equals(variantA)) {
                    return Optional.of(c.swap());
                }
            }
        }
        return Optional.empty();
    }

    public Optional<Crossover> crossover(Metric metric, String variantA, String variantB) {
        return crossovers.stream().filter(c -> c.metric() == metric && c.variantA().equals(variantA)
                && c.variantB().equals(variantB)).findFirst();
    }
}
