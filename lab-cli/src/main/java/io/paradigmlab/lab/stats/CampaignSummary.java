package io.paradigmlab.lab.stats;

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
 */
public record CampaignSummary(List<String> variants, List<Integer> levels, List<LevelSummary> levelSummaries,
                              List<Comparison> comparisons, List<Crossover> crossovers, List<StaticSummary> statics,
                              List<Comparison> noise) {

    public CampaignSummary {
        variants = List.copyOf(variants);
        levels = List.copyOf(levels);
        levelSummaries = List.copyOf(levelSummaries);
        comparisons = List.copyOf(comparisons);
        crossovers = List.copyOf(crossovers);
        statics = List.copyOf(statics);
        noise = List.copyOf(noise);
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
