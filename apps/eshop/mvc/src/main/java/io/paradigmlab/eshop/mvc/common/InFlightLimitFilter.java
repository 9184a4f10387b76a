package io.paradigmlab.eshop.mvc.common;

import io.paradigmlab.common.contract.InFlightLimit;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.databind.json.JsonMapper;

/**
 * The first filter of every request: admits it while fewer than {@code eshop.limits.max-concurrent-requests} are in
 * flight, or answers 503 {@link StandardErrors#OVERLOADED} with {@code Retry-After} before any other work (as the IT
 * store's). A request is in flight until its answer is complete: for the one asynchronous answer (the streamed export,
 * a {@code StreamingResponseBody}) that is when its async context completes, not when this filter returns.
 */
public final class InFlightLimitFilter extends OncePerRequestFilter {

    private final InFlightLimit limit;
    private final JsonMapper json;

    public InFlightLimitFilter(InFlightLimit limit, JsonMapper json) {
        this.limit = limit;
        this.json = json;
    }

    public int inFlight() {
        return limit.inFlight();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!limit.tryEnter()) {
            ErrorResponses.write(json, request, response, 503, List.of(StandardErrors.OVERLOADED));
            return;
        }
        AtomicBoolean exited = new AtomicBoolean();
        Runnable exit = () -> {
            if (exited.compareAndSet(false, true)) {
                limit.exit();
            }
        };
        boolean async = false;
        try {
            chain.doFilter(request, response);
            if (request.isAsyncStarted()) {
                request.getAsyncContext().addListener(new AsyncListener() {
                    @Override
                    public void onComplete(AsyncEvent event) {
                        exit.run();
                    }

                    @Override
                    public void onTimeout(AsyncEvent event) {
                    }

                    @Override
                    public void onError(AsyncEvent event) {
                    }

                    @Override
                    public void onStartAsync(AsyncEvent event) {
                    }
                });
                async = true;
            }
        } finally {
            if (!async) {
                exit.run();
            }
        }
    }
}
