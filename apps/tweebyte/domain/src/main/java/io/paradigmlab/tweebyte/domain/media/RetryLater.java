package io.paradigmlab.tweebyte.domain.media;

import io.paradigmlab.common.contract.ApiException;

/**
 * The media workloads' 503 (docs/api/tweebyte.md "Media": {@code Service overloaded, try again later} when the CPU
 * queue is full, {@code Media job queue is full}, both with {@code Retry-After: 1}): an
 * {@link ApiException.Unavailable} with its own {@code Retry-After}, answered by {@code common-web-mvc} and
 * {@code common-web-flux} as any other, in every variant.
 * The default 10 seconds is the time a database or a service takes to come back; a full queue drains in about a
 * second.
 */
public final class RetryLater {

    /** The media workloads' {@code Retry-After}. */
    public static final int MEDIA_SECONDS = 1;

    private RetryLater() {
    }

    /** 503 {@code error} with {@code Retry-After: 1}. */
    public static ApiException.Unavailable media(String error) {
        return new ApiException.Unavailable(error, MEDIA_SECONDS);
    }
}
