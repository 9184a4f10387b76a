package io.paradigmlab.tweebyte.web.mvc;

import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.tweebyte.domain.text.QueryStrings;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link QueryStrings}' edge rule: a malformed query string is a 400 before anything reads a parameter (Tomcat
 * would throw a 500 the first time one is read). The WebFlux twin is in {@code NulPathFilter}.
 */
final class MalformedQueryFilter extends OncePerRequestFilter {

    private final JsonMapper json;

    MalformedQueryFilter(JsonMapper json) {
        this.json = json;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!QueryStrings.isMalformed(request.getQueryString())) {
            chain.doFilter(request, response);
            return;
        }
        response.setStatus(400);
        response.setContentType("application/json");
        byte[] body = json.writeValueAsString(ErrorBody.of(400, request.getRequestURI(),
                List.of(StandardErrors.MALFORMED_REQUEST))).getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
