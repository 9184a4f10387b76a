package io.paradigmlab.tweebyte.domain.limits;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The most requests one service handles at once, in every variant alike (ADR 0004). Above it a request is
 * answered 503 with {@code Retry-After} at once instead of queueing: a queue nobody bounds (Tomcat's async
 * requests, an executor's work queue, Netty's connections, a pool's pending acquisitions) grows under overload
 * until memory runs out, and every request in it waits longer than its client will.
 */
public final class InFlightLimit {

    /**
     * {@code tweebyte.limits.max-concurrent-requests} when unset. It changes what overload looks like (503s
     * instead of growing latency), so a campaign that drives more than this many concurrent requests per service
     * measures the limit, the same in every variant.
     */
    public static final int DEFAULT_MAX_CONCURRENT_REQUESTS = 1000;

    private final int max;
    private final AtomicInteger inFlight = new AtomicInteger();

    /** The limit of {@code tweebyte.limits.max-concurrent-requests}. */
    public InFlightLimit(int max) {
        this(max, "tweebyte.limits.max-concurrent-requests");
    }

    /**
     * A limit set by another property (the media CPU queue, say: admitted = running + waiting).
     *
     * @param property the setting {@code max} came from, named in the error when it is below 1
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
