package io.paradigmlab.tweebyte.virtual.tweet;

import io.github.resilience4j.circuitbreaker.CallNotPermittedException;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.resilience.TweebyteResilience;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Whom a user follows, for the feed: the interaction service behind the circuit breaker; when the call fails or
 * the breaker is open, the ids the interaction service cached in Redis ({@code tweebyte:following-ids:{userId}});
 * without them, the failure (503/504; an open breaker is a 503).
 */
@Component
public class FollowedUsers {

    static final String KEY_PREFIX = "tweebyte:following-ids:";
    private static final TypeReference<List<UUID>> IDS = new TypeReference<>() {
    };
    private static final Logger log = LoggerFactory.getLogger(FollowedUsers.class);
    private static final long WARN_EVERY_NANOS = 10_000_000_000L;

    private final OtherServices services;
    private final CircuitBreaker breaker;
    private final StringRedisTemplate redis;
    private final JsonMapper json;
    private final AtomicLong lastWarning = new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);

    public FollowedUsers(OtherServices services, CircuitBreaker interactionBreaker, StringRedisTemplate redis,
                         JsonMapper json) {
        this.services = services;
        this.breaker = interactionBreaker;
        this.redis = redis;
        this.json = json;
    }

    public List<UUID> of(UUID userId, String authorization) {
        try {
            return breaker.executeSupplier(() -> services.followingIds(userId, authorization));
        } catch (CallNotPermittedException open) {
            return cached(userId).orElseThrow(OtherServices::unavailable);
        } catch (ApiException e) {
            if (!TweebyteResilience.isFailure(e)) {
                throw e; // a 4xx (401) is the caller's, not the service's health
            }
            return cached(userId).orElseThrow(() -> e);
        }
    }

    /** The cached ids; a Redis failure counts as a miss. */
    private Optional<List<UUID>> cached(UUID userId) {
        String value;
        try {
            value = redis.opsForValue().get(KEY_PREFIX + userId);
        } catch (RuntimeException e) {
            warn(e);
            return Optional.empty();
        }
        return value == null ? Optional.empty() : Optional.of(json.readValue(value, IDS));
    }

    private void warn(RuntimeException e) {
        long now = System.nanoTime();
        long last = lastWarning.get();
        if (now - last >= WARN_EVERY_NANOS && lastWarning.compareAndSet(last, now)) {
            log.warn("Redis unavailable, feed fallback has no cached ids: {}", e.toString());
        }
    }
}
