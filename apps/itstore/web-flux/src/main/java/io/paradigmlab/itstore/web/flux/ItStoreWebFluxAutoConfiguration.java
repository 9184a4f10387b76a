package io.paradigmlab.itstore.web.flux;

import io.paradigmlab.common.contract.WebPlumbing;
import io.paradigmlab.common.web.flux.WebFluxPlumbingConfiguration;
import io.paradigmlab.itstore.domain.error.StandardErrors;
import io.paradigmlab.itstore.port.ReactiveItStore;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;

/**
 * The web layer of the IT store's two WebFlux variants, {@code jdbc-webflux} and {@code r2dbc-webflux}
 * (docs/adr/0009-itstore-variants.md), written once: the {@link ItStoreController} over whichever
 * {@link ReactiveItStore} the variant's driver module defines, and the plumbing every application's WebFlux variants share
 * ({@code common-web-flux}'s {@link WebFluxPlumbingConfiguration}: the contract's error bodies, which replace Spring
 * Boot's default error handler, the in-flight bound, the edge rules Tomcat applies in the MVC variants and the Reactor
 * Netty keep-alive workaround) with the IT store's words and bound.
 *
 * <p>Properties (each changes a measurement):
 * <ul>
 *   <li>{@code itstore.materialize} (default false): {@code first_N_products} built as one list before it is written,
 *       instead of streamed ({@link ItStoreController#ItStoreController});</li>
 *   <li>{@code itstore.limits.max-concurrent-requests} (default 1,000): requests in flight above which a request is
 *       refused with 503 ({@link StandardErrors#WEB}).</li>
 * </ul>
 * {@code itstore.faithful} and {@code itstore.db.*} belong to the driver modules' configurations.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.webflux.autoconfigure.error.ErrorWebFluxAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
@Import(WebFluxPlumbingConfiguration.class)
public class ItStoreWebFluxAutoConfiguration {

    @Bean
    ItStoreController itStoreController(ReactiveItStore store, Environment env) {
        return new ItStoreController(store, env.getProperty("itstore.materialize", Boolean.class, false));
    }

    @Bean
    WebPlumbing itStoreWebPlumbing() {
        return StandardErrors.WEB;
    }
}
