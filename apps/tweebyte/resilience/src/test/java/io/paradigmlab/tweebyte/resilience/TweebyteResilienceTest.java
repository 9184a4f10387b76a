package io.paradigmlab.tweebyte.resilience;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.paradigmlab.common.contract.ApiException;
import java.io.IOException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class TweebyteResilienceTest {

    @Test
    void downstreamFailuresCountAndClientErrorsDoNot() {
        assertThat(TweebyteResilience.isFailure(new ApiException.Unavailable("x"))).isTrue();
        assertThat(TweebyteResilience.isFailure(new CompletionException(new ApiException.Timeout("x")))).isTrue();
        assertThat(TweebyteResilience.isFailure(new IOException("refused"))).isTrue();
        assertThat(TweebyteResilience.isFailure(new ApiException.NotFound("x"))).isFalse();
        assertThat(TweebyteResilience.isFailure(new CompletionException(new ApiException.Unauthorized("x")))).isFalse();
    }

    @Test
    void theFallbackAnswersAnOpenBreakerAndFailuresButNotClientErrors() {
        CircuitBreaker breaker = TweebyteResilience.interactionBreaker();
        breaker.transitionToOpenState();
        Throwable refused = org.assertj.core.api.Assertions.catchThrowable(() -> breaker.executeSupplier(() -> 1));
        assertThat(TweebyteResilience.fallsBack(refused)).isTrue();
        assertThat(TweebyteResilience.fallsBack(new CompletionException(refused))).isTrue();
        assertThat(TweebyteResilience.fallsBack(new ApiException.Timeout("x"))).isTrue();
        assertThat(TweebyteResilience.fallsBack(new CompletionException(new ApiException.Unauthorized("x")))).isFalse();
    }

    @Test
    void opensAfterHalfOfTheMinimumCallsFailAndNotBefore() {
        CircuitBreaker breaker = TweebyteResilience.interactionBreaker();
        for (int i = 0; i < TweebyteResilience.MINIMUM_CALLS - 1; i++) {
            breaker.onError(0, TimeUnit.MILLISECONDS, new ApiException.Unavailable("down"));
        }
        assertThat(breaker.getState()).isEqualTo(CircuitBreaker.State.CLOSED);
        breaker.onError(0, TimeUnit.MILLISECONDS, new ApiException.Unavailable("down"));
        assertThat(breaker.getState()).isEqualTo(CircuitBreaker.State.OPEN);
        assertThat(breaker.tryAcquirePermission()).isFalse();
    }

    @Test
    void clientErrorsNeverOpenIt() {
        CircuitBreaker breaker = TweebyteResilience.interactionBreaker();
        for (int i = 0; i < 3 * TweebyteResilience.WINDOW_CALLS; i++) {
            breaker.onError(0, TimeUnit.MILLISECONDS, new ApiException.NotFound("no such user"));
        }
        assertThat(breaker.getState()).isEqualTo(CircuitBreaker.State.CLOSED);
    }

    @Test
    void theWindowRecordsCallsFromManyThreadsWithoutALock() throws InterruptedException {
        // a lock in the window parks an event loop that records while another does (reactive fault test)
        assertThat(TweebyteResilience.config().getSlidingWindowSynchronizationStrategy())
                .isEqualTo(io.github.resilience4j.circuitbreaker.CircuitBreakerConfig.SlidingWindowSynchronizationStrategy.LOCK_FREE);
        CircuitBreaker breaker = CircuitBreaker.of("many", TweebyteResilience.config());
        java.util.List<Thread> threads = new java.util.ArrayList<>();
        for (int t = 0; t < 8; t++) {
            threads.add(Thread.ofPlatform().start(() -> {
                for (int i = 0; i < 1_000; i++) {
                    breaker.onSuccess(1, java.util.concurrent.TimeUnit.MILLISECONDS);
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(breaker.getMetrics().getNumberOfBufferedCalls()).isEqualTo(TweebyteResilience.WINDOW_CALLS);
        assertThat(breaker.getMetrics().getNumberOfSuccessfulCalls()).isEqualTo(TweebyteResilience.WINDOW_CALLS);
        assertThat(breaker.getState()).isEqualTo(CircuitBreaker.State.CLOSED);
    }
}
