package io.paradigmlab.eshop.webflux.common;

import io.paradigmlab.common.contract.WebPlumbing;
import io.paradigmlab.common.web.flux.WebFluxPlumbingConfiguration;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The web layer every reactive e-shop service shares, imported by each service's configuration: the plumbing every
 * application's WebFlux variants share ({@code common-web-flux}'s {@link WebFluxPlumbingConfiguration}: the contract's
 * error bodies, which replace Spring Boot's default handler, the in-flight bound, the edge rules Tomcat applies in the
 * MVC variants, the Reactor Netty keep-alive workaround) with the e-shop's words and bound
 * ({@code eshop.limits.max-concurrent-requests}, default 10,000), the JSON settings and the (de)serializers built at
 * start.
 *
 * <p>JSON: Spring Boot's mapper as the IT store and the MVC variants use it, with one rule of the e-shop's brief: a
 * float where an integer is expected is refused ({@link DeserializationFeature#ACCEPT_FLOAT_AS_INT} off), so
 * {@code {"quantity":1.5}} is 400 Malformed request, never a truncated 1.
 */
@Configuration(proxyBeanMethods = false)
@Import(WebFluxPlumbingConfiguration.class)
public class EshopWebConfiguration {

    @Bean
    JsonMapperBuilderCustomizer eshopJsonRules() {
        return builder -> builder.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
    }

    @Bean
    JsonWarmUp eshopJsonWarmUp(JsonMapper json) {
        return new JsonWarmUp(json);
    }

    @Bean
    WebPlumbing eshopWebPlumbing() {
        return StandardErrors.WEB;
    }
}
