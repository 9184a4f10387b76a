package io.paradigmlab.itstore.web.mvc;

import io.paradigmlab.common.contract.InFlightLimit;
import io.paradigmlab.itstore.domain.error.StandardErrors;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.databind.json.JsonMapper;

/**
 * The first filter of every request: admits it under the {@link InFlightLimit}, or answers 503
 * {@link StandardErrors#OVERLOADED} with {@code Retry-After} before any other work. The MVC cells answer on the request
 * thread (no async dispatch, also not for the streamed {@code first_N_products}), so a request is in flight exactly
 * while this filter's {@code doFilter} runs.
 */
final class InFlightLimitFilter extends OncePerRequestFilter {

    private final InFlightLimit limit;
    private final JsonMapper json;

    InFlightLimitFilter(InFlightLimit limit, JsonMapper json) {
        this.limit = limit;
        this.json = json;
    }

    InFlightLimit limit() {
        return limit;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!limit.tryEnter()) {
            ErrorResponses.write(json, request, response, 503, List.of(StandardErrors.OVERLOADED));
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            limit.exit();
        }
    }
}
