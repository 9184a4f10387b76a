package io.paradigmlab.common.web.mvc;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * An application's bound on a request body that is not multipart (a JSON body, say), for an application whose
 * contract names one (Tweebyte: 2 MB, as WebFlux's codecs bound JSON bodies with {@code spring.http.codecs.*}); Spring
 * MVC has no such bound of its own. A declared {@code Content-Length} above it is a 413 with the application's
 * {@code payloadTooLarge} word before any byte is read; a body that declares no length (chunked) is counted as it is
 * read ({@link LimitedBodyStream}), and the read that passes the bound fails, which {@link MvcErrorHandler} answers
 * with the same 413. Multipart bodies have their own limits ({@code spring.servlet.multipart.*}).
 *
 * <p>Registered by {@link MvcPlumbingConfiguration} right after the in-flight bound, for an application that sets
 * {@code WebPlumbing.maxBodyBytes}.
 */
public final class BodyLimitFilter extends OncePerRequestFilter {

    private final long maxBytes;
    private final ErrorResponses errors;

    public BodyLimitFilter(long maxBytes, ErrorResponses errors) {
        if (maxBytes < 0) {
            throw new IllegalArgumentException("a body limit must not be negative: " + maxBytes);
        }
        this.maxBytes = maxBytes;
        this.errors = errors;
    }

    public long maxBytes() {
        return maxBytes;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (isMultipart(request)) {
            chain.doFilter(request, response);
            return;
        }
        if (request.getContentLengthLong() > maxBytes) {
            errors.write(request, response, 413, errors.words().forStatus(413));
            return;
        }
        chain.doFilter(LimitedBodyStream.limit(request, maxBytes, () -> { }), response);
    }

    static boolean isMultipart(HttpServletRequest request) {
        String type = request.getContentType();
        return type != null && type.toLowerCase(Locale.ROOT).startsWith("multipart/");
    }
}
