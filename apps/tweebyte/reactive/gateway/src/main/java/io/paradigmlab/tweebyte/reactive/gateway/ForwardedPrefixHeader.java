package io.paradigmlab.tweebyte.reactive.gateway;

import io.paradigmlab.tweebyte.domain.gateway.GatewayRoutes;
import org.springframework.cloud.gateway.filter.headers.HttpHeadersFilter;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.web.server.ServerWebExchange;

/**
 * Adds {@code X-Forwarded-Prefix: /user-service} (the stripped prefix) to the request sent to a service. It runs
 * after Spring Cloud Gateway's own header filters, which drop every {@code X-Forwarded-*} header a client sent
 * (no proxy is trusted), so a service sees only the prefix this gateway stripped.
 */
final class ForwardedPrefixHeader implements HttpHeadersFilter, Ordered {

    /** The exchange attribute the route sets to its prefix. */
    static final String ATTRIBUTE = ForwardedPrefixHeader.class.getName() + ".prefix";

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }

    @Override
    public HttpHeaders filter(HttpHeaders input, ServerWebExchange exchange) {
        if (!(exchange.getAttribute(ATTRIBUTE) instanceof String prefix)) {
            return input;
        }
        HttpHeaders headers = new HttpHeaders();
        headers.addAll(input);
        headers.set(GatewayRoutes.FORWARDED_PREFIX, prefix);
        return headers;
    }
}
