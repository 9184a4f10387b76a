package io.paradigmlab.common.web.mvc;

import io.paradigmlab.common.contract.InFlightLimit;
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

/**
 * The first filter of every request: admits it under the application's {@link InFlightLimit}
 * ({@code <prefix>.limits.max-concurrent-requests}), or answers 503 with the application's {@code overloaded} word and
 * {@code Retry-After} before any other work. A request is in flight until its answer is complete: for an asynchronous
 * answer (a {@code StreamingResponseBody}, a {@code CompletableFuture}) that is when its async context completes, not
 * when this filter returns; a request answered on its own thread is in flight while this filter's {@code doFilter} runs.
 */
public final class InFlightLimitFilter extends OncePerRequestFilter {

    private final InFlightLimit limit;
    private final ErrorResponses errors;

    public InFlightLimitFilter(InFlightLimit limit, ErrorResponses errors) {
        this.limit = limit;
        this.errors = errors;
    }

    public InFlightLimit limit() {
        return limit;
    }

    public int inFlight() {
        return limit.inFlight();
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (!limit.tryEnter()) {
            errors.write(request, response, 503, List.of(errors.words().overloaded()));
            return;
        }
        AtomicBoolean exited = new AtomicBoolean();
        Runnable exit = () -> {
            if (exited.compareAndSet(false, true)) {
                limit.exit();
            }
        };
        try {
            chain.doFilter(request, response);
        } finally {
            // an async answer completes later; the servlet spec defers its completion until this dispatch returns,
            // so the listener cannot miss it
            if (request.isAsyncStarted()) {
                request.getAsyncContext().addListener(new ExitOnComplete(exit));
            } else {
                exit.run();
            }
        }
    }

    /**
     * Counts the request out when its async answer completes (after a timeout or an error too: the container
     * completes the request then). A new async cycle on the same request drops the listeners of the last one, so it
     * registers itself again.
     */
    private record ExitOnComplete(Runnable exit) implements AsyncListener {

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
            event.getAsyncContext().addListener(this);
        }
    }
}
