package io.paradigmlab.eshop.mvc.common;

import io.paradigmlab.common.web.mvc.InFlightLimitFilter;
import io.paradigmlab.common.web.mvc.MalformedQueryFilter;
import io.paradigmlab.common.web.mvc.MvcPlumbing;
import io.paradigmlab.common.web.mvc.MvcPlumbingConfiguration;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import io.paradigmlab.eshop.domain.limits.RequestLimits;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * What the e-shop's three MVC services share, whichever of them runs (each service's own beans come from its
 * {@code @Configuration}, imported by its thin app): the contract's error bodies for every failure, including the
 * answers Tomcat gives itself; the in-flight bound ({@value RequestLimits#PROPERTY}, default
 * {@value RequestLimits#DEFAULT_MAX_CONCURRENT_REQUESTS}); the refusal of an undecodable query; and the JSON reading rules.
 *
 * <p>JSON (the same in the WebFlux twin): Spring Boot's {@code JsonMapper} with its defaults, as the IT store, except
 * that a number with a fraction or exponent is refused where an integer is expected
 * ({@link DeserializationFeature#ACCEPT_FLOAT_AS_INT} off: a quantity of {@code 1.5} or {@code 1e3} is a malformed
 * request, never truncated to 1 or read as 1000).
 */
@AutoConfiguration(beforeName = "org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@Import(MvcPlumbingConfiguration.class)
public class EshopMvcAutoConfiguration {

    @Bean
    JsonMapperBuilderCustomizer eshopJsonRules() {
        return builder -> builder.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
    }

    /** The shared servlet plumbing with the e-shop's words ({@link MvcPlumbingConfiguration}). */
    @Bean
    MvcPlumbing eshopMvcPlumbing() {
        return new MvcPlumbing("eshop", StandardErrors.WORDS);
    }

    /**
     * The in-flight bound, first of all filters, so an overloaded service spends nothing on a request it refuses. A
     * request is in flight until its answer is complete: for the streamed export (a {@code StreamingResponseBody})
     * that is when its async context completes.
     */
    @Bean
    FilterRegistrationBean<InFlightLimitFilter> eshopInFlightLimit(MvcPlumbing plumbing, Environment env,
            JsonMapper json) {
        int max = env.getProperty(RequestLimits.PROPERTY, Integer.class, RequestLimits.DEFAULT_MAX_CONCURRENT_REQUESTS);
        return plumbing.inFlightLimit(RequestLimits.limit(max), json);
    }

    /** Right after the bound: a query the server cannot decode is refused before anything reads a parameter. */
    @Bean
    FilterRegistrationBean<MalformedQueryFilter> eshopMalformedQuery(MvcPlumbing plumbing, JsonMapper json) {
        return plumbing.malformedQuery(json);
    }
}
