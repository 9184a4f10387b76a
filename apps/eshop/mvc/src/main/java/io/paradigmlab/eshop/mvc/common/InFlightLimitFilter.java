package io.paradigmlab.eshop.mvc.common;

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
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.databind.json.JsonMapper;

/**
 * The first filter of every request: admits it while fewer than {@code eshop.limits.max-concurrent-requests} are in
 * flight, or answers 503 {@link StandardErrors#OVERLOADED} with {@code Retry-After} before any other work (as the IT
 * store's). A request is in flight until its answer is complete: for the one asynchronous answer (the streamed export,
 * a {@code StreamingResponseBody}) that is when its async context completes, not when this filter returns.
 */
public final class InFlightLimitFilter extends OncePerRequestFilter {

    /** {@code eshop.limits.max-concurrent-requests}. */
    public static final String PROPERTY = "eshop.limits.max-concurrent-requests";
    public static final int DEFAULT_MAX = 10_000;

    private final int max;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final JsonMapper json;

    public InFlightLimitFilter(int max, JsonMapper json) {
        if (max < 1) {
            throw new IllegalArgumentException(PROPERTY + " must be at least 1, was " + max);
        }
        this.max = max;
        this.json = json;
    }

    public int inFlight() {
        return inFlight.get();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!tryEnter()) {
            ErrorResponses.write(json, request, response, 503, List.of(StandardErrors.OVERLOADED));
            return;
        }
        AtomicBoolean exited = new AtomicBoolean();
        Runnable exit = () -> {
            if (exited.compareAndSet(false, true)) {
                inFlight.decrementAndGet();
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

    private boolean tryEnter() {
        int n;
        do {
            n = inFlight.get();
            if (n >= max) {
                return false;
            }
        } while (!inFlight.compareAndSet(n, n + 1));
        return true;
    }
}
