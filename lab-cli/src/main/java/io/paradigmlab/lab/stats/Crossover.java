package io.paradigmlab.lab.stats;

import java.util.List;
import java.util.OptionalInt;

/**
 * Where, along the ladder of levels, variant B becomes better than variant A for one metric.
 *
 * <p>Rule. Take the levels at which A and B were both OK in at least one repetition, ascending: L<sub>1</sub> &lt;
 * ... &lt; L<sub>k</sub> ({@link #levelsCompared()}); levels where they never were are skipped, not guessed. At each,
 * B is <em>better</em> when its paired mean ratio B / A ({@link Comparison}) is strictly better than 1
 * ({@link Metric#better}: above 1 for throughput, below for latency); an exact tie counts as not better. Let L<sub>c</sub> be the start of the longest run of levels, ending
 * at L<sub>k</sub>, at which B is better at every one. Then the {@link Kind} is:
 * <ul>
 *   <li>{@link Kind#ALWAYS_BETTER} when that run is every compared level;</li>
 *   <li>{@link Kind#CROSSOVER} at L<sub>c</sub> when the run is not empty and starts after L<sub>1</sub>: B is
 *       better at L<sub>c</sub> and every higher level and not better at the compared level just below it (levels
 *       further below may go either way);</li>
 *   <li>{@link Kind#ALWAYS_WORSE} when B is better at no compared level;</li>
 *   <li>{@link Kind#NONE} otherwise: B is better somewhere but not at the highest level (then A overtakes B, which
 *       the crossover of the swapped pair reports);</li>
 *   <li>{@link Kind#NO_DATA} when no level can be compared.</li>
 * </ul>
 * The rule orders paired means only. {@link #significant()} adds whether B's advantage is significant (the ratio's
 * 95 % interval excludes 1) at every level of the run (for ALWAYS_BETTER and CROSSOVER; false otherwise), so a crossover driven by noise can be
 * told from a real one.
 *
 * @param metric         the metric
 * @param variantA       the reference variant
 * @param variantB       the variant whose advantage is traced
 * @param kind           see above
 * @param level          L<sub>c</sub> for {@link Kind#CROSSOVER}, else empty
 * @param levelsCompared the levels at which both have a mean
 * @param significant    B significantly better at every level of its final run
 */
public record Crossover(Metric metric, String variantA, String variantB, Kind kind, OptionalInt level,
                        List<Integer> levelsCompared, boolean significant) {

    public Crossover {
        levelsCompared = List.copyOf(levelsCompared);
    }

    /** Outcome of the rule described on {@link Crossover}. */
    public enum Kind { ALWAYS_BETTER, CROSSOVER, ALWAYS_WORSE, NONE, NO_DATA }

    /**
     * Applies the rule to the comparisons of one ordered pair (A, B) and one metric, one per level in any order.
     */
    public static Crossover detect(Metric metric, String variantA, String variantB, List<Comparison> perLevel) {
        List<Comparison> compared = perLevel.stream().filter(Comparison::hasBothMeans)
                .sorted(java.util.Comparator.comparingInt(Comparison::level)).toList();
        List<Integer> levels = compared.stream().map(Comparison::level).toList();
        if (compared.isEmpty()) {
            return new Crossover(metric, variantA, variantB, Kind.NO_DATA, OptionalInt.empty(), levels, false);
        }
        int start = compared.size();
        while (start > 0 && compared.get(start - 1).bBetter()) {
            start--;
        }
        List<Comparison> run = compared.subList(start, compared.size());
        boolean significant = !run.isEmpty() && run.stream().allMatch(Comparison::significant);
        if (start == 0) {
            return new Crossover(metric, variantA, variantB, Kind.ALWAYS_BETTER, OptionalInt.empty(), levels,
                    significant);
        }
        if (!run.isEmpty()) {
            return new Crossover(metric, variantA, variantB, Kind.CROSSOVER, OptionalInt.of(run.getFirst().level()),
                    levels, significant);
        }
        boolean everBetter = compared.stream().anyMatch(Comparison::bBetter);
        return new Crossover(metric, variantA, variantB, everBetter ? Kind.NONE : Kind.ALWAYS_WORSE,
                OptionalInt.empty(), levels, false);
    }
}
