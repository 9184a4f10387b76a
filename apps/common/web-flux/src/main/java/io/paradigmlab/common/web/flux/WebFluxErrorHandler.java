package io.paradigmlab.common.web.flux;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.DatabaseFailures;
import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.common.contract.ErrorWords;
import io.paradigmlab.common.contract.Failures;
import java.util.List;
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
 * Every 4xx and 5xx of an application's WebFlux variant in the contract's body ({@link ErrorBody}), word for word what
 * its servlet variants answer:
 * <ul>
 *   <li>the application's own {@link ErrorMapping}s first;</li>
 *   <li>{@link ApiException}s with their own status and messages, {@code Retry-After} on a 503 with the exception's
 *       {@link ApiException.Unavailable#retryAfterSeconds()};</li>
 *   <li>a database out of reach or a pool without a free connection ({@link DatabaseFailures}): 503
 *       {@link ApiException.Unavailable#DATABASE}; a full scheduler queue: 503 {@link ErrorWords#overloaded()}
 *       (both {@link Failures#answer}, as in the servlet variants);</li>
 *   <li>a body over a size limit: 413 {@link ErrorWords#payloadTooLarge()};</li>
 *   <li>a body that is not JSON or not of the expected shape: 400 {@link ErrorWords#malformedBody()};</li>
 *   <li>Spring's own 4xx (unknown path 404, wrong method 405, unsupported media type 415) with the application's
 *       words, and Spring's headers ({@code Allow} on a 405, as RFC 9110 asks);</li>
 *   <li>anything else 500 {@link ErrorWords#internal()}, the cause logged, never returned.</li>
 * </ul>
 * A {@code WebExceptionHandler} rather than a controller advice, since the errors found before a handler is chosen and
 * the filters' refusals never reach an advice; ahead of Spring Boot's default handler, which backs off when this bean
 * exists. An error after the response was committed (a stream that fails half-way) cannot be answered: it is passed
 * on and Reactor Netty closes the connection, so the client sees a truncated body, never a well-formed shorter one.
 */
public final class WebFluxErrorHandler implements ErrorWebExceptionHandler, Ordered {

    /** Ahead of Spring Boot's default handler (-1) and Spring's response-status handler (0). */
    public static final int ORDER = -2;

    private static final Logger log = LoggerFactory.getLogger(WebFluxErrorHandler.class);

    private final ServerResponse.Context context;
    private final ErrorWords words;
    private final List<ErrorMapping> mappings;
    private final Failures.Throttle outageWarnings = new Failures.Throttle();

    public WebFluxErrorHandler(ServerCodecConfigurer codecs, ErrorWords words, List<ErrorMapping> mappings) {
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
        this.words = words;
        this.mappings = List.copyOf(mappings);
    }

    @Override
    public int getOrder() {
        return ORDER;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable error) {
        Throwable cause = Exceptions.unwrap(error);
        if (exchange.getResponse().isCommitted() || clientGone(cause)) {
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

    /**
     * Whether {@code error} says the client went away. Spring's test reads "connection reset by peer" or
     * "broken pipe" in any cause's message, and so does the database driver's error when PostgreSQL ends its sessions:
     * that one is the database's connection, not the client's, and the client still waits for its 503.
     */
    static boolean clientGone(Throwable error) {
        return DatabaseFailures.driverError(error) == null && DisconnectedClientHelper.isClientDisconnectedException(error);
    }

    private ErrorBody body(ServerHttpRequest request, String path, Throwable error, HttpHeaders headers) {
        ApiException api = null;
        for (ErrorMapping mapping : mappings) {
            api = mapping.translate(error);
            if (api != null) {
                break;
            }
        }
        if (api == null) {
            api = Failures.answer(error, words);
        }
        if (api != null) {
            if (api instanceof ApiException.Unavailable unavailable) {
                // the database or a service this one needs is out of reach, or this one is over its bound: the
                // client may retry, and is told when
                headers.set(HttpHeaders.RETRY_AFTER, Integer.toString(unavailable.retryAfterSeconds()));
                if (!api.errors().contains(words.overloaded())) {
                    warnUnavailable(request, path, api, error);
                }
            }
            return ErrorBody.of(api, path);
        }
        if (Failures.causedBy(error, DataBufferLimitException.class)) {
            return ErrorBody.of(413, path, words.forStatus(413));
        }
        if (error instanceof DecodingException || error instanceof ServerWebInputException) {
            return ErrorBody.of(400, path, List.of(words.malformedBody()));
        }
        // Spring's own 4xx (unknown path, wrong method, unsupported media type) keep their status, with our words
        if (error instanceof ErrorResponse framework && framework.getStatusCode().is4xxClientError()) {
            int status = framework.getStatusCode().value();
            headers.addAll(framework.getHeaders());
            return ErrorBody.of(status, path, words.forStatus(status));
        }
        log.error("Unhandled error on {} {}", request.getMethod(), path, error);
        return ErrorBody.of(500, path, List.of(words.internal()));
    }

    private void warnUnavailable(ServerHttpRequest request, String path, ApiException api, Throwable error) {
        if (outageWarnings.tryAcquire()) {
            log.warn("{}, answering 503 (first seen on {} {}: {}; at most one warning every 10 s)",
                    api.errors().getFirst(), request.getMethod(), path, DatabaseFailures.rootCause(error));
        }
    }
}
