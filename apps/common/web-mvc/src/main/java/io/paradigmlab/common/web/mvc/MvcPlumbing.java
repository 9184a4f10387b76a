package io.paradigmlab.common.web.mvc;

import io.paradigmlab.common.contract.ErrorWords;
import io.paradigmlab.common.contract.InFlightLimit;
import java.util.Objects;
import java.util.function.Predicate;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.core.Ordered;
import tools.jackson.databind.json.JsonMapper;

/**
 * What an application gives the shared servlet plumbing: its property prefix ({@code tweebyte}, {@code itstore},
 * {@code eshop}) and its words ({@code StandardErrors.WORDS}). An application's auto-configuration declares one as a
 * bean and imports {@link MvcPlumbingConfiguration}; its filters it registers itself under its own bean names with
 * {@link #inFlightLimit}, {@link #bodyLimit} (only an application whose contract bounds its bodies: Tweebyte) and
 * {@link #malformedQuery}, so their order is the same in every application: the in-flight bound first, then the body
 * bound, then the undecodable query.
 *
 * @param prefix the application's property prefix
 * @param words  the application's words for the failures the server and the framework detect
 */
public record MvcPlumbing(String prefix, ErrorWords words) {

    public MvcPlumbing {
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(words, "words");
    }

    /** The in-flight bound, first of all filters, so an overloaded service spends nothing on a request it refuses. */
    public FilterRegistrationBean<InFlightLimitFilter> inFlightLimit(InFlightLimit limit, JsonMapper json) {
        var registration = new FilterRegistrationBean<>(new InFlightLimitFilter(limit, new ErrorResponses(words, json)));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        return registration;
    }

    /**
     * Right after the in-flight bound: a body that is not multipart of at most {@code maxBytes} (413 above it, also for
     * a chunked body once it passes the bound), for an application whose contract bounds its bodies
     * ({@link BodyLimitFilter}); Spring MVC has none of its own.
     */
    public FilterRegistrationBean<BodyLimitFilter> bodyLimit(long maxBytes, JsonMapper json) {
        var registration = new FilterRegistrationBean<>(new BodyLimitFilter(maxBytes, new ErrorResponses(words, json)));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
        return registration;
    }

    /** After the bounds: a query the server cannot decode is refused before anything reads a parameter. */
    public FilterRegistrationBean<MalformedQueryFilter> malformedQuery(JsonMapper json) {
        return malformedQuery(query -> false, json);
    }

    /**
     * The same, with the application's own rule on the raw query string on top of the common one (Tweebyte's
     * {@code QueryStrings::isMalformed}, as its {@code WebFluxPlumbing.withMalformedQuery}): true refuses the request
     * with 400 {@code malformedRequest}.
     */
    public FilterRegistrationBean<MalformedQueryFilter> malformedQuery(Predicate<String> rule, JsonMapper json) {
        var registration = new FilterRegistrationBean<>(
                new MalformedQueryFilter(new ErrorResponses(words, json), rule));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 2);
        return registration;
    }
}
