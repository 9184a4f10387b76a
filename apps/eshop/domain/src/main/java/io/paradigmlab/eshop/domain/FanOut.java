package io.paradigmlab.eshop.domain;

/**
 * The fan-out knob (spec 2.6 D-10): how many of a batch's individual reservation calls ({@code mode=individual}) Order
 * keeps in flight at once. The seed's conventional variant made its 55 calls one after the other (6,667 ms for 55 x 100
 * ms) while its reactive variant overlapped them (3,102 ms), so the paper measured fan-out strategy, not paradigm; here
 * every variant uses the same bound: platform {@code CompletableFuture}s on a bounded executor, virtual threads behind a
 * {@code Semaphore}, reactive {@code flatMap(..., fanOut)}.
 *
 * <ul>
 *   <li>{@link #DEFAULT} 55: all of the seed's 55 lines concurrently, in every variant.</li>
 *   <li>{@link #SEQUENTIAL} 1: one call at a time, the seed's conventional behaviour (the faithful toggle).</li>
 * </ul>
 * The answer does not depend on it: lines are independent and {@link Orders#result} restores request order.
 */
public final class FanOut {

    /** Suggested configuration property of the Order service. */
    public static final String PROPERTY = "eshop.order.fan-out";
    /** All 55 lines of the seed's batch in flight at once. */
    public static final int DEFAULT = 55;
    /** One call at a time: reproduces the seed's sequential conventional variant. */
    public static final int SEQUENTIAL = 1;
    /** No more calls in flight than a batch has lines. */
    public static final int MAX = 1_000;

    private FanOut() {
    }

    /**
     * @return {@code fanOut} when within 1..{@link #MAX}
     * @throws IllegalArgumentException otherwise (a configuration error: the service should not start)
     */
    public static int validate(int fanOut) {
        if (fanOut < SEQUENTIAL || fanOut > MAX) {
            throw new IllegalArgumentException(PROPERTY + " must be between " + SEQUENTIAL + " and " + MAX
                    + ", was " + fanOut);
        }
        return fanOut;
    }
}
