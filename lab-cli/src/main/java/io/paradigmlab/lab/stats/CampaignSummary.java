package io.paradigmlab.lab.stats;

import io.paradigmlab.lab.api.Ceiling;
import io.paradigmlab.lab.results.DatabaseCeilingResult;
import java.util.ArrayList;
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
 * @param databaseCeiling the scenario's database ceiling (pgbench), or null: see {@link #ceilings()}
 */
public record CampaignSummary(List<String> variants, List<Integer> levels, List<LevelSummary> levelSummaries,
                              List<Comparison> comparisons, List<Crossover> crossovers, List<StaticSummary> statics,
                              List<Comparison> noise, List<PoolSummary> pools, Ceiling ceiling,
                              DatabaseCeilingResult databaseCeiling) {

    /** Without a database ceiling. */
    public CampaignSummary(List<String> variants, List<Integer> levels, List<LevelSummary> levelSummaries,
                           List<Comparison> comparisons, List<Crossover> crossovers, List<StaticSummary> statics,
                           List<Comparison> noise, List<PoolSummary> pools, Ceiling ceiling) {
        this(variants, levels, levelSummaries, comparisons, crossovers, statics, noise, pools, ceiling, null);
    }

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
     * The rates this campaign's throughput is shown as a fraction of, in the report's order: the CPU ceiling, then the
     * database ceiling, each only when measured.
     */
    public List<CeilingRate> ceilings() {
        List<CeilingRate> rates = new ArrayList<>();
        if (ceiling != null) {
            rates.add(new CeilingRate(CeilingRate.CPU, "CPU ceiling", ceiling.opsPerSecond(), ceiling.describe()));
        }
        if (databaseCeiling != null) {
            rates.add(new CeilingRate(CeilingRate.DATABASE, "database ceiling", databaseCeiling.tps(),
                    databaseCeiling.describe()));
        }
        return rates;
    }

    /**
     * A variant's throughput at a level as a fraction of a ceiling's rate ({@link CeilingRate#opsPerSecond()}): the
     * throughput's estimate divided by the rate (interval included; the ceiling's own error is not propagated).
     * {@link Estimate#EMPTY} without a positive rate.
     */
    public static Estimate fraction(LevelSummary level, CeilingRate ceiling) {
        if (ceiling == null || !(ceiling.opsPerSecond() > 0)) {
            return Estimate.EMPTY;
        }
        return level.estimate(Metric.THROUGHPUT).scaled(1 / ceiling.opsPerSecond());
    }

    /** The throughput at a level over the CPU ceiling ({@link Ceiling#opsPerSecond()}); see {@link #fraction}. */
    public Estimate ceilingFraction(LevelSummary level) {
        return fraction(level, ceiling == null ? null : ceilings().getFirst());
    }

    /** The throughput at a level over the database ceiling (pgbench's tps); see {@link #fraction}. */
    public Estimate databaseCeilingFraction(LevelSummary level) {
        return fraction(level, databaseCeiling == null ? null : ceilings().getLast());
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
