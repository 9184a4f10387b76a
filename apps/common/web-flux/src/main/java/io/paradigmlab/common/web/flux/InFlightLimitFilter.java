package io.paradigmlab.common.web.flux;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.ErrorWords;
import io.paradigmlab.common.contract.InFlightLimit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The first filter of every request (ADR 0004): admits it under the {@link InFlightLimit}, or refuses it with 503
 * {@link ErrorWords#overloaded()} and {@code Retry-After} (written by {@link WebFluxErrorHandler}) before any other
 * work. Netty accepts every connection and Reactor queues every pending pool acquisition, so without it nothing bounds
 * the work in progress under overload. A request counts from admission until its response is written to the end,
 * fails or is cancelled (a client that leaves a streamed answer): the chain's {@code Mono} completes only when the
 * body has been sent, so the count covers the whole stream.
 */
public final class InFlightLimitFilter implements WebFilter, Ordered {

    /** Before every other filter: an overloaded service spends nothing on a request it refuses. */
    public static final int ORDER = Ordered.HIGHEST_PRECEDENCE;

    private final InFlightLimit limit;
    private final String overloaded;

    public InFlightLimitFilter(InFlightLimit limit, ErrorWords words) {
        this.limit = limit;
        this.overloaded = words.overloaded();
    }

    public InFlightLimit limit() {
        return limit;
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        // deferred: the count is taken when the chain is subscribed, so a Mono never subscribed cannot leak one
        return Mono.defer(() -> {
            if (!limit.tryEnter()) {
                return Mono.error(new ApiException.Unavailable(overloaded));
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
