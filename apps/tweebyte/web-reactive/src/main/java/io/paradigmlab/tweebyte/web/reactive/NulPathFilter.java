package io.paradigmlab.tweebyte.web.reactive;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.tweebyte.domain.text.QueryStrings;
import java.util.Locale;
import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The twins of the servlet variants' edge rules: Tomcat refuses a path carrying {@code %00} (U+0000) before any
 * handler or token check, so here such a path is refused first too, with the same 400 and words; and a malformed
 * query string ({@link QueryStrings}) is a 400 as in the servlet variants' {@code MalformedQueryFilter}.
 */
public final class NulPathFilter implements WebFilter, Ordered {

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        String raw = exchange.getRequest().getURI().getRawPath();
        if (raw != null && raw.toLowerCase(Locale.ROOT).contains("%00")) {
            return Mono.error(new ApiException.BadRequest(StandardErrors.NUL_IN_PATH));
        }
        if (QueryStrings.isMalformed(exchange.getRequest().getURI().getRawQuery())) {
            return Mono.error(new ApiException.BadRequest(StandardErrors.MALFORMED_REQUEST));
        }
        return chain.filter(exchange);
    }
}
