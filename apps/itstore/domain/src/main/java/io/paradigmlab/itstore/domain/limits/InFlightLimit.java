package io.paradigmlab.itstore.domain.limits;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * At most {@link #max()} requests in flight at once ({@code itstore.limits.max-concurrent-requests}); above it a
 * request is refused at once (503 with {@code Retry-After}) instead of queueing: Tomcat's or Netty's queues and the
 * pool's pending acquisitions would otherwise grow without bound under overload, and every request in them would wait
 * longer than its client. One class for the MVC and the WebFlux cells, so the bound is the same in all six. Lock-free: one compare-and-set per admission, so the bound itself costs the measured requests nothing but a
 * contended cache line.
 */
public final class InFlightLimit {

    /**
     * {@code itstore.limits.max-concurrent-requests} when unset: 1,000, as Tweebyte's. It changes what overload looks
     * like (503s instead of growing latency), the same in every cell, so a campaign driving more concurrent requests
     * than this measures the bound.
     */
    public static final int DEFAULT_MAX_CONCURRENT_REQUESTS = 1000;

    private final int max;
    private final AtomicInteger inFlight = new AtomicInteger();

    public InFlightLimit(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("itstore.limits.max-concurrent-requests must be at least 1, was " + max);
        }
        this.max = max;
    }

    /** Counts a request in; false, with nothing counted, when {@link #max()} are already in flight. */
    public boolean tryEnter() {
        // compare-and-set rather than increment-then-undo: the count never exceeds max, not even for an instant
        int n;
        do {
            n = inFlight.get();
            if (n >= max) {
                return false;
            }
        } while (!inFlight.compareAndSet(n, n + 1));
        return true;
    }

    /** Counts out a request {@link #tryEnter()} admitted: exactly once per admission. */
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
