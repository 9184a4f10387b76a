package io.paradigmlab.tweebyte.resilience;

import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.paradigmlab.common.contract.ApiException;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The circuit breaker around the tweet service's calls to the interaction service (seed 000, 6.4): the feed's
 * followed ids, and the enrichment of tweets (counts and top reply, a tweet's replies). Configured once for every
 * variant so that each opens, waits and recovers after the same calls. Each paradigm decorates its own calls with
 * it (CompletionStage, plain supplier, Reactor operator); the breaker object itself has no paradigm.
 */
public final class TweebyteResilience {

    private static final Logger log = LoggerFactory.getLogger(TweebyteResilience.class);

    /** Name of the breaker, as it appears in metrics. */
    public static final String INTERACTION = "interaction";
    /** Calls the failure rate is computed over. */
    public static final int WINDOW_CALLS = 20;
    /** Calls needed before the breaker may open. */
    public static final int MINIMUM_CALLS = 10;
    /** Failure rate (percent) that opens the breaker. */
    public static final float FAILURE_RATE_PERCENT = 50f;
    /** How long the breaker stays open before trial calls. */
    public static final Duration OPEN_FOR = Duration.ofSeconds(10);
    /** Trial calls while half-open. */
    public static final int HALF_OPEN_CALLS = 3;

    private TweebyteResilience() {
    }

    /** The settings; a knob here changes what every variant measures under downstream failure. */
    public static CircuitBreakerConfig config() {
        return CircuitBreakerConfig.custom()
                .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                .slidingWindowSize(WINDOW_CALLS)
                // the default window records each call under a ReentrantLock: event loops that record at once park
                // on it (BlockHound failed such a request, which then never answered, in the reactive fault test);
                // the lock-free window records with compare-and-set, in every variant alike
                .slidingWindowSynchronizationStrategy(
                        CircuitBreakerConfig.SlidingWindowSynchronizationStrategy.LOCK_FREE)
                .minimumNumberOfCalls(MINIMUM_CALLS)
                .failureRateThreshold(FAILURE_RATE_PERCENT)
                .waitDurationInOpenState(OPEN_FOR)
                .permittedNumberOfCallsInHalfOpenState(HALF_OPEN_CALLS)
                .automaticTransitionFromOpenToHalfOpenEnabled(false)
                .recordException(TweebyteResilience::isFailure)
                .build();
    }

    /**
     * A new breaker for the tweet service's interaction-service calls; one per service process. Every state
     * change is logged at WARN ({@code Circuit breaker interaction: CLOSED -> OPEN}), so that an operator (and the
     * fault tests) can see it open and close.
     */
    public static CircuitBreaker interactionBreaker() {
        CircuitBreaker breaker = CircuitBreaker.of(INTERACTION, config());
        breaker.getEventPublisher().onStateTransition(event -> log.warn("Circuit breaker {}: {} -> {}",
                event.getCircuitBreakerName(), event.getStateTransition().getFromState(),
                event.getStateTransition().getToState()));
        return breaker;
    }

    /**
     * Whether a call through the breaker ended in a way its fallback answers: the breaker refused it (open) or the
     * call failed ({@link #isFailure}). A 4xx such as 401 is passed on instead.
     */
    public static boolean fallsBack(Throwable error) {
        Throwable e = unwrap(error);
        return e instanceof CallNotPermittedException || isFailure(e);
    }

    /**
     * Whether an error of a downstream call counts against the breaker: the downstream service was unreachable,
     * failing or too slow (each client maps those to {@link ApiException.Unavailable} or {@link ApiException.Timeout}).
     * A 4xx answer is the caller's business, not the service's health.
     */
    public static boolean isFailure(Throwable error) {
        Throwable e = unwrap(error);
        return e instanceof ApiException.Unavailable || e instanceof ApiException.Timeout
                || !(e instanceof ApiException);
    }

    /** The cause behind the wrappers futures put around it. */
    public static Throwable unwrap(Throwable error) {
        Throwable e = error;
        while ((e instanceof CompletionException || e instanceof ExecutionException) && e.getCause() != null) {
            e = e.getCause();
        }
        return e;
    }
}
