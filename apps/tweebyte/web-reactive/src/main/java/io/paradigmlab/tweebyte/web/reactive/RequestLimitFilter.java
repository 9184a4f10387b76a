package io.paradigmlab.tweebyte.web.reactive;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.common.contract.InFlightLimit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.core.Ordered;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;

/**
 * The reactive variant's in-flight limit (ADR 0004), twin of the servlet variants' {@code RequestLimitFilter}:
 * Netty accepts every connection and Reactor queues every pending pool acquisition, so without it nothing bounds
 * the work in progress under overload. Above the limit: 503 with {@code Retry-After}. JSON bodies are limited by
 * the codecs ({@code spring.codec.max-in-memory-size}, 413), multipart ones by {@link MultipartLimits}.
 */
final class RequestLimitFilter implements WebFilter, Ordered {

    private final InFlightLimit limit;

    RequestLimitFilter(InFlightLimit limit) {
        this.limit = limit;
    }

    /** Before the NUL-path check: an overloaded service spends nothing on a request it refuses. */
    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE - 1;
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
