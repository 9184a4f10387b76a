package io.paradigmlab.tweebyte.reactive.interaction;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import reactor.core.publisher.Mono;

/**
 * The interaction service's cache-aside entries (docs/api/tweebyte.md, "Cache"): the same keys, TTLs and bytes in
 * every variant. A Redis failure on a read is a miss (the database answers); on a write or delete it is logged
 * (at most one WARN every 10 s) and ignored.
 */
public class FollowCache {

    /** The TTL of the ids and counts entries. */
    public static final Duration TTL = Duration.ofSeconds(600);
    /**
     * The TTL of the {@code following} answer (seed 001, listings 1-2: 60 s). It decides how often the cache
     * workload misses, so it is the same in every variant; user names in a cached answer may be this old.
     */
    public static final Duration FOLLOWING_TTL = Duration.ofSeconds(60);
    private static final String FOLLOWING_PREFIX = "tweebyte:following:";
    private static final long WARN_EVERY_NANOS = Duration.ofSeconds(10).toNanos();
    private static final Logger log = LoggerFactory.getLogger(FollowCache.class);

    private final ReactiveStringRedisTemplate redis;
    private final AtomicLong lastWarning = new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);

    public FollowCache(ReactiveStringRedisTemplate redis) {
        this.redis = redis;
    }

    public static String followingIds(UUID userId) {
        return "tweebyte:following-ids:" + userId;
    }

    /**
     * The {@code following} answer, serialized once on a miss and served as the stored bytes on every hit
     * ({@link #FOLLOWING_TTL}).
     */
    public static String following(UUID userId) {
        return FOLLOWING_PREFIX + userId;
    }

    /** {@link #FOLLOWING_TTL} for {@link #following} keys, {@link #TTL} for the others. */
    static Duration ttl(String key) {
        return key.startsWith(FOLLOWING_PREFIX) ? FOLLOWING_TTL : TTL;
    }

    public static String followingCount(UUID userId) {
        return "tweebyte:following-count:" + userId;
    }

    public static String followersCount(UUID userId) {
        return "tweebyte:followers-count:" + userId;
    }

    /**
     * GET the key; on a miss (or a Redis failure) the {@code load}ed value, then SET key value EX ttl(key): the
     * value is serialized once, on the miss, and a hit answers the stored string as it is.
     *
     * @param load the JSON of the endpoint's answer, from the database (and the user service)
     */
    public Mono<String> aside(String key, Mono<String> load) {
        return redis.opsForValue().get(key)
                .onErrorResume(e -> {
                    warn("GET " + key, e);
                    return Mono.empty();
                })
                .switchIfEmpty(Mono.defer(() -> load.flatMap(value -> redis.opsForValue().set(key, value, ttl(key))
                        .onErrorResume(e -> {
                            warn("SET " + key, e);
                            return Mono.just(false);
                        })
                        .thenReturn(value))));
    }

    /** After a follow write of {@code follower} to {@code followed}: one DEL of the four keys it changes. */
    public Mono<Void> evict(UUID follower, UUID followed) {
        return redis.delete(followingIds(follower), following(follower), followingCount(follower),
                        followersCount(followed))
                .onErrorResume(e -> {
                    warn("DEL of follow keys of " + follower, e);
                    return Mono.just(0L);
                })
                .then();
    }

    private void warn(String what, Throwable e) {
        if (e.getClass().getName().equals("reactor.blockhound.BlockingOperationError")) {
            // a blocking call of ours or a library's on an event loop (only with BlockHound, in the tests): never
            // throttled, and with its stack, which says where it blocked
            log.error("Blocking call on an event loop during a Redis call ({})", what, e);
            return;
        }
        long now = System.nanoTime();
        long last = lastWarning.get();
        if (now - last >= WARN_EVERY_NANOS && lastWarning.compareAndSet(last, now)) {
            log.warn("Redis unavailable ({}), going on without the cache: {}", what, e.toString());
        } else {
            log.debug("Redis unavailable ({}): {}", what, e.toString());
        }
    }
}
