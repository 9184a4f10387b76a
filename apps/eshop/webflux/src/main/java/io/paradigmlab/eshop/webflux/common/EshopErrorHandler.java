package io.paradigmlab.eshop.webflux.common;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.webflux.error.ErrorWebExceptionHandler;
import org.springframework.core.Ordered;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.codec.HttpMessageWriter;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.ErrorResponse;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.reactive.result.view.ViewResolver;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.util.DisconnectedClientHelper;
import reactor.core.Exceptions;
import reactor.core.publisher.Mono;

/**
 * Every 4xx and 5xx of the reactive e-shop in the contract's body ({@link ErrorBody}), word for word what the MVC
 * variants answer:
 * <ul>
 *   <li>{@link ApiException}s with their own status and messages, {@code Retry-After} on a 503 with the exception's
 *       seconds ({@code 1} for Inventory, {@link ApiException.Unavailable#RETRY_AFTER_SECONDS} otherwise);</li>
 *   <li>a database out of reach or a pool without a free connection ({@link DatabaseFailures}): 503
 *       {@link ApiException.Unavailable#DATABASE};</li>
 *   <li>a body over a size limit: 413 {@link StandardErrors#PAYLOAD_TOO_LARGE};</li>
 *   <li>a body that is not JSON or not of the expected shape (broken JSON, a string for a number, a float for an
 *       integer): 400 {@link StandardErrors#MALFORMED_REQUEST};</li>
 *   <li>Spring's own 4xx (unknown path 404, wrong method 405 with {@code Allow}, unsupported media type 415) with
 *       {@link StandardErrors}' words;</li>
 *   <li>anything else 500 {@link StandardErrors#INTERNAL}, the cause logged, never returned.</li>
 * </ul>
 * A {@code WebExceptionHandler} rather than a controller advice, since the errors found before a handler is chosen and
 * the filters' refusals never reach an advice; Spring Boot's default handler backs off when this bean exists. An error
 * after the response was committed (an export that fails half-way) cannot be answered: it is passed on and Reactor
 * Netty closes the connection, so the client sees a truncated body. As the IT store's {@code ItStoreErrorHandler}.
 */
final class EshopErrorHandler implements ErrorWebExceptionHandler, Ordered {

    /** Ahead of Spring Boot's default handler (-1) and Spring's response-status handler (0). */
    static final int ORDER = -2;

    private static final Logger log = LoggerFactory.getLogger(EshopErrorHandler.class);
    /** An outage fails every request: its warning is logged once every this often, not once a request. */
    private static final long WARN_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final ServerResponse.Context context;
    private final AtomicLong lastUnavailableWarning = new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);

    EshopErrorHandler(ServerCodecConfigurer codecs) {
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
        ApiException api = error instanceof ApiException e ? e : null;
        if (api == null && DatabaseFailures.unreachable(error)) {
            api = new ApiException.Unavailable(ApiException.Unavailable.DATABASE);
        }
        if (api != null) {
            if (api instanceof ApiException.Unavailable unavailable) {
                headers.set(HttpHeaders.RETRY_AFTER, Integer.toString(unavailable.retryAfterSeconds()));
                if (!api.errors().contains(StandardErrors.OVERLOADED)) {
                    warnUnavailable(request, path, api, error);
                }
            }
            return ErrorBody.of(api, path);
        }
        if (causedBy(error, DataBufferLimitException.class)) {
            return ErrorBody.of(413, path, List.of(StandardErrors.PAYLOAD_TOO_LARGE));
        }
        if (error instanceof DecodingException || error instanceof ServerWebInputException) {
            return ErrorBody.of(400, path, List.of(StandardErrors.MALFORMED_REQUEST));
        }
        if (error instanceof ErrorResponse framework && framework.getStatusCode().is4xxClientError()) {
            int status = framework.getStatusCode().value();
            headers.addAll(framework.getHeaders());
            return ErrorBody.of(status, path, StandardErrors.forStatus(status));
        }
        log.error("Unhandled error on {} {}", request.getMethod(), path, error);
        return ErrorBody.of(500, path, List.of(StandardErrors.INTERNAL));
    }

    private void warnUnavailable(ServerHttpRequest request, String path, ApiException api, Throwable error) {
        long now = System.nanoTime();
        long last = lastUnavailableWarning.get();
        if (now - last >= WARN_EVERY_NANOS && lastUnavailableWarning.compareAndSet(last, now)) {
            log.warn("{}, answering 503 (first seen on {} {}: {}; at most one warning every 10 s)",
                    api.errors().getFirst(), request.getMethod(), path, rootCause(error));
        }
    }

    private static String rootCause(Throwable error) {
        Throwable e = error;
        while (e.getCause() != null && e.getCause() != e) {
            e = e.getCause();
        }
        return e.toString();
    }

    private static boolean causedBy(Throwable error, Class<? extends Throwable> type) {
        for (Throwable e = error; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (type.isInstance(e)) {
                return true;
            }
        }
        return false;
    }
}
