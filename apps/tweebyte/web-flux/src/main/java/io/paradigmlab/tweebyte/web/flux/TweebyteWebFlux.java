package io.paradigmlab.tweebyte.web.flux;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.web.flux.ErrorMapping;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;

/**
 * Tweebyte's own errors for {@code common-web-flux}'s error handler, in its services and its gateway
 * ({@link #errors()}); its words and edge are {@link StandardErrors#WEB}.
 */
public final class TweebyteWebFlux {

    private TweebyteWebFlux() {
    }

    /**
     * Tweebyte's own error: a multipart body that is not one (400 {@link StandardErrors#MALFORMED_MULTIPART}). The
     * media workloads' 503 with a shorter {@code Retry-After} is an {@link ApiException.Unavailable} with its own
     * seconds ({@code RetryLater}), answered as any other.
     */
    public static ErrorMapping errors() {
        return error -> {
            if (error instanceof MultipartForms.MalformedMultipartException) {
                return new ApiException.BadRequest(StandardErrors.MALFORMED_MULTIPART);
            }
            return null;
        };
    }
}
