package io.paradigmlab.common.web.mvc;

import io.paradigmlab.common.contract.WebPlumbing;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.core.env.Environment;
import org.springframework.util.unit.DataSize;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.LogicalType;

/**
 * The shared servlet plumbing, imported by an application's auto-configuration beside its {@link WebPlumbing} bean
 * (its prefix, words and bounds): the contract's error body for every failure ({@link MvcErrorHandler},
 * {@link FallbackErrorController}), also for the requests Tomcat refuses itself ({@link TomcatErrorReports}), and the
 * edge's filters in one order in every application: the in-flight bound first, then the body bound, then the
 * undecodable query.
 */
@Configuration(proxyBeanMethods = false)
@Import({MvcErrorHandler.class, FallbackErrorController.class})
public class MvcPlumbingConfiguration {

    @Bean
    ErrorResponses mvcErrorResponses(WebPlumbing plumbing, JsonMapper json) {
        return new ErrorResponses(plumbing.words(), json);
    }

    @Bean
    TomcatErrorReports mvcTomcatErrorReports(ErrorResponses responses) {
        return new TomcatErrorReports(responses);
    }

    /**
     * The in-flight bound ({@link WebPlumbing#maxInFlightProperty()}), first of all filters, so an overloaded service
     * spends nothing on a request it refuses; a request that released its Tomcat thread while its answer is pending
     * (a future, a streamed body) still counts.
     */
    @Bean
    FilterRegistrationBean<InFlightLimitFilter> mvcInFlightLimit(WebPlumbing plumbing, Environment env,
            ErrorResponses errors) {
        var limit = plumbing.inFlightLimit(env.getProperty(plumbing.maxInFlightProperty(), Integer.class));
        return registration(new InFlightLimitFilter(limit, errors), 0);
    }

    /**
     * Right after it, for an application whose contract bounds its bodies ({@link WebPlumbing#maxBodyBytes()} not
     * -1; Spring MVC has no bound of its own): a body that is not multipart of at most
     * {@link WebPlumbing#maxBodySizeProperty()} (413 above it, also for a chunked body once it passes the bound).
     * Registered disabled for an application without one.
     */
    @Bean
    FilterRegistrationBean<BodyLimitFilter> mvcBodyLimit(WebPlumbing plumbing, Environment env,
            ErrorResponses errors) {
        long max = plumbing.maxBodyBytes() < 0 ? 0 : env.getProperty(plumbing.maxBodySizeProperty(), DataSize.class,
                DataSize.ofBytes(plumbing.maxBodyBytes())).toBytes();
        var registration = registration(new BodyLimitFilter(max, errors), 1);
        registration.setEnabled(plumbing.maxBodyBytes() >= 0);
        return registration;
    }

    /**
     * Then a query the server cannot decode, or that the application's rule refuses
     * ({@link WebPlumbing#malformedQuery()}), is a 400 before anything reads a parameter.
     */
    @Bean
    FilterRegistrationBean<MalformedQueryFilter> mvcMalformedQuery(WebPlumbing plumbing, ErrorResponses errors) {
        return registration(new MalformedQueryFilter(errors, plumbing.malformedQuery()), 2);
    }

    private static <F extends jakarta.servlet.Filter> FilterRegistrationBean<F> registration(F filter, int position) {
        var registration = new FilterRegistrationBean<>(filter);
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + position);
        return registration;
    }

    /**
     * A number or a boolean where the contract wants a string is a malformed body, not the text of that value:
     * Jackson's default reads {@code ["x", false, 1]} as three strings. The same rule in the MVC and the WebFlux
     * variants (found by Schemathesis's negative-data check).
     */
    @Bean
    JsonMapperBuilderCustomizer mvcNoScalarsAsText() {
        return builder -> builder.withCoercionConfig(LogicalType.Textual, text -> text
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail));
    }
}
