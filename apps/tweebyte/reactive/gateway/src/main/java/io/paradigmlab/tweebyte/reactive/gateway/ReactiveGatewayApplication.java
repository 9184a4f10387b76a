package io.paradigmlab.tweebyte.reactive.gateway;

import static org.springframework.cloud.gateway.support.RouteMetadataUtils.CONNECT_TIMEOUT_ATTR;
import static org.springframework.cloud.gateway.support.RouteMetadataUtils.RESPONSE_TIMEOUT_ATTR;

import io.paradigmlab.common.contract.WebPlumbing;
import io.paradigmlab.common.web.flux.ErrorMapping;
import io.paradigmlab.common.web.flux.NettyLoops;
import io.paradigmlab.common.web.flux.WebFluxPlumbingConfiguration;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.tweebyte.domain.gateway.GatewayRoutes;
import io.paradigmlab.tweebyte.gateway.docs.DocsPage;
import io.paradigmlab.tweebyte.gateway.docs.GatewayProperties;
import io.paradigmlab.tweebyte.security.Authenticator;
import io.paradigmlab.tweebyte.web.flux.ReactiveSupportAutoConfiguration;
import io.paradigmlab.tweebyte.web.flux.TweebyteWebFlux;
import java.net.URI;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.cloud.gateway.filter.OrderedGatewayFilter;
import org.springframework.cloud.gateway.route.RouteLocator;
import org.springframework.cloud.gateway.route.builder.RouteLocatorBuilder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.RouterFunctions;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The API gateway of the reactive variant, on Spring Cloud Gateway Server WebFlux (Reactor Netty in and out): one
 * route per service ({@link GatewayRoutes}), each guarded ({@link GatewayGuard}), its prefix stripped and sent on as
 * {@code X-Forwarded-Prefix}; the API docs page ({@link DocsPage}) at {@code /docs}. Any other path reaches no route
 * and is answered 404 in the contract's body.
 *
 * <p>{@code web-flux}'s auto-configuration is left out: it parses a multipart body before the handler runs (the
 * services need that; a gateway must stream the body on untouched). The parts of it a gateway needs are declared
 * here: {@code common-web-flux}'s plumbing ({@link WebFluxPlumbingConfiguration}) with Tweebyte's words and edge
 * ({@link StandardErrors#WEB}): the contract's error body, the bound on requests in flight (as in the servlet
 * gateway, whose filters are the services'), the edge rules ({@code %00} in the path...), the Netty-level refusals and
 * the keep-alive workaround.
 */
@SpringBootApplication(exclude = ReactiveSupportAutoConfiguration.class)
@EnableConfigurationProperties(GatewayProperties.class)
@Import(WebFluxPlumbingConfiguration.class)
public class ReactiveGatewayApplication {

    public static void main(String[] args) {
        NettyLoops.onePerCore();
        SpringApplication.run(ReactiveGatewayApplication.class, args);
    }

    @Bean
    RouteLocator tweebyteGatewayRoutes(RouteLocatorBuilder builder, GatewayProperties properties,
                                       Authenticator authenticator) {
        long maxRequestBytes = properties.gateway().maxRequestSize().toBytes();
        RouteLocatorBuilder.Builder routes = builder.routes();
        for (GatewayRoutes.Route service : GatewayRoutes.ROUTES) {
            routes.route(service.service(), route -> route
                    .path(service.prefix(), service.prefix() + "/**")
                    .filters(filters -> filters
                            // first, so it sees the client's path and every failure of the steps after it
                            .filter(new OrderedGatewayFilter(new GatewayGuard(service, authenticator, maxRequestBytes),
                                    Ordered.HIGHEST_PRECEDENCE))
                            .filter((exchange, chain) -> {
                                exchange.getAttributes().put(ForwardedPrefixHeader.ATTRIBUTE, service.prefix());
                                return chain.filter(exchange);
                            })
                            .stripPrefix(1))
                    // the services' timeouts for their calls to each other; a timeout becomes 503 in the guard
                    .metadata(CONNECT_TIMEOUT_ATTR, properties.client().connectTimeout().toMillis())
                    .metadata(RESPONSE_TIMEOUT_ATTR, properties.client().responseTimeout().toMillis())
                    .uri(properties.services().url(service.service())));
        }
        return routes.build();
    }

    /**
     * The API docs page and {@code GET /} sending a browser to it; outside every route, so no token is asked. Swagger
     * UI's assets come from Spring Boot's {@code /webjars/**} resource handler.
     */
    @Bean
    RouterFunction<ServerResponse> tweebyteDocsPage() {
        MediaType html = MediaType.parseMediaType(DocsPage.CONTENT_TYPE);
        return RouterFunctions.route()
                .GET(GatewayRoutes.DOCS_PATH,
                        request -> ServerResponse.ok().contentType(html).bodyValue(DocsPage.html()))
                .GET("/", request -> ServerResponse.status(HttpStatus.FOUND)
                        .location(URI.create(GatewayRoutes.DOCS_PATH)).build())
                .build();
    }

    @Bean
    ForwardedPrefixHeader tweebyteForwardedPrefixHeader() {
        return new ForwardedPrefixHeader();
    }

    /** Tweebyte's words and edge (ADR 0004): the in-flight bound of its services holds for the gateway too. */
    @Bean
    WebPlumbing tweebyteWebPlumbing() {
        return StandardErrors.WEB;
    }

    @Bean
    ErrorMapping tweebyteErrors() {
        return TweebyteWebFlux.errors();
    }
}
