package io.paradigmlab.lab.results;

import java.util.List;

/**
 * The warm-up of one run (a variant in one repetition) before its first measured level.
 *
 * @param variant    the run's variant (the noise run's repeat carries {@link CampaignSettings#repeatOf})
 * @param repetition 1-based
 * @param adaptive   whether it was the adaptive warm-up ({@link SteadyState#adaptive()}); false: a fixed one
 * @param seconds    how long it took: the sum of its windows (adaptive), or the fixed warm-up
 * @param steady     adaptive: two successive windows agreed before the cap; false when the cap ended it. Always
 *                   false for a fixed warm-up, which checks nothing
 * @param windows    adaptive: every window in order; empty for a fixed warm-up
 */
public record WarmupRun(String variant, int repetition, boolean adaptive, double seconds, boolean steady,
                        List<Window> windows) {

    public WarmupRun {
        windows = windows == null ? List.of() : List.copyOf(windows);
    }

    /**
     * One adaptive warm-up window.
     *
     * @param seconds    its length
     * @param throughput valid responses per second
     * @param jitShare   the JIT's share of the services' CPU time in it, NaN when unknown
     */
    public record Window(double seconds, double throughput, double jitShare) {
    }
}
