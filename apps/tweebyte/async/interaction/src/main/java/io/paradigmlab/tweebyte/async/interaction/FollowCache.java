package io.paradigmlab.tweebyte.async.interaction;

import io.paradigmlab.tweebyte.async.common.Db;
import io.paradigmlab.tweebyte.async.common.RateLimitedWarning;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;

/**
 * The interaction service's cache-aside entries (docs/api/tweebyte.md, "Cache"): the same keys, TTL and bytes in
 * every variant. Every Redis command is blocking (StringRedisTemplate) and so runs on the db executor. A Redis
 * failure on a read is a miss (the database answers); on a write or delete it is logged (at most one WARN every
 * 10 s) and ignored.
 */
@Component
public class FollowCache {

    /** The TTL of the ids and counts entries. */
    public static final Duration TTL = Duration.ofSeconds(600);
    /**
     * The TTL of the {@code following} answer (seed 001, listings 1-2: 60 s). It decides how often the cache
     * workload misses, so it is the same in every variant; user names in a cached answer may be this old.
     */
    public static final Duration FOLLOWING_TTL = Duration.ofSeconds(60);

    private final StringRedisTemplate redis;
    private final Db db;
    private final RateLimitedWarning warning = new RateLimitedWarning(LoggerFactory.getLogger(FollowCache.class));

    public FollowCache(StringRedisTemplate redis, Db db) {
        this.redis = redis;
        this.db = db;
    }

    public static String followingIds(UUID userId) {
        return "tweebyte:following-ids:" + userId;
    }

    /**
     * The {@code following} answer, serialized once on a miss and served as the stored bytes on every hit
     * ({@link #FOLLOWING_TTL}).
     */
    public static String following(UUID userId) {
        return "tweebyte:following:" + userId;
    }

    /** {@link #FOLLOWING_TTL} for {@link #following} keys, {@link #TTL} for the others. */
    static Duration ttl(String key) {
        return key.startsWith("tweebyte:following:") ? FOLLOWING_TTL : TTL;
    }

    public static String followingCount(UUID userId) {
        return "tweebyte:following-count:" + userId;
    }

    public static String followersCount(UUID userId) {
        return "tweebyte:followers-count:" + userId;
    }

    /**
     * GET the key; on a miss the {@code load}ed value, then SET key value EX ttl(key); all in one task on the db executor.
     *
     * @param load (blocking, on the db executor) the JSON of the endpoint's answer, from the database
     */
    public CompletableFuture<String> aside(String key, Supplier<String> load) {
        return db.run(() -> {
            String cached = get(key);
            if (cached != null) {
                return cached;
            }
            String value = load.get();
            set(key, value);
            return value;
        });
    }

    /**
     * GET the key (db executor); on a miss the {@code load}ed value, then SET key value EX ttl(key) (db executor).
     *
     * @param load the JSON of the endpoint's answer, from the database and another service
     */
    public CompletableFuture<String> asideAsync(String key, Supplier<CompletableFuture<String>> load) {
        return db.run(() -> get(key)).thenCompose(cached -> cached != null ? CompletableFuture.completedFuture(cached)
                : load.get().thenCompose(value -> db.run(() -> {
                    set(key, value);
                    return value;
                })));
    }

    /**
     * (Blocking, on the db executor, after the write.) One DEL of the four keys a follow write of {@code follower}
     * to {@code followed} changes.
     */
    public void evict(UUID follower, UUID followed) {
        try {
            redis.delete(java.util.List.of(followingIds(follower), following(follower), followingCount(follower),
                    followersCount(followed)));
        } catch (RuntimeException e) {
            warning.warn("DEL of follow keys of " + follower, e);
        }
    }

    private String get(String key) {
        try {
            return redis.opsForValue().get(key);
        } catch (RuntimeException e) {
            warning.warn("GET " + key, e);
            return null;
        }
    }

    private void set(String key, String value) {
        try {
            redis.opsForValue().set(key, value, ttl(key));
        } catch (RuntimeException e) {
            warning.warn("SET " + key, e);
        }
    }
}
