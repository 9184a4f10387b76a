package io.paradigmlab.itstore.web.flux;

import io.paradigmlab.common.contract.InFlightLimit;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.itstore.domain.error.StandardErrors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The first filter of every request: admits it under the {@link InFlightLimit}, or refuses it with 503
 * {@link StandardErrors#OVERLOADED} and {@code Retry-After} (written by {@link ItStoreErrorHandler}) before any other
 * work. A request counts from admission until its response is written to the end, fails or is cancelled (a client
 * that goes away in the middle of a streamed {@code first_N_products}): the filter chain's {@code Mono} completes only
 * when the body has been sent, so the count covers the whole stream.
 */
final class InFlightLimitFilter implements WebFilter, Ordered {

    private final InFlightLimit limit;

    InFlightLimitFilter(InFlightLimit limit) {
        this.limit = limit;
    }

    InFlightLimit limit() {
        return limit;
    }

    /** Before every other filter: an overloaded service spends nothing on a request it refuses. */
    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        // deferred: the count is taken when the chain is subscribed, so a Mono never subscribed cannot leak one
        return Mono.defer(() -> {
            if (!limit.tryEnter()) {
                return Mono.error(new ApiException.Unavailable(StandardErrors.OVERLOADED));
            }
            AtomicBoolean released = new AtomicBoolean();
            return chain.filter(exchange).doFinally(signal -> {
                // complete, error or cancel: exactly one of them, but be certain the count drops once
                if (released.compareAndSet(false, true)) {
                    limit.exit();
                }
            });
        });
    }
}
