package io.paradigmlab.tweebyte.gateway.mvc;

import io.paradigmlab.common.web.mvc.LimitedBodyStream;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Bounds a request body that declares no length (chunked): the gateway streams bodies to the services, so it
 * counts the bytes as they pass ({@code common-web-mvc}'s {@link LimitedBodyStream}) and stops past the limit. A
 * declared length above the limit is refused before any byte is read ({@link GatewayGuard}); either way the client
 * gets 413, not the 503 of a failed call.
 */
final class RequestBodyLimit extends OncePerRequestFilter {

    private static final String EXCEEDED = RequestBodyLimit.class.getName() + ".exceeded";

    private final long maxBytes;

    RequestBodyLimit(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    /** Whether this request's body was cut off for passing the limit. */
    static boolean exceeded(HttpServletRequest request) {
        return request.getAttribute(EXCEEDED) != null;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        chain.doFilter(request.getContentLengthLong() < 0
                ? LimitedBodyStream.limit(request, maxBytes, () -> request.setAttribute(EXCEEDED, Boolean.TRUE))
                : request, response);
    }
}
