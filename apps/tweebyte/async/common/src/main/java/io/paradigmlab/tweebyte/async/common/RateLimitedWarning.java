package io.paradigmlab.tweebyte.async.common;

import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;

/** A WARN at most every 10 s (the rest at DEBUG), so a Redis outage does not flood the log. */
public final class RateLimitedWarning {

    private static final long EVERY_NANOS = 10_000_000_000L;

    private final Logger log;
    private final AtomicLong last = new AtomicLong(System.nanoTime() - EVERY_NANOS);

    public RateLimitedWarning(Logger log) {
        this.log = log;
    }

    public void warn(String what, Throwable e) {
        long now = System.nanoTime();
        long previous = last.get();
        if (now - previous >= EVERY_NANOS && last.compareAndSet(previous, now)) {
            log.warn("Redis unavailable ({}), going on without the cache: {}", what, e.toString());
        } else {
            log.debug("Redis unavailable ({}): {}", what, e.toString());
        }
    }
}
