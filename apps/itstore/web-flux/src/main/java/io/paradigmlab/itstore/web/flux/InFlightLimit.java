package io.paradigmlab.itstore.web.flux;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * At most {@link #max()} requests in flight at once ({@code itstore.limits.max-concurrent-requests}); above it a
 * request is refused at once (503 with {@code Retry-After}) instead of queueing: Netty accepts every connection and
 * the pools queue every pending acquisition (r2dbc-pool's, {@code boundedElastic}'s task queue), so without a bound
 * the work in progress grows under overload until every request waits longer than its client. Lock-free: one
 * compare-and-set per admission, nothing an event loop could park on.
 */
final class InFlightLimit {

    /**
     * {@code itstore.limits.max-concurrent-requests} when unset: 1,000, as Tweebyte's and the MVC cells'. It changes a
     * measurement: what overload looks like (503s instead of growing latency), the same in every cell, so a campaign
     * driving more concurrent requests than this measures the bound.
     */
    static final int DEFAULT_MAX_CONCURRENT_REQUESTS = 1000;

    private final int max;
    private final AtomicInteger inFlight = new AtomicInteger();

    InFlightLimit(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("itstore.limits.max-concurrent-requests must be at least 1, was " + max);
        }
        this.max = max;
    }

    /** Counts a request in; false, with nothing counted, when {@link #max()} are already in flight. */
    boolean tryEnter() {
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
    void exit() {
        inFlight.decrementAndGet();
    }

    int inFlight() {
        return inFlight.get();
    }

    int max() {
        return max;
    }
}
