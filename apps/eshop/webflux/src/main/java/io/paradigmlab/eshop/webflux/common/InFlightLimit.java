package io.paradigmlab.eshop.webflux.common;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bound on requests in flight ({@code eshop.limits.max-concurrent-requests}, default
 * {@value #DEFAULT_MAX_CONCURRENT_REQUESTS}): above it a request is refused at once with 503 and Retry-After, so an
 * overload is answered, never queued without bound. A counter, no lock.
 */
public final class InFlightLimit {

    public static final String PROPERTY = "eshop.limits.max-concurrent-requests";
    public static final int DEFAULT_MAX_CONCURRENT_REQUESTS = 10_000;

    private final int max;
    private final AtomicInteger inFlight = new AtomicInteger();

    public InFlightLimit(int max) {
        if (max < 1) {
            throw new IllegalArgumentException(PROPERTY + " must be at least 1: " + max);
        }
        this.max = max;
    }

    /** Admits a request (true) or refuses it (false, nothing counted). */
    public boolean tryEnter() {
        while (true) {
            int now = inFlight.get();
            if (now >= max) {
                return false;
            }
            if (inFlight.compareAndSet(now, now + 1)) {
                return true;
            }
        }
    }

    /** Ends an admitted request. */
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
