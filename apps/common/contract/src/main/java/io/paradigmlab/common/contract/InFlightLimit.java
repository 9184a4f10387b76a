package io.paradigmlab.common.contract;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The most requests one service handles at once, in every variant alike (ADR 0004). Above it a request is answered
 * 503 with {@code Retry-After} at once instead of queueing: a queue nobody bounds (Tomcat's async requests, an
 * executor's work queue, Netty's connections, a pool's pending acquisitions) grows under overload until memory runs
 * out, and every request in it waits longer than its client will. Lock-free: one compare-and-set per admission, so
 * the bound costs the measured requests nothing but a contended cache line.
 *
 * <p>It changes what overload looks like (503s instead of growing latency): a campaign that drives more concurrent
 * requests per service than {@link #max()} measures the limit, the same in every variant.
 */
public final class InFlightLimit {

    private final int max;
    private final AtomicInteger inFlight = new AtomicInteger();

    /**
     * @param max      the most requests admitted at once
     * @param property the setting {@code max} came from ({@code tweebyte.limits.max-concurrent-requests}, say),
     *                 named in the error when it is below 1
     */
    public InFlightLimit(int max, String property) {
        if (max < 1) {
            throw new IllegalArgumentException(property + " must be at least 1, was " + max);
        }
        this.max = max;
    }

    /** Counts a request in; false (and nothing counted) when {@link #max()} are already in flight. */
    public boolean tryEnter() {
        // compare-and-set, not increment-then-undo: the count never shows more than max, even for an instant
        int n;
        do {
            n = inFlight.get();
            if (n >= max) {
                return false;
            }
        } while (!inFlight.compareAndSet(n, n + 1));
        return true;
    }

    /** Counts a request that {@link #tryEnter()} let in out again: exactly once per admitted request. */
    public void exit() {
        inFlight.decrementAndGet();
    }

    public int inFlight() {
        return inFlight.get();
    }

    public int max() {
        return max;
    }
}
