package io.paradigmlab.tweebyte.gateway.mvc;

import io.paradigmlab.tweebyte.domain.gateway.GatewayRoutes;
import org.springframework.cloud.gateway.server.mvc.filter.HttpHeadersFilter;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.web.servlet.function.ServerRequest;

/**
 * Adds {@code X-Forwarded-Prefix: /user-service} (the stripped prefix) to the request sent to a service. It runs
 * after Spring Cloud Gateway's own header filters, which drop every {@code X-Forwarded-*} header a client sent
 * (no proxy is trusted), so a service sees only the prefix this gateway stripped.
 */
final class ForwardedPrefixHeader implements HttpHeadersFilter.RequestHttpHeadersFilter, Ordered {

    /** The servlet request attribute the route sets to its prefix. */
    static final String ATTRIBUTE = ForwardedPrefixHeader.class.getName() + ".prefix";

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }

    @Override
    public HttpHeaders apply(HttpHeaders input, ServerRequest request) {
        if (!(request.servletRequest().getAttribute(ATTRIBUTE) instanceof String prefix)) {
            return input;
        }
        HttpHeaders headers = new HttpHeaders();
        headers.addAll(input);
        headers.set(GatewayRoutes.FORWARDED_PREFIX, prefix);
        return headers;
    }
}
