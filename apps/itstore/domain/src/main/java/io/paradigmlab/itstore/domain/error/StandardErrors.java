package io.paradigmlab.itstore.domain.error;

import io.paradigmlab.common.contract.ErrorWords;
import io.paradigmlab.common.contract.WebPlumbing;
import java.util.List;

/**
 * Messages for failures that the web frameworks detect before the application's code runs. MVC and WebFlux word
 * these differently; every variant answers with these words instead, so responses stay identical.
 */
public final class StandardErrors {

    /** A request the HTTP server itself could not parse (a bad percent-encoding, say). */
    public static final String MALFORMED_REQUEST = "Malformed request";
    public static final String METHOD_NOT_ALLOWED = "Method not allowed";
    /** An unknown path. */
    public static final String NOT_FOUND = "Resource not found";
    public static final String INTERNAL = "Internal server error";
    /**
     * More requests in flight than the service's bound ({@code itstore.limits.max-concurrent-requests}): a 503 with
     * {@code Retry-After}, so an overload queues nothing without bound.
     */
    public static final String OVERLOADED = "Service overloaded, try again later";
    /** U+0000 in the request path ({@code %00}): Tomcat refuses it before any application code runs. */
    public static final String NUL_IN_PATH = "Request path must not contain the NUL character";

    /** These words, for the shared web plumbing. */
    public static final ErrorWords WORDS = new ErrorWords(MALFORMED_REQUEST, MALFORMED_REQUEST, NOT_FOUND, METHOD_NOT_ALLOWED, null, null,
            INTERNAL, OVERLOADED, NUL_IN_PATH);

    /**
     * These words and the IT store's edge, for the shared web plumbing: at most 1,000 requests in flight per service
     * ({@code itstore.limits.max-concurrent-requests}, as Tweebyte's).
     */
    public static final WebPlumbing WEB = WebPlumbing.of("itstore", WORDS, 1_000);

    private StandardErrors() {
    }

    /** The message list for a status the framework produced, with no detail from the application. */
    public static List<String> forStatus(int status) {
        return WORDS.forStatus(status);
    }
}
