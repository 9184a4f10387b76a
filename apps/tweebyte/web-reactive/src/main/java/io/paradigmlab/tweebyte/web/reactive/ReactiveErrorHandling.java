package io.paradigmlab.tweebyte.web.reactive;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.webflux.error.ErrorWebExceptionHandler;
import org.springframework.core.Ordered;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.MediaType;
import org.springframework.http.codec.HttpMessageWriter;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.ErrorResponse;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.reactive.result.view.ViewResolver;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import reactor.core.Exceptions;
import reactor.core.publisher.Mono;

/**
 * Every error of the reactive variant in the contract's body, word for word what
 * {@code MvcErrorHandling} answers: {@link ApiException}s with their own messages, framework-detected
 * failures with {@link StandardErrors}' words. It is a {@link org.springframework.web.server.WebExceptionHandler}
 * rather than a controller advice because WebFlux errors found before a handler is chosen (unknown
 * path, wrong method, unsupported media type, a bad multipart body) never reach an advice.
 */
public final class ReactiveErrorHandling implements ErrorWebExceptionHandler, Ordered {

    /** Ahead of Spring Boot's default handler (-1) and Spring's response-status handler (0). */
    public static final int ORDER = -2;

    private static final Logger log = LoggerFactory.getLogger(ReactiveErrorHandling.class);

    private final ServerResponse.Context context;

    public ReactiveErrorHandling(ServerCodecConfigurer codecs) {
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
        if (exchange.getResponse().isCommitted()) {
            return Mono.error(error);
        }
        Throwable cause = Exceptions.unwrap(error);
        int retryAfter = ApiException.Unavailable.RETRY_AFTER_SECONDS;
        if (cause instanceof RetryAfter sooner) {
            retryAfter = sooner.seconds();
            cause = sooner.error();
        }
        ErrorBody body = body(exchange.getRequest(), cause);
        ServerResponse.BodyBuilder builder = ServerResponse.status(body.status()).contentType(MediaType.APPLICATION_JSON);
        if (body.status() == 503) {
            // overload and failing downstream services: tell the client when to try again
            builder.header("Retry-After", Integer.toString(retryAfter));
        }
        return builder.bodyValue(body)
                .flatMap(response -> response.writeTo(exchange, context));
    }

    private static ErrorBody body(ServerHttpRequest request, Throwable error) {
        String path = request.getPath().value();
        if (error instanceof ApiException api) {
            return ErrorBody.of(api, path);
        }
        if (DatabaseFailures.unreachable(error)) {
            // the database is down, restarting or out of connections: the client may retry (Retry-After)
            DatabaseFailures.warn(log, request.getMethod().name(), path, error);
            return ErrorBody.of(new ApiException.Unavailable(ApiException.Unavailable.DATABASE), path);
        }
        if (causedBy(error, DataBufferLimitException.class)) {
            return ErrorBody.of(413, path, List.of(StandardErrors.PAYLOAD_TOO_LARGE));
        }
        if (error instanceof MultipartForms.MalformedMultipartException) {
            return ErrorBody.of(400, path, List.of(StandardErrors.MALFORMED_MULTIPART));
        }
        if (error instanceof DecodingException || error instanceof ServerWebInputException) {
            return ErrorBody.of(400, path, List.of(StandardErrors.MALFORMED_JSON));
        }
        // Spring's own 4xx (unknown path, wrong method, unsupported media type) keep their status, with our words.
        if (error instanceof ErrorResponse framework && framework.getStatusCode().is4xxClientError()) {
            int status = framework.getStatusCode().value();
            return ErrorBody.of(status, path, StandardErrors.forStatus(status));
        }
        log.error("Unhandled error on {} {}", request.getMethod(), path, error);
        return ErrorBody.of(500, path, List.of(StandardErrors.INTERNAL));
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
