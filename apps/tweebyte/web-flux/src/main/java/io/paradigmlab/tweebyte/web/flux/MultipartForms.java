package io.paradigmlab.tweebyte.web.flux;

import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.codec.multipart.FilePart;
import org.springframework.http.codec.multipart.FormFieldPart;
import org.springframework.http.codec.multipart.Part;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.util.LinkedMultiValueMap;
import org.springframework.util.MultiValueMap;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * A multipart request's form as the servlet variants see it. Reads {@link ServerWebExchange#getMultipartData()},
 * which parses the body once and caches it, and gives its failures the servlet variants' meaning.
 */
public final class MultipartForms {

    /** Spring's words when a body holds no boundary at all; the servlet container reads such a body as a form with no fields. */
    private static final String NO_FIRST_BOUNDARY = "Could not find first boundary";

    private MultipartForms() {
    }

    /**
     * The request's parameters as a servlet's parameter map holds them: each text field of the form (file
     * parts are left out), then the query parameters, a query parameter without a value as "".
     * Failures: a part too large is a {@link DataBufferLimitException} (413); any other unreadable body a
     * {@link MalformedMultipartException} (400).
     */
    public static Mono<MultiValueMap<String, String>> parameters(ServerWebExchange exchange) {
        return parts(exchange).map(parts -> {
            MultiValueMap<String, String> parameters = new LinkedMultiValueMap<>();
            parts.forEach((name, values) -> values.forEach(part -> {
                if (part instanceof FormFieldPart field) {
                    parameters.add(name, field.value());
                }
            }));
            exchange.getRequest().getQueryParams().forEach((name, values) ->
                    values.forEach(value -> parameters.add(name, value == null ? "" : value)));
            return parameters;
        });
    }

    /**
     * The parts of a multipart request (none for any other request), with the failures of {@link #parameters}. A
     * file name holding U+0000 makes the body malformed, as Tomcat's parser (the servlet variants') judges it.
     */
    public static Mono<MultiValueMap<String, Part>> parts(ServerWebExchange exchange) {
        return exchange.getMultipartData()
                .onErrorResume(e -> e instanceof DecodingException && NO_FIRST_BOUNDARY.equals(e.getMessage()),
                        e -> Mono.just(new LinkedMultiValueMap<>()))
                .flatMap(parts -> nulInFileName(parts)
                        ? Mono.<MultiValueMap<String, Part>>error(new IllegalArgumentException("NUL in a file name"))
                        : Mono.just(parts))
                .onErrorMap(e -> !(e instanceof DataBufferLimitException), MalformedMultipartException::new);
    }

    private static boolean nulInFileName(MultiValueMap<String, Part> parts) {
        return parts.values().stream().flatMap(java.util.List::stream)
                .anyMatch(part -> part instanceof FilePart file && file.filename().indexOf('\u0000') >= 0);
    }

    static boolean isMultipart(ServerHttpRequest request) {
        try {
            MediaType type = request.getHeaders().getContentType();
            return type != null && "multipart".equalsIgnoreCase(type.getType());
        } catch (InvalidMediaTypeException e) {
            return false;
        }
    }

    /** A multipart body that cannot be parsed: the contract's 400 {@code MALFORMED_MULTIPART}. */
    public static final class MalformedMultipartException extends RuntimeException {
        MalformedMultipartException(Throwable cause) {
            super("Malformed multipart request", cause);
        }
    }
}
