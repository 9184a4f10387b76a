package io.paradigmlab.itstore.web.flux;

import io.paradigmlab.itstore.domain.limits.RequestLimits;
import io.paradigmlab.common.contract.InFlightLimit;
import io.paradigmlab.itstore.port.ReactiveItStore;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.http.codec.ServerCodecConfigurer;
import reactor.netty.http.server.HttpServer;

/**
 * The web layer of the IT store's two WebFlux cells, {@code jdbc-webflux} and {@code r2dbc-webflux}
 * (docs/adr/0009-itstore-variants.md), written once: the {@link ItStoreController} over whichever
 * {@link ReactiveItStore} the cell's driver module defines, the contract's error bodies ({@link ItStoreErrorHandler},
 * which replaces Spring Boot's default error handler), the in-flight bound ({@link InFlightLimitFilter}), the edge
 * rules Tomcat applies in the MVC cells ({@link EdgeRulesFilter}, {@link MalformedRequestRefusal}) and the Reactor
 * Netty keep-alive workaround ({@link KeepAliveReadRearm}).
 *
 * <p>Properties (each changes a measurement):
 * <ul>
 *   <li>{@code itstore.materialize} (default false): {@code first_N_products} built as one list before it is written,
 *       instead of streamed ({@link ItStoreController#ItStoreController});</li>
 *   <li>{@code itstore.limits.max-concurrent-requests} (default 1,000): requests in flight above which a request is
 *       refused with 503 ({@link InFlightLimit#DEFAULT_MAX_CONCURRENT_REQUESTS}).</li>
 * </ul>
 * {@code itstore.faithful} and {@code itstore.db.*} belong to the driver modules' configurations.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.webflux.autoconfigure.error.ErrorWebFluxAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
public class ItStoreWebFluxAutoConfiguration {

    @Bean
    ItStoreController itStoreController(ReactiveItStore store, Environment env) {
        return new ItStoreController(store, env.getProperty("itstore.materialize", Boolean.class, false));
    }

    @Bean
    ItStoreErrorHandler itStoreErrorHandler(ServerCodecConfigurer codecs) {
        return new ItStoreErrorHandler(codecs);
    }

    @Bean
    InFlightLimitFilter itStoreInFlightLimit(Environment env) {
        return new InFlightLimitFilter(RequestLimits.limit(env.getProperty(RequestLimits.PROPERTY,
                Integer.class, RequestLimits.DEFAULT_MAX_CONCURRENT_REQUESTS)));
    }

    @Bean
    EdgeRulesFilter itStoreEdgeRules() {
        return new EdgeRulesFilter();
    }

    @Bean
    @ConditionalOnClass(HttpServer.class)
    MalformedRequestRefusal itStoreMalformedRequestRefusal() {
        return new MalformedRequestRefusal();
    }

    @Bean
    @ConditionalOnClass(HttpServer.class)
    KeepAliveReadRearm itStoreKeepAliveReadRearm() {
        return new KeepAliveReadRearm();
    }
}
