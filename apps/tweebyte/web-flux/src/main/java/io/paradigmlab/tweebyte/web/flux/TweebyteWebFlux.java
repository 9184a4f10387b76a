package io.paradigmlab.tweebyte.web.flux;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.InFlightLimit;
import io.paradigmlab.common.web.flux.ErrorMapping;
import io.paradigmlab.common.web.flux.WebFluxPlumbing;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.tweebyte.domain.text.QueryStrings;

/**
 * What Tweebyte tells {@code common-web-flux}'s plumbing, for its services and its gateway: its prefix and words, its
 * own rule on query strings ({@link QueryStrings}: a parameter without a name is a 400 too, as in the servlet variants'
 * {@code MalformedQueryFilter}), no Spring headers on Spring's own 4xx (the servlet variants send no {@code Allow}),
 * and its own errors ({@link #errors()}).
 */
public final class TweebyteWebFlux {

    private TweebyteWebFlux() {
    }

    /** Tweebyte's plumbing with {@code limit} on requests in flight (null: none, the gateway). */
    public static WebFluxPlumbing plumbing(InFlightLimit limit) {
        return WebFluxPlumbing.of("tweebyte", StandardErrors.WORDS, limit)
                .withMalformedQuery(QueryStrings::isMalformed);
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
