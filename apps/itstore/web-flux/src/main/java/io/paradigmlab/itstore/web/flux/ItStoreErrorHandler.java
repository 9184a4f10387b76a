package io.paradigmlab.itstore.web.flux;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.itstore.domain.error.StandardErrors;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.webflux.error.ErrorWebExceptionHandler;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.codec.HttpMessageWriter;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.ErrorResponse;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.reactive.result.view.ViewResolver;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.util.DisconnectedClientHelper;
import reactor.core.Exceptions;
import reactor.core.publisher.Mono;

/**
 * Every 4xx and 5xx of the WebFlux cells in the contract's body ({@link ErrorBody}), word for word what the MVC cells
 * answer: {@link ApiException}s with their own status and messages ({@code Retry-After} on a 503), Spring's own 4xx
 * (unknown path 404, wrong method 405 with its {@code Allow}) with {@link StandardErrors}' words, anything else 500
 * {@link StandardErrors#INTERNAL} with the cause logged, never returned. A {@code WebExceptionHandler} rather than a
 * controller advice, since the errors found before a handler is chosen (404, 405) and the filters' refusals never reach
 * an advice; ahead of Spring Boot's default handler, which backs off when this bean exists.
 *
 * <p>An error after the response was committed (a streamed array that fails half-way) cannot be answered: it is
 * passed on, and Reactor Netty closes the connection, so the client sees a truncated body rather than a well-formed
 * shorter one.
 */
final class ItStoreErrorHandler implements ErrorWebExceptionHandler, Ordered {

    /** Ahead of Spring Boot's default handler (-1) and Spring's response-status handler (0). */
    static final int ORDER = -2;

    private static final Logger log = LoggerFactory.getLogger(ItStoreErrorHandler.class);
    private static final String RETRY_AFTER = Integer.toString(ApiException.Unavailable.RETRY_AFTER_SECONDS);
    /** An outage fails every request: its warning is logged once every this often, not once a request. */
    private static final long WARN_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final ServerResponse.Context context;
    private final AtomicLong lastUnavailableWarning = new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);

    ItStoreErrorHandler(ServerCodecConfigurer codecs) {
        List<HttpMessageWriter<?>> writers = codecs.getWriters();
        this.context = new ServerResponse.Context() {
            @Override
            public List<HttpMessageWriter<?>> messageWriters() {
                return writers;
            }

            @Override
            public List<ViewResolver> viewResolvers() {
                return List.of();
            }
        };
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable error) {
        Throwable cause = Exceptions.unwrap(error);
        if (exchange.getResponse().isCommitted() || DisconnectedClientHelper.isClientDisconnectedException(cause)) {
            // nothing can be answered any more; Spring logs it, Reactor Netty closes the connection
            return Mono.error(error);
        }
        ServerHttpRequest request = exchange.getRequest();
        String path = request.getPath().value();
        HttpHeaders headers = new HttpHeaders();
        ErrorBody body = body(request, path, cause, headers);
        return ServerResponse.status(body.status())
                .contentType(MediaType.APPLICATION_JSON)
                .headers(h -> h.addAll(headers))
                .bodyValue(body)
                .flatMap(response -> response.writeTo(exchange, context));
    }

    private ErrorBody body(ServerHttpRequest request, String path, Throwable error, HttpHeaders headers) {
        if (error instanceof ApiException api) {
            if (api instanceof ApiException.Unavailable) {
                // the database is out of reach, or the service over its bound: the client may retry
                headers.set(HttpHeaders.RETRY_AFTER, RETRY_AFTER);
                if (api.errors().contains(ApiException.Unavailable.DATABASE)) {
                    warnUnavailable(request, path);
                }
            }
            return ErrorBody.of(api, path);
        }
        // Spring's own 4xx (unknown path, wrong method) keep their status and headers (Allow), with our words
        if (error instanceof ErrorResponse framework && framework.getStatusCode().is4xxClientError()) {
            int status = framework.getStatusCode().value();
            headers.addAll(framework.getHeaders());
            return ErrorBody.of(status, path, StandardErrors.forStatus(status));
        }
        log.error("Unhandled error on {} {}", request.getMethod(), path, error);
        return ErrorBody.of(500, path, List.of(StandardErrors.INTERNAL));
    }

    private void warnUnavailable(ServerHttpRequest request, String path) {
        long now = System.nanoTime();
        long last = lastUnavailableWarning.get();
        if (now - last >= WARN_EVERY_NANOS && lastUnavailableWarning.compareAndSet(last, now)) {
            log.warn("Database unavailable, answering 503 (first seen on {} {}; at most one warning every 10 s)",
                    request.getMethod(), path);
        }
    }
}
