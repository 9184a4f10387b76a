package io.paradigmlab.common.web.flux;

import io.paradigmlab.common.contract.ErrorWords;
import io.paradigmlab.common.contract.InFlightLimit;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * What one application tells the shared WebFlux plumbing ({@link WebFluxPlumbingConfiguration}): its property prefix
 * ({@code tweebyte}, {@code itstore}, {@code eshop}), its words ({@code StandardErrors.WORDS}) and its bound on
 * requests in flight (its {@code limits.RequestLimits}). Declared as a bean by the application's web configuration.
 *
 * @param prefix         the application's property prefix; also names its Netty handler
 * @param words          the application's words for the failures the server and the framework detect
 * @param limit          the application's bound on requests in flight, or null for none (a gateway)
 * @param malformedQuery a rule of the application's own on the raw query string (never null or empty), on top of the
 *                       common one ({@link EdgeRulesFilter}): true refuses the request with 400
 *                       {@link ErrorWords#malformedRequest}
 */
public record WebFluxPlumbing(String prefix, ErrorWords words, InFlightLimit limit, Predicate<String> malformedQuery) {

    public WebFluxPlumbing {
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(words, "words");
        malformedQuery = malformedQuery == null ? query -> false : malformedQuery;
    }

    /** An application with the common edge rules only. */
    public static WebFluxPlumbing of(String prefix, ErrorWords words, InFlightLimit limit) {
        return new WebFluxPlumbing(prefix, words, limit, null);
    }

    /** The same, with {@code rule} refusing more query strings than the common rule does. */
    public WebFluxPlumbing withMalformedQuery(Predicate<String> rule) {
        return new WebFluxPlumbing(prefix, words, limit, rule);
    }
}
