package io.paradigmlab.eshop.mvc.common;

import io.paradigmlab.common.contract.WebPlumbing;
import io.paradigmlab.common.web.mvc.MvcPlumbingConfiguration;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.DeserializationFeature;

/**
 * What the e-shop's three MVC services share, whichever of them runs (each service's own beans come from its
 * {@code @Configuration}, imported by its thin app): the contract's error bodies for every failure, including the
 * answers Tomcat gives itself; the in-flight bound ({@code eshop.limits.max-concurrent-requests}, default 10,000);
 * the refusal of an undecodable query; and the JSON reading rules.
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

    /**
     * The shared servlet plumbing with the e-shop's words and edge ({@link StandardErrors#WEB}). A request is in flight
     * until its answer is complete: for the streamed export (a {@code StreamingResponseBody}) that is when its async
     * context completes.
     */
    @Bean
    WebPlumbing eshopWebPlumbing() {
        return StandardErrors.WEB;
    }
}
