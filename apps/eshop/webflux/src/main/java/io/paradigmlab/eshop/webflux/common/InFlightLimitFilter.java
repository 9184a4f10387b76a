package io.paradigmlab.eshop.webflux.common;

import io.paradigmlab.common.contract.InFlightLimit;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The first filter of every request: admits it under the {@link InFlightLimit}, or refuses it with 503
 * {@link StandardErrors#OVERLOADED} and {@code Retry-After} (written by {@link EshopErrorHandler}) before any other
 * work. A request counts from admission until its response is written to the end, fails or is cancelled (a client
 * that leaves a streamed export): the chain's {@code Mono} completes only when the body has been sent. As the IT
 * store's filter.
 */
final class InFlightLimitFilter implements WebFilter, Ordered {

    private final InFlightLimit limit;

    InFlightLimitFilter(InFlightLimit limit) {
        this.limit = limit;
    }

    InFlightLimit limit() {
        return limit;
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        return Mono.defer(() -> {
            if (!limit.tryEnter()) {
                return Mono.error(new ApiException.Unavailable(StandardErrors.OVERLOADED));
            }
            AtomicBoolean released = new AtomicBoolean();
            return chain.filter(exchange).doFinally(signal -> {
                if (released.compareAndSet(false, true)) {
                    limit.exit();
                }
            });
        });
    }
}
