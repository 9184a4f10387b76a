package io.paradigmlab.common.web.flux;

import io.paradigmlab.common.contract.ApiException;

/**
 * An application's own handler for an error the shared {@link WebFluxErrorHandler} does not know (Tweebyte's
 * malformed multipart body, or its 503 with a shorter {@code Retry-After}): declared as a bean, consulted before the
 * common rules, in bean order. The error it returns is then answered as any other {@link ApiException}.
 */
@FunctionalInterface
public interface ErrorMapping {

    /** The contract's failure that {@code error} stands for, or null when this mapping does not know it. */
    ApiException translate(Throwable error);
}
