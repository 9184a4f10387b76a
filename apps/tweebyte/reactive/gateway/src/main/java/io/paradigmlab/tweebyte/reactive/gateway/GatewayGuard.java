package io.paradigmlab.tweebyte.reactive.gateway;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.tweebyte.domain.gateway.GatewayRoutes;
import io.paradigmlab.tweebyte.security.Authenticator;
import java.io.IOException;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.cloud.gateway.filter.GatewayFilter;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The first filter of a route, the twin of the servlet gateway's: it refuses an oversized body (413) and a request
 * without a valid token (401, except logging in and registering), and turns a service that cannot be reached or does
 * not answer in time into 503. It only raises errors; {@code common-web-flux}'s {@code WebFluxErrorHandler} writes
 * them in the contract's body with the path the client sent ({@code Retry-After} on 503), as it does for the reactive
 * services.
 */
final class GatewayGuard implements GatewayFilter {

    private static final Logger log = LoggerFactory.getLogger(GatewayGuard.class);

    private final GatewayRoutes.Route route;
    private final Authenticator authenticator;
    private final long maxRequestBytes;

    GatewayGuard(GatewayRoutes.Route route, Authenticator authenticator, long maxRequestBytes) {
        this.route = route;
        this.authenticator = authenticator;
        this.maxRequestBytes = maxRequestBytes;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        ServerHttpRequest request = exchange.getRequest();
        if (request.getHeaders().getContentLength() > maxRequestBytes) {
            return Mono.error(tooLarge());
        }
        String path = request.getPath().value();
        if (GatewayRoutes.isInternal(path)) {
            return Mono.error(new ApiException.NotFound(StandardErrors.NOT_FOUND));
        }
        if (!GatewayRoutes.isOpen(request.getMethod().name(), path)) {
            // the services check the token again (and ownership); the header goes on unchanged
            try {
                authenticator.authenticate(request.getHeaders().getFirst(HttpHeaders.AUTHORIZATION));
            } catch (ApiException e) {
                return Mono.error(e);
            }
        }
        ServerWebExchange limited = request.getHeaders().getContentLength() < 0
                ? exchange.mutate().request(limited(request)).build() : exchange;
        return chain.filter(limited).onErrorMap(GatewayGuard::unavailable, e -> {
            // refused connection, connect or response timeout, connection closed before the answer
            log.warn("{} {}: the {} service is unavailable: {}", request.getMethod(), path, route.service(), e.toString());
            return new ApiException.Unavailable(GatewayRoutes.unavailable(route.service()));
        });
    }

    /** A failure to reach the service or to hear from it in time; never a refusal of the client's own request. */
    private static boolean unavailable(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (e instanceof DataBufferLimitException || e instanceof ApiException) {
                return false;
            }
        }
        for (Throwable e = error; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (e instanceof IOException || e instanceof TimeoutException
                    || e instanceof io.netty.handler.timeout.TimeoutException
                    || e instanceof io.netty.channel.ChannelException
                    || e instanceof ResponseStatusException status
                    && status.getStatusCode().value() == HttpStatus.GATEWAY_TIMEOUT.value()) {
                return true;
            }
        }
        return false;
    }

    /** A body of unknown length (chunked) is counted as it streams to the service and cut past the limit. */
    private ServerHttpRequest limited(ServerHttpRequest request) {
        return new ServerHttpRequestDecorator(request) {
            @Override
            public Flux<DataBuffer> getBody() {
                AtomicLong read = new AtomicLong();
                return super.getBody().handle((buffer, sink) -> {
                    if (read.addAndGet(buffer.readableByteCount()) > maxRequestBytes) {
                        DataBufferUtils.release(buffer);
                        sink.error(tooLarge());
                    } else {
                        sink.next(buffer);
                    }
                });
            }
        };
    }

    /** What WebFlux raises for an oversized body; the error handling answers it 413, as the services do. */
    private DataBufferLimitException tooLarge() {
        return new DataBufferLimitException("Request body larger than " + maxRequestBytes + " bytes");
    }
}
