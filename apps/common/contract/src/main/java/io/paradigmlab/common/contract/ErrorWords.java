package io.paradigmlab.common.contract;

import java.util.List;

/**
 * An application's words for the failures that the HTTP server or the web framework detects before the application's
 * code runs. Tomcat, Spring MVC and WebFlux each word these differently; every variant of an application answers with
 * its application's words instead, so that its responses stay identical. The statuses are the same for every
 * application; the words are each contract's own.
 *
 * @param malformedBody        400 for a body the framework could not read (broken JSON, a wrong type)
 * @param malformedRequest     400 for a request the HTTP server itself could not parse (a bad percent-encoding)
 * @param notFound             404 for an unknown path
 * @param methodNotAllowed     405
 * @param payloadTooLarge      413, or null when the contract has no word for it (then {@link #OTHER})
 * @param unsupportedMediaType 415, or null when the contract has no word for it (then {@link #OTHER})
 * @param internal             any 5xx the application did not decide
 * @param overloaded           503 when more requests are in flight than {@link InFlightLimit} admits
 * @param nulInPath            400 for U+0000 in the request path ({@code %00}), which Tomcat refuses before any
 *                             application code runs, so no variant can say which path variable carried it
 */
public record ErrorWords(String malformedBody, String malformedRequest, String notFound, String methodNotAllowed,
                         String payloadTooLarge, String unsupportedMediaType, String internal, String overloaded,
                         String nulInPath) {

    public ErrorWords {
        java.util.Objects.requireNonNull(malformedBody, "malformedBody");
        java.util.Objects.requireNonNull(malformedRequest, "malformedRequest");
        java.util.Objects.requireNonNull(notFound, "notFound");
        java.util.Objects.requireNonNull(methodNotAllowed, "methodNotAllowed");
        java.util.Objects.requireNonNull(internal, "internal");
        java.util.Objects.requireNonNull(overloaded, "overloaded");
        java.util.Objects.requireNonNull(nulInPath, "nulInPath");
    }

    /** The word for a status the framework produced that no contract names. */
    public static final String OTHER = "Request failed";

    /** The message list for a status the framework produced, with no detail from the application. */
    public List<String> forStatus(int status) {
        String word = switch (status) {
            case 400 -> malformedBody;
            case 404 -> notFound;
            case 405 -> methodNotAllowed;
            case 413 -> payloadTooLarge;
            case 415 -> unsupportedMediaType;
            default -> status >= 500 ? internal : OTHER;
        };
        return List.of(word == null ? OTHER : word);
    }
}
