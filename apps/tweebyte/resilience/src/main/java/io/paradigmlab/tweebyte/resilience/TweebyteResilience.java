package io.paradigmlab.tweebyte.resilience;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import io.paradigmlab.tweebyte.domain.error.ApiException;
import java.time.Duration;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * The circuit breaker around the feed's call to the interaction service (seed 000, 6.4), configured once for
 * every variant so that each opens, waits and recovers after the same calls. Each paradigm decorates its own
 * call with it (CompletionStage, plain supplier, Reactor operator); the breaker object itself has no paradigm.
 */
public final class TweebyteResilience {

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
                .minimumNumberOfCalls(MINIMUM_CALLS)
                .failureRateThreshold(FAILURE_RATE_PERCENT)
                .waitDurationInOpenState(OPEN_FOR)
                .permittedNumberOfCallsInHalfOpenState(HALF_OPEN_CALLS)
                .automaticTransitionFromOpenToHalfOpenEnabled(false)
                .recordException(TweebyteResilience::isFailure)
                .build();
    }

    /** A new breaker for the feed's interaction-service call; one per service process. */
    public static CircuitBreaker interactionBreaker() {
        return CircuitBreaker.of(INTERACTION, config());
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
