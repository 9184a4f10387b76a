package io.paradigmlab.tweebyte.web.flux;

import java.util.concurrent.atomic.AtomicLong;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.server.reactive.HttpHandler;
import org.springframework.http.server.reactive.HttpHandlerDecoratorFactory;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.http.server.reactive.ServerHttpRequestDecorator;
import reactor.core.publisher.Flux;

/**
 * Bounds the whole body of a multipart request, as the servlet container does with
 * {@code spring.servlet.multipart.max-request-size}: WebFlux bounds each part only. A declared
 * Content-Length above the limit fails before any byte is read, a chunked body once it passes the
 * limit. The failure is a {@link DataBufferLimitException}, the one WebFlux raises for an oversized
 * part, so both answer 413. The body has to be wrapped before the exchange is built, since the
 * exchange parses the request it was built with: hence an {@link HttpHandler} decorator, not a filter.
 */
final class MultipartRequestLimit implements HttpHandlerDecoratorFactory {

    private final long maxBytes;

    /** @param maxBytes largest multipart request body */
    MultipartRequestLimit(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    @Override
    public HttpHandler apply(HttpHandler handler) {
        return (request, response) ->
                handler.handle(MultipartForms.isMultipart(request) ? limited(request) : request, response);
    }

    private ServerHttpRequest limited(ServerHttpRequest request) {
        return new ServerHttpRequestDecorator(request) {
            @Override
            public Flux<DataBuffer> getBody() {
                if (getHeaders().getContentLength() > maxBytes) {
                    return Flux.error(tooLarge());
                }
                AtomicLong read = new AtomicLong();
                return super.getBody().handle((buffer, sink) -> {
                    if (read.addAndGet(buffer.readableByteCount()) > maxBytes) {
                        DataBufferUtils.release(buffer);
                        sink.error(tooLarge());
                    } else {
                        sink.next(buffer);
                    }
                });
            }
        };
    }

    private DataBufferLimitException tooLarge() {
        return new DataBufferLimitException("Multipart request exceeded the limit of " + maxBytes + " bytes");
    }
}
