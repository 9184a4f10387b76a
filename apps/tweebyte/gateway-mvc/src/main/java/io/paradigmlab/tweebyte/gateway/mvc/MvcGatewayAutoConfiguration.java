package io.paradigmlab.tweebyte.gateway.mvc;

import static org.springframework.cloud.gateway.server.mvc.filter.BeforeFilterFunctions.stripPrefix;
import static org.springframework.cloud.gateway.server.mvc.filter.BeforeFilterFunctions.uri;
import static org.springframework.cloud.gateway.server.mvc.handler.GatewayRouterFunctions.route;
import static org.springframework.cloud.gateway.server.mvc.handler.HandlerFunctions.http;

import io.paradigmlab.tweebyte.domain.gateway.GatewayRoutes;
import io.paradigmlab.tweebyte.gateway.docs.DocsPage;
import io.paradigmlab.tweebyte.gateway.docs.GatewayProperties;
import io.paradigmlab.tweebyte.security.Authenticator;
import io.paradigmlab.tweebyte.security.SecurityAutoConfiguration;
import java.net.URI;
import java.net.http.HttpClient;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.client.ClientHttpRequestFactory;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.web.servlet.function.RequestPredicates;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * The servlet gateway of the async and virtual variants, on Spring Cloud Gateway Server MVC: one route per service
 * ({@link GatewayRoutes}), each guarded ({@link GatewayGuard}), its prefix stripped and sent on as
 * {@code X-Forwarded-Prefix}; the API docs page ({@link DocsPage}) at {@code /docs}. Any other path reaches no route:
 * {@code web-mvc}'s error handling answers 404 with the contract's body. The variants differ only in the threads
 * Tomcat runs requests on.
 */
@AutoConfiguration(after = SecurityAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@EnableConfigurationProperties(GatewayProperties.class)
public class MvcGatewayAutoConfiguration {

    @Bean
    RouterFunction<ServerResponse> tweebyteGatewayRoutes(GatewayProperties properties, Authenticator authenticator) {
        long maxRequestBytes = properties.gateway().maxRequestSize().toBytes();
        RouterFunction<ServerResponse> routes = null;
        for (GatewayRoutes.Route service : GatewayRoutes.ROUTES) {
            RouterFunction<ServerResponse> one = route(service.service())
                    .route(RequestPredicates.path(service.prefix() + "/**"), http())
                    // first, so it sees the client's path and every failure of the steps after it
                    .filter(new GatewayGuard(service, authenticator, maxRequestBytes))
                    .before(uri(properties.services().url(service.service())))
                    .before(request -> {
                        request.servletRequest().setAttribute(ForwardedPrefixHeader.ATTRIBUTE, service.prefix());
                        return request;
                    })
                    .before(stripPrefix(1))
                    .build();
            routes = routes == null ? one : routes.and(one);
        }
        return routes;
    }

    /**
     * The client of the calls to the services: java.net.http over HTTP/1.1 with the services' timeouts, as the
     * servlet variants' services call each other ({@code Downstream}). The gateway's RestClient picks this factory up.
     */
    @Bean
    ClientHttpRequestFactory tweebyteGatewayRequestFactory(GatewayProperties properties) {
        HttpClient client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(properties.client().connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER)
                .build();
        JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory(client);
        factory.setReadTimeout(properties.client().responseTimeout());
        return factory;
    }

    /**
     * The API docs page and {@code GET /} sending a browser to it; outside every route, so no token is asked. Swagger
     * UI's assets come from Spring Boot's {@code /webjars/**} resource handler.
     */
    @Bean
    RouterFunction<ServerResponse> tweebyteDocsPage() {
        MediaType html = MediaType.parseMediaType(DocsPage.CONTENT_TYPE);
        return RouterFunctions.route()
                .GET(GatewayRoutes.DOCS_PATH, request -> ServerResponse.ok().contentType(html).body(DocsPage.html()))
                .GET("/", request -> ServerResponse.status(HttpStatus.FOUND)
                        .location(URI.create(GatewayRoutes.DOCS_PATH)).build())
                .build();
    }

    @Bean
    ForwardedPrefixHeader tweebyteForwardedPrefixHeader() {
        return new ForwardedPrefixHeader();
    }

    @Bean
    FilterRegistrationBean<RequestBodyLimit> tweebyteRequestBodyLimit(GatewayProperties properties) {
        FilterRegistrationBean<RequestBodyLimit> registration =
                new FilterRegistrationBean<>(new RequestBodyLimit(properties.gateway().maxRequestSize().toBytes()));
        registration.setOrder(Ordered.HIGHEST_PRECEDENCE + 100);
        return registration;
    }
}
