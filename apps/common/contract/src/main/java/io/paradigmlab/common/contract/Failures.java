package io.paradigmlab.common.contract;

import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The failures every web stack answers alike, decided once for the MVC and the WebFlux error handlers so they cannot
 * drift apart: what the contract answers whatever the framework, and how often an outage is logged.
 */
public final class Failures {

    private Failures() {
    }

    /**
     * The contract's answer to {@code error} when no framework rule is needed, or null when the framework's own rules
     * decide (a malformed body, an unknown path, ...):
     * <ul>
     *   <li>an {@link ApiException}, also inside a {@link CompletionException}: itself;</li>
     *   <li>a full executor or scheduler queue ({@link RejectedExecutionException}, Spring's and Reactor's are ones
     *       too): overload, 503 {@link ErrorWords#overloaded()} with the default {@code Retry-After};</li>
     *   <li>a database out of reach ({@link DatabaseFailures#unreachable}): 503
     *       {@link ApiException.Unavailable#DATABASE}.</li>
     * </ul>
     */
    public static ApiException answer(Throwable error, ErrorWords words) {
        Throwable e = error instanceof CompletionException c && c.getCause() != null ? c.getCause() : error;
        if (e instanceof ApiException api) {
            return api;
        }
        if (e instanceof RejectedExecutionException) {
            return new ApiException.Unavailable(words.overloaded());
        }
        if (DatabaseFailures.unreachable(e)) {
            return new ApiException.Unavailable(ApiException.Unavailable.DATABASE);
        }
        return null;
    }

    /** Whether {@code error} or any of its causes is a {@code type}. */
    public static boolean causedBy(Throwable error, Class<? extends Throwable> type) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Says yes at most once every 10 s: an outage fails every request, and the log should say so once in a while,
     * not once per request.
     */
    public static final class Throttle {

        private static final long EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);

        private final AtomicLong last = new AtomicLong(System.nanoTime() - EVERY_NANOS);

        /** True when the last yes is 10 s old or more (and this call is the one that says so). */
        public boolean tryAcquire() {
            long now = System.nanoTime();
            long then = last.get();
            return now - then >= EVERY_NANOS && last.compareAndSet(then, now);
        }
    }
}
