package io.paradigmlab.tweebyte.domain.error;

import io.paradigmlab.common.contract.ErrorWords;
import io.paradigmlab.common.contract.WebPlumbing;
import io.paradigmlab.tweebyte.domain.text.QueryStrings;
import java.util.List;

/**
 * Tweebyte's words in its error bodies: for the failures of a downstream call, and for those that the web frameworks
 * detect before our code runs, which MVC and WebFlux word differently; every variant answers with these words
 * instead, so responses stay identical. The statuses are {@code ApiException}'s.
 */
public final class StandardErrors {

    public static final String MALFORMED_JSON = "Malformed JSON request";
    public static final String MALFORMED_MULTIPART = "Malformed multipart request";
    /** A request the HTTP server itself could not parse (a bad percent-encoding in the path, say). */
    public static final String MALFORMED_REQUEST = "Malformed request";
    public static final String UNSUPPORTED_MEDIA_TYPE = "Unsupported media type";
    public static final String METHOD_NOT_ALLOWED = "Method not allowed";
    public static final String NOT_FOUND = "Resource not found";
    public static final String PAYLOAD_TOO_LARGE = "Request too large";
    public static final String INTERNAL = "Internal server error";
    /** 503: the service already handles as many requests as it may (tweebyte.limits.*); the client may retry. */
    public static final String OVERLOADED = "Service overloaded, try again later";
    /**
     * U+0000 in the request path ({@code %00}). Tomcat refuses such a path before any application code runs, so
     * no variant can say which path variable carried it; every variant answers this at its HTTP edge instead.
     */
    public static final String NUL_IN_PATH = "Request path must not contain the NUL character";
    /** 503: a service this request needs is down or failing; the client may retry (the answer says when). */
    public static final String DOWNSTREAM_UNAVAILABLE = "Downstream service unavailable";
    /** 504: a service this request needs did not answer in time. */
    public static final String DOWNSTREAM_TIMEOUT = "Downstream service timed out";

    /** These words, for the shared web plumbing. */
    public static final ErrorWords WORDS = new ErrorWords(MALFORMED_JSON, MALFORMED_REQUEST, NOT_FOUND, METHOD_NOT_ALLOWED, PAYLOAD_TOO_LARGE,
            UNSUPPORTED_MEDIA_TYPE, INTERNAL, OVERLOADED, NUL_IN_PATH);

    /**
     * These words and Tweebyte's edge, for the shared web plumbing of every variant's services and gateways (ADR 0004):
     * at most 1,000 requests in flight per process ({@code tweebyte.limits.max-concurrent-requests}), a body that is
     * not multipart of at most 2 MB ({@code tweebyte.limits.max-body-size}, the reactive variant's codecs bound JSON
     * bodies alike), and its own rule on query strings ({@link QueryStrings}: a parameter without a name, bytes that
     * are not UTF-8).
     */
    public static final WebPlumbing WEB = WebPlumbing.of("tweebyte", WORDS, 1_000)
            .withMaxBodyBytes(2L * 1024 * 1024)
            .withMalformedQuery(QueryStrings::isMalformed);

    private StandardErrors() {
    }

    /** The message list for a status the framework produced, with no detail from the application. */
    public static List<String> forStatus(int status) {
        return WORDS.forStatus(status);
    }
}
