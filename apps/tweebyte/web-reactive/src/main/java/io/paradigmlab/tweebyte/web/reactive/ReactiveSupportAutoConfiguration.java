package io.paradigmlab.tweebyte.web.reactive;

import io.paradigmlab.tweebyte.domain.limits.RequestLimits;
import io.paradigmlab.common.contract.InFlightLimit;
import io.paradigmlab.tweebyte.security.Authenticator;
import io.paradigmlab.tweebyte.security.SecurityAutoConfiguration;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import org.springframework.web.reactive.result.method.annotation.ArgumentResolverConfigurer;
import org.springframework.web.reactive.result.method.annotation.RequestMappingHandlerMapping;
import reactor.netty.http.server.HttpServer;
import tools.jackson.databind.json.JsonMapper;

/**
 * Wires the contract's error body, caller resolution and multipart handling into a Spring WebFlux
 * service: the WebFlux twin of {@code MvcSupportAutoConfiguration}. Its error handler replaces Spring
 * Boot's default one, which backs off when an {@code ErrorWebExceptionHandler} bean exists.
 */
@AutoConfiguration(after = SecurityAutoConfiguration.class,
        beforeName = "org.springframework.boot.webflux.autoconfigure.error.ErrorWebFluxAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@EnableConfigurationProperties(MultipartLimits.class)
@Import(OpenApiController.class)
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

    @Bean
    ReactiveErrorHandling tweebyteErrorHandler(ServerCodecConfigurer codecs) {
        return new ReactiveErrorHandling(codecs);
    }

    /** Knob (ADR 0004): {@code tweebyte.limits.max-concurrent-requests}. */
    @Bean
    RequestLimitFilter tweebyteRequestLimit(Environment environment) {
        return new RequestLimitFilter(RequestLimits.limit(environment.getProperty(
                RequestLimits.PROPERTY, Integer.class, RequestLimits.DEFAULT_MAX_CONCURRENT_REQUESTS)));
    }

    @Bean
    NulPathFilter tweebyteNulPathFilter() {
        return new NulPathFilter();
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
    @ConditionalOnClass(HttpServer.class)
    KeepAliveReadRearm tweebyteKeepAliveReadRearm() {
        return new KeepAliveReadRearm();
    }

    @Bean
    @ConditionalOnClass(HttpServer.class)
    MalformedRequestRefusal tweebyteMalformedRequestRefusal() {
        return new MalformedRequestRefusal();
    }

    @Bean
    @ConditionalOnProperty("tweebyte.web.multipart.max-request-size")
    MultipartRequestLimit tweebyteMultipartRequestLimit(MultipartLimits limits) {
        return new MultipartRequestLimit(limits.maxRequestSize().toBytes());
    }
}
