package io.paradigmlab.lab.api;

import java.util.List;

/**
 * A named load plan of a scenario ({@code ./lab run --ladder NAME}): the levels, repetitions, warm-up and measured
 * window. An option given on the command line ({@code --levels}, {@code --reps}, {@code --warmup},
 * {@code --duration}) overrides the preset's value. A scenario's preset named {@value #QUICK} is its default when
 * {@code --ladder} is not given.
 *
 * @param name            e.g. {@code quick}, {@code seed001}
 * @param description     one line: what it reproduces or is for
 * @param levels          concurrent users (closed model) or requests per second (open model), ascending
 * @param repetitions     repetitions
 * @param warmupSeconds   warm-up of each run
 * @param durationSeconds measured window of each level
 */
public record LoadPreset(String name, String description, List<Integer> levels, int repetitions, int warmupSeconds,
                         int durationSeconds) {

    /** The name of a scenario's default preset. */
    public static final String QUICK = "quick";

    public LoadPreset {
        levels = List.copyOf(levels);
    }

    /** "levels 1, 5, 10; 5 repetitions; warm-up 60 s; 180 s per level". */
    public String summary() {
        return "levels " + String.join(", ", levels.stream().map(String::valueOf).toList()) + "; " + repetitions
                + (repetitions == 1 ? " repetition" : " repetitions") + "; warm-up " + warmupSeconds + " s; "
                + durationSeconds + " s per level";
    }
}
