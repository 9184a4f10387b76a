package io.paradigmlab.common.web.mvc;

import io.paradigmlab.common.contract.ErrorWords;
import io.paradigmlab.common.contract.InFlightLimit;
import java.util.Objects;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.core.Ordered;
import tools.jackson.databind.json.JsonMapper;

/**
 * What an application gives the shared servlet plumbing: its property prefix ({@code tweebyte}, {@code itstore},
 * {@code eshop}) and its words ({@code StandardErrors.WORDS}). An application's auto-configuration declares one as a
 * bean and imports {@link MvcPlumbingConfiguration}; its filters it registers itself under its own bean names with
 * {@link #inFlightLimit} and {@link #malformedQuery}, so their order is the same in every application: the in-flight
 * bound first, the undecodable query right after it.
 *
 * @param prefix the application's property prefix
 * @param words  the application's words for the failures the server and the framework detect
 */
public record MvcPlumbing(String prefix, ErrorWords words) {

    public MvcPlumbing {
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(words, "words");
    }

    /** {@code <prefix>.limits.max-concurrent-requests}. */
    public String maxConcurrentRequestsProperty() {
        return prefix + ".limits.max-concurrent-requests";
    }

    /** The in-flight bound, first of all filters, so an overloaded service spends nothing on a request it refuses. */
    public FilterRegistrationBean<InFlightLimitFilter> inFlightLimit(InFlightLimit limit, JsonMapper json) {
        var registration = new FilterRegistrationBean<>(new InFlightLimitFilter(limit, new ErrorResponses(words, json)));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
        return registration;
    }

    /** Right after the bound: a query the server cannot decode is refused before anything reads a parameter. */
    public FilterRegistrationBean<MalformedQueryFilter> malformedQuery(JsonMapper json) {
        var registration = new FilterRegistrationBean<>(new MalformedQueryFilter(new ErrorResponses(words, json)));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 1);
        return registration;
    }
}
