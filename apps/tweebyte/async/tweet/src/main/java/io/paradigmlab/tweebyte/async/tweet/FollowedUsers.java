package io.paradigmlab.tweebyte.async.tweet;

import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.paradigmlab.tweebyte.async.common.Db;
import io.paradigmlab.tweebyte.async.common.RateLimitedWarning;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.resilience.TweebyteResilience;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Whom a user follows, for the feed: the interaction service behind the circuit breaker
 * ({@code CircuitBreaker.decorateCompletionStage}); when the call fails or the breaker is open, the ids the
 * interaction service cached in Redis ({@code tweebyte:following-ids:{userId}}, a GET on the db executor); without
 * them, the failure (503/504; an open breaker is a 503). A 4xx (401) is passed on without the fallback.
 */
@Component
public class FollowedUsers {

    static final String KEY_PREFIX = "tweebyte:following-ids:";
    private static final TypeReference<List<UUID>> IDS = new TypeReference<>() {
    };

    private final OtherServices services;
    private final CircuitBreaker breaker;
    private final StringRedisTemplate redis;
    private final JsonMapper json;
    private final Db db;
    private final RateLimitedWarning warning = new RateLimitedWarning(LoggerFactory.getLogger(FollowedUsers.class));

    public FollowedUsers(OtherServices services, CircuitBreaker interactionBreaker, StringRedisTemplate redis,
                         JsonMapper json, Db db) {
        this.services = services;
        this.breaker = interactionBreaker;
        this.redis = redis;
        this.json = json;
        this.db = db;
    }

    public CompletableFuture<List<UUID>> of(UUID userId, String authorization) {
        return CircuitBreaker.decorateCompletionStage(breaker, () -> services.followingIds(userId, authorization))
                .get().toCompletableFuture()
                .exceptionallyCompose(error -> {
                    Throwable failure = TweebyteResilience.unwrap(error);
                    if (failure instanceof CallNotPermittedException) {
                        return cached(userId).thenApply(ids -> ids.orElseThrow(
                                () -> new ApiException.Unavailable(StandardErrors.DOWNSTREAM_UNAVAILABLE)));
                    }
                    if (!TweebyteResilience.isFailure(failure)) {
                        return CompletableFuture.failedFuture(failure); // the caller's 4xx, not the service's health
                    }
                    return cached(userId).thenApply(ids -> ids.orElseThrow(() -> failure instanceof RuntimeException r
                            ? r : new CompletionException(failure)));
                });
    }

    /** The cached ids; a Redis failure counts as a miss. */
    private CompletableFuture<Optional<List<UUID>>> cached(UUID userId) {
        return db.run(() -> {
            try {
                return redis.opsForValue().get(KEY_PREFIX + userId);
            } catch (RuntimeException e) {
                warning.warn("GET " + KEY_PREFIX + userId, e);
                return null;
            }
        }).thenApply(value -> value == null ? Optional.empty() : Optional.of(json.readValue(value, IDS)));
    }
}
