package io.paradigmlab.tweebyte.web.flux;

import io.paradigmlab.common.contract.WebPlumbing;
import io.paradigmlab.common.web.flux.ErrorMapping;
import io.paradigmlab.common.web.flux.WebFluxPlumbingConfiguration;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.tweebyte.security.Authenticator;
import io.paradigmlab.tweebyte.security.SecurityAutoConfiguration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import org.springframework.web.reactive.result.method.annotation.ArgumentResolverConfigurer;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping;
import tools.jackson.databind.json.JsonMapper;

/**
 * Wires the contract's error body, caller resolution and multipart handling into a Spring WebFlux service: the
 * WebFlux twin of {@code MvcSupportAutoConfiguration}. The error body, the in-flight bound, the edge rules and the
 * Netty-level refusals are {@code common-web-flux}'s ({@link WebFluxPlumbingConfiguration}) with Tweebyte's words and
 * edge ({@link StandardErrors#WEB}) and its own errors ({@link TweebyteWebFlux}); its error handler replaces Spring
 * Boot's default one, which backs off when an {@code ErrorWebExceptionHandler} bean exists.
 */
@AutoConfiguration(after = SecurityAutoConfiguration.class,
        beforeName = "org.springframework.boot.webflux.autoconfigure.error.ErrorWebFluxAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@EnableConfigurationProperties(MultipartLimits.class)
@Import({OpenApiController.class, WebFluxPlumbingConfiguration.class})
public class ReactiveSupportAutoConfiguration {

    @Bean
    WebFluxConfigurer tweebyteCallerResolver(Authenticator authenticator) {
        return new WebFluxConfigurer() {
            @Override
            public void configureArgumentResolvers(ArgumentResolverConfigurer configurer) {
                configurer.addCustomResolver(new CallerArgumentResolver(authenticator));
            }
        };
    }

    /** Tweebyte's words and edge (ADR 0004). */
    @Bean
    WebPlumbing tweebyteWebPlumbing() {
        return StandardErrors.WEB;
    }

    @Bean
    ErrorMapping tweebyteErrors() {
        return TweebyteWebFlux.errors();
    }

    @Bean
    MultipartFirstFilter tweebyteMultipartFirstFilter() {
        return new MultipartFirstFilter();
    }

    @Bean
    RequestBodyDeserializers tweebyteRequestBodyDeserializers(ObjectProvider<RequestMappingHandlerMapping> handlers,
                                                              ObjectProvider<JsonMapper> json) {
        return new RequestBodyDeserializers(handlers, json);
    }

    @Bean
    @ConditionalOnProperty("tweebyte.web.multipart.max-request-size")
    MultipartRequestLimit tweebyteMultipartRequestLimit(MultipartLimits limits) {
        return new MultipartRequestLimit(limits.maxRequestSize().toBytes());
    }
}
