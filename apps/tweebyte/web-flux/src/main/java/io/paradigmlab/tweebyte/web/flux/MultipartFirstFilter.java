package io.paradigmlab.tweebyte.web.flux;

import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The twin of the servlet variants' multipart resolution: there a multipart body is parsed whole
 * before the handler is looked up and the token checked, so a malformed (400) or oversized (413) body
 * answers first, whatever the path. Here the body is parsed at the same point; the exchange caches the
 * result, so the controller reads the same parts and nothing is parsed twice.
 */
final class MultipartFirstFilter implements WebFilter {

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (!MultipartForms.isMultipart(exchange.getRequest())) {
            return chain.filter(exchange);
        }
        return MultipartForms.parts(exchange).then(Mono.defer(() -> chain.filter(exchange)));
    }
}
