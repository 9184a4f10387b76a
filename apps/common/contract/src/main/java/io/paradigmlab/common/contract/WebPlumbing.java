package io.paradigmlab.common.contract;

import java.util.Objects;
import java.util.function.Predicate;

/**
 * What an application gives the shared web plumbing ({@code common-web-mvc}'s {@code MvcPlumbingConfiguration},
 * {@code common-web-flux}'s {@code WebFluxPlumbingConfiguration}), declared once in its domain and used by its MVC
 * and WebFlux variants alike: its property prefix, its words and the defaults of its edge's bounds. Each bound is a
 * setting under the prefix, read at start; each changes a measurement (ADR 0004).
 *
 * @param prefix             the application's property prefix ({@code tweebyte}, {@code itstore}, {@code eshop});
 *                           also names its Netty handler
 * @param words              the application's words for the failures the server and the framework detect
 * @param maxInFlight        {@link #maxInFlightProperty()} when unset: the most requests one service handles at once
 *                           ({@link InFlightLimit}); more are refused with 503 at once. A campaign that drives more
 *                           concurrent requests per service than this measures the limit
 * @param maxBodyBytes       {@link #maxBodySizeProperty()} when unset: the largest body that is not multipart the MVC
 *                           variants read (413 above it), or -1 for no bound of the application's own. The WebFlux
 *                           variants bound bodies with their codecs ({@code spring.http.codecs.max-in-memory-size}),
 *                           which the application sets alike
 * @param malformedQuery     the application's own rule on a raw query string (never null or empty), on top of the
 *                           common one ({@link EdgeRefusals}): true refuses the request with 400
 *                           {@link ErrorWords#malformedRequest}
 */
public record WebPlumbing(String prefix, ErrorWords words, int maxInFlight, long maxBodyBytes,
                          Predicate<String> malformedQuery) {

    public WebPlumbing {
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(words, "words");
        Objects.requireNonNull(malformedQuery, "malformedQuery");
        new InFlightLimit(maxInFlight, "the default of " + prefix + ".limits.max-concurrent-requests");
    }

    /** An application with the common edge rules only, bounded to {@code maxInFlight} requests at once by default. */
    public static WebPlumbing of(String prefix, ErrorWords words, int maxInFlight) {
        return new WebPlumbing(prefix, words, maxInFlight, -1, query -> false);
    }

    /** The same, with {@code rule} refusing more query strings than the common rule does. */
    public WebPlumbing withMalformedQuery(Predicate<String> rule) {
        return new WebPlumbing(prefix, words, maxInFlight, maxBodyBytes, rule);
    }

    /** The same, with bodies that are not multipart bounded to {@code bytes} by default. */
    public WebPlumbing withMaxBodyBytes(long bytes) {
        return new WebPlumbing(prefix, words, maxInFlight, bytes, malformedQuery);
    }

    /** {@code <prefix>.limits.max-concurrent-requests}: the bound on requests in flight per service. */
    public String maxInFlightProperty() {
        return prefix + ".limits.max-concurrent-requests";
    }

    /** {@code <prefix>.limits.max-body-size}: the bound on a body that is not multipart (a size: {@code 2MB}). */
    public String maxBodySizeProperty() {
        return prefix + ".limits.max-body-size";
    }

    /** The bound on requests in flight: {@code configured} (the setting's value, or null when unset) or the default. */
    public InFlightLimit inFlightLimit(Integer configured) {
        return new InFlightLimit(configured == null ? maxInFlight : configured, maxInFlightProperty());
    }
}
