package io.paradigmlab.tweebyte.web.mvc;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.common.contract.InFlightLimit;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.databind.json.JsonMapper;

/**
 * The servlet variants' edge limits (ADR 0004), twin of the WebFlux {@code RequestLimitFilter}: at most
 * {@link InFlightLimit#max()} requests at once (503 with {@code Retry-After} above it), counted until the response
 * is complete, also for the async variant's requests that release their Tomcat thread while a future is pending;
 * and a non-multipart body of at most {@code maxBodyBytes} (413), as WebFlux's codecs limit JSON bodies
 * ({@code spring.codec.max-in-memory-size}). Multipart bodies have their own limits.
 */
final class RequestLimitFilter extends OncePerRequestFilter {

    private final InFlightLimit limit;
    private final long maxBodyBytes;
    private final JsonMapper json;

    RequestLimitFilter(InFlightLimit limit, long maxBodyBytes, JsonMapper json) {
        this.limit = limit;
        this.maxBodyBytes = maxBodyBytes;
        this.json = json;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!limit.tryEnter()) {
            respond(request, response, 503, StandardErrors.OVERLOADED);
            return;
        }
        AtomicBoolean released = new AtomicBoolean();
        Runnable release = () -> {
            if (released.compareAndSet(false, true)) {
                limit.exit();
            }
        };
        try {
            if (!isMultipart(request) && request.getContentLengthLong() > maxBodyBytes) {
                respond(request, response, 413, StandardErrors.PAYLOAD_TOO_LARGE);
                return;
            }
            chain.doFilter(isMultipart(request) ? request : new LimitedBody(request, maxBodyBytes), response);
        } finally {
            // an async request completes later; the servlet spec defers its completion until this dispatch returns,
            // so the listener cannot miss it
            if (request.isAsyncStarted()) {
                request.getAsyncContext().addListener(new ReleaseOnEnd(release));
            } else {
                release.run();
            }
        }
    }

    private static boolean isMultipart(HttpServletRequest request) {
        String type = request.getContentType();
        return type != null && type.toLowerCase(Locale.ROOT).startsWith("multipart/");
    }

    private void respond(HttpServletRequest request, HttpServletResponse response, int status, String error)
            throws IOException {
        response.setStatus(status);
        response.setContentType("application/json");
        if (status == 503) {
            response.setHeader("Retry-After", Integer.toString(ApiException.Unavailable.RETRY_AFTER_SECONDS));
        }
        byte[] body = json.writeValueAsString(ErrorBody.of(status, request.getRequestURI(), List.of(error)))
                .getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** A request whose body stream fails once it has delivered more than the limit (a chunked body has no length). */
    private static final class LimitedBody extends HttpServletRequestWrapper {

        private final long max;
        private ServletInputStream stream;

        LimitedBody(HttpServletRequest request, long max) {
            super(request);
            this.max = max;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            if (stream == null) {
                stream = new LimitedBodyStream(super.getInputStream(), max, () -> { });
            }
            return stream;
        }
    }

    private record ReleaseOnEnd(Runnable release) implements AsyncListener {

        @Override
        public void onComplete(AsyncEvent event) {
            release.run();
        }

        @Override
        public void onTimeout(AsyncEvent event) {
            release.run();
        }

        @Override
        public void onError(AsyncEvent event) {
            release.run();
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            // a re-started async cycle keeps this listener only if it is added again
            event.getAsyncContext().addListener(this);
        }
    }
}
