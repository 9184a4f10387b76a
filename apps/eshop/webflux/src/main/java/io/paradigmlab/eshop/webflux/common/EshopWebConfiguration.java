package io.paradigmlab.eshop.webflux.common;

import io.paradigmlab.eshop.domain.limits.RequestLimits;
import io.paradigmlab.common.contract.InFlightLimit;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.codec.ServerCodecConfigurer;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The web layer every reactive e-shop service shares, imported by each service's configuration: the contract's error
 * bodies ({@link EshopErrorHandler}, which replaces Spring Boot's default handler), the in-flight bound
 * ({@link InFlightLimitFilter}, {@code eshop.limits.max-concurrent-requests}, default 10,000), the edge rules Tomcat
 * applies in the MVC variants ({@link EdgeRulesFilter}, {@link MalformedRequestRefusal}), the Reactor Netty
 * keep-alive workaround ({@link KeepAliveReadRearm}), the JSON settings and the (de)serializers built at start.
 *
 * <p>JSON: Spring Boot's mapper as the IT store and the MVC variants use it, with one rule of the e-shop's brief: a
 * float where an integer is expected is refused ({@link DeserializationFeature#ACCEPT_FLOAT_AS_INT} off), so
 * {@code {"quantity":1.5}} is 400 Malformed request, never a truncated 1.
 */
@Configuration(proxyBeanMethods = false)
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
    EshopErrorHandler eshopErrorHandler(ServerCodecConfigurer codecs) {
        return new EshopErrorHandler(codecs);
    }

    @Bean
    InFlightLimitFilter eshopInFlightLimit(Environment env) {
        return new InFlightLimitFilter(RequestLimits.limit(env.getProperty(RequestLimits.PROPERTY, Integer.class,
                RequestLimits.DEFAULT_MAX_CONCURRENT_REQUESTS)));
    }

    @Bean
    EdgeRulesFilter eshopEdgeRules() {
        return new EdgeRulesFilter();
    }

    @Bean
    MalformedRequestRefusal eshopMalformedRequestRefusal(JsonMapper json) {
        return new MalformedRequestRefusal(json);
    }

    @Bean
    KeepAliveReadRearm eshopKeepAliveReadRearm() {
        return new KeepAliveReadRearm();
    }
}
