package io.paradigmlab.tweebyte.web.reactive;

import io.paradigmlab.tweebyte.domain.error.ApiException;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import java.util.Locale;
import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The twin of the servlet variants' edge rule: Tomcat refuses a path carrying {@code %00} (U+0000) before any
 * handler or token check, so here such a path is refused first too, with the same 400 and words.
 */
final class NulPathFilter implements WebFilter, Ordered {

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String raw = exchange.getRequest().getURI().getRawPath();
        if (raw != null && raw.toLowerCase(Locale.ROOT).contains("%00")) {
            return Mono.error(new ApiException.InvalidInput(StandardErrors.NUL_IN_PATH));
        }
        return chain.filter(exchange);
    }
}
