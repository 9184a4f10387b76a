package io.paradigmlab.lab.results;

/**
 * How a campaign warms its services up and when it calls a measured window steady (docs/methodology.md, "Steady
 * state"). Every knob here changes which numbers count, so each is recorded with the campaign.
 *
 * @param adaptive       true: warm up in windows of {@code windowSeconds} until two successive windows agree (see
 *                       {@link #agree}) or {@code capSeconds} have passed ({@code --warmup adaptive}, the default
 *                       without a preset's warm-up); false: the fixed {@code --warmup} of the campaign's settings
 * @param windowSeconds  length of one adaptive warm-up window: long enough for four 1-s resource samples once the
 *                       first, which reaches back before the window, is left out
 * @param capSeconds     the longest adaptive warm-up ({@code --warmup-cap}); a run that reaches it goes on to its
 *                       levels and its warm-up is recorded as not steady
 * @param throughputBand two successive warm-up windows agree when their throughputs differ by at most this share of
 *                       the earlier one ({@code --steady-band}, default 10 %): closer than that, a 5-s window of a
 *                       shared 2-core machine rarely gets
 * @param jitShareLimit  a window is steady when the JIT compiler used at most this share of the services' CPU time
 *                       in it ({@code --steady-jit-share}, default 5 %); a measured window above it is flagged "not
 *                       steady" and its level gets no ranking
 */
public record SteadyState(boolean adaptive, int windowSeconds, int capSeconds, double throughputBand,
                          double jitShareLimit) {

    /** The default length of an adaptive warm-up window. */
    public static final int WINDOW_SECONDS = 5;
    /** The default cap of an adaptive warm-up. */
    public static final int CAP_SECONDS = 120;
    /** The default band of throughput within which two warm-up windows agree. */
    public static final double THROUGHPUT_BAND = 0.10;
    /** The default most JIT compilation time, as a share of the services' CPU time, of a steady window. */
    public static final double JIT_SHARE_LIMIT = 0.05;

    public SteadyState {
        if (windowSeconds < 1 || capSeconds < windowSeconds) {
            throw new IllegalArgumentException("an adaptive warm-up needs windows of at least 1 s and a cap of at"
                    + " least one window, got " + windowSeconds + " s and " + capSeconds + " s");
        }
        if (!(throughputBand >= 0) || !(jitShareLimit >= 0) || jitShareLimit > 1) {
            throw new IllegalArgumentException("the throughput band and the JIT share limit are shares >= 0 (the"
                    + " latter at most 1), got " + throughputBand + " and " + jitShareLimit);
        }
    }

    /** An adaptive warm-up with the defaults. */
    public static SteadyState adaptiveDefaults() {
        return new SteadyState(true, WINDOW_SECONDS, CAP_SECONDS, THROUGHPUT_BAND, JIT_SHARE_LIMIT);
    }

    /** A fixed warm-up (the settings' {@code warmupSeconds}), windows judged with the default JIT share limit. */
    public static SteadyState fixedDefaults() {
        return new SteadyState(false, WINDOW_SECONDS, CAP_SECONDS, THROUGHPUT_BAND, JIT_SHARE_LIMIT);
    }

    /**
     * Whether two successive warm-up windows agree: both have a positive throughput, the later one's is within
     * {@link #throughputBand} of the earlier one's, and neither window's JIT share is above {@link #jitShareLimit}
     * (an unknown share, NaN, does not hold the warm-up back: the throughput alone decides then).
     */
    public boolean agree(double throughputBefore, double jitShareBefore, double throughput, double jitShare) {
        if (!(throughputBefore > 0) || !(throughput > 0)) {
            return false;
        }
        boolean flat = Math.abs(throughput - throughputBefore) <= throughputBand * throughputBefore;
        return flat && !(jitShareBefore > jitShareLimit) && !(jitShare > jitShareLimit);
    }
}
