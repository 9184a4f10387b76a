package io.paradigmlab.tweebyte.web.mvc.media;

/**
 * 503 with a {@code Retry-After} of {@link #retryAfterSeconds()}, in the contract's error body: a media pool or queue
 * is full (docs/api/tweebyte.md "Media": {@code Service overloaded, try again later} when the CPU queue is full,
 * {@code Media job queue is full}, both with {@code Retry-After: 1}). {@code ApiException.Unavailable} always says 10
 * seconds, the time a database or a service takes to come back; a full queue drains in about a second.
 */
public final class RetryLater extends RuntimeException {

    /** The media workloads' {@code Retry-After}. */
    public static final int MEDIA_SECONDS = 1;

    private final String error;
    private final int retryAfterSeconds;

    public RetryLater(String error, int retryAfterSeconds) {
        super(error, null, false, false);
        this.error = error;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** 503 {@code error} with {@code Retry-After: 1}. */
    public static RetryLater media(String error) {
        return new RetryLater(error, MEDIA_SECONDS);
    }

    public String error() {
        return error;
    }

    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
