package io.paradigmlab.tweebyte.domain.error;

import java.util.concurrent.atomic.AtomicLong;

/**
 * When to log a failure that repeats on every request during an outage (the database unreachable): at most once per
 * interval, so the log says it once instead of once per request. Callers log what {@link #due()} allows.
 */
public final class OutageWarnings {

    private final long intervalNanos;
    private final AtomicLong last;

    /** @param intervalSeconds the least time between two warnings */
    public OutageWarnings(long intervalSeconds) {
        this.intervalNanos = intervalSeconds * 1_000_000_000L;
        this.last = new AtomicLong(System.nanoTime() - intervalNanos);
    }

    /** True for exactly one caller per interval. */
    public boolean due() {
        long now = System.nanoTime();
        long previous = last.get();
        return now - previous >= intervalNanos && last.compareAndSet(previous, now);
    }

    /** The innermost cause: what failed, under the wrappers of the framework. */
    public static Throwable rootCause(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root;
    }
}
