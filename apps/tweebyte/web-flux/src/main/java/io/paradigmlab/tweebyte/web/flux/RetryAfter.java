package io.paradigmlab.tweebyte.web.flux;

import io.paradigmlab.common.contract.ApiException;

/**
 * A 503 whose client may retry sooner than {@link ApiException.Unavailable#RETRY_AFTER_SECONDS}: the media
 * workloads' bounded queues (the image pipeline's CPU queue, the job queue) answer {@code Retry-After: 1}, since a
 * place frees up within a pipeline run or a job, while the service-wide overload keeps its 10 s.
 * {@code common-web-flux}'s {@code WebFluxErrorHandler} answers {@link #error()}'s body with {@link #seconds()} as
 * {@code Retry-After} ({@link TweebyteWebFlux#errors()}).
 */
public final class RetryAfter extends RuntimeException {

    private final ApiException.Unavailable error;
    private final int seconds;

    public RetryAfter(ApiException.Unavailable error, int seconds) {
        super(error.getMessage(), null, false, false);
        this.error = error;
        this.seconds = seconds;
    }

    public ApiException.Unavailable error() {
        return error;
    }

    public int seconds() {
        return seconds;
    }
}
