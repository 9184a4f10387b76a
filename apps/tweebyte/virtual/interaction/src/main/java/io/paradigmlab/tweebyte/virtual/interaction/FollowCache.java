package io.paradigmlab.tweebyte.virtual.interaction;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Cache-aside for follow reads (docs/api/tweebyte.md, "Cache"): the value of a key is the very JSON the endpoint
 * answers, written with the application's own mapper. A Redis failure on a read means the database; on a write or
 * delete it is ignored (logged at WARN, at most every 10 s).
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
    private static final String PREFIX = "tweebyte:";
    private static final long WARN_EVERY_NANOS = 10_000_000_000L;
    private static final Logger log = LoggerFactory.getLogger(FollowCache.class);

    private final StringRedisTemplate redis;
    private final JsonMapper json;
    private final AtomicLong lastWarning = new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);

    public FollowCache(StringRedisTemplate redis, JsonMapper json) {
        this.redis = redis;
        this.json = json;
    }

    public static String followingIds(UUID userId) {
        return PREFIX + "following-ids:" + userId;
    }

    /**
     * The {@code following} answer, serialized once on a miss and served as the stored bytes on every hit
     * ({@link #FOLLOWING_TTL}).
     */
    public static String following(UUID userId) {
        return PREFIX + "following:" + userId;
    }

    /** {@link #FOLLOWING_TTL} for {@link #following} keys, {@link #TTL} for the others. */
    static Duration ttl(String key) {
        return key.startsWith(PREFIX + "following:") ? FOLLOWING_TTL : TTL;
    }

    public static String followingCount(UUID userId) {
        return PREFIX + "following-count:" + userId;
    }

    public static String followersCount(UUID userId) {
        return PREFIX + "followers-count:" + userId;
    }

    /** {@code GET key}; on a miss the loaded value as JSON, then {@code SET key value EX ttl(key)}. */
    public String read(String key, Supplier<?> load) {
        try {
            String cached = redis.opsForValue().get(key);
            if (cached != null) {
                return cached;
            }
        } catch (RuntimeException e) {
            warn("read", e);
        }
        String value = json.writeValueAsString(load.get());
        try {
            redis.opsForValue().set(key, value, ttl(key));
        } catch (RuntimeException e) {
            warn("write", e);
        }
        return value;
    }

    /** After a follow write of {@code follower} to {@code followed}: one DEL of the four keys it changes. */
    public void invalidate(UUID follower, UUID followed) {
        try {
            redis.delete(List.of(followingIds(follower), following(follower), followingCount(follower),
                    followersCount(followed)));
        } catch (RuntimeException e) {
            warn("delete", e);
        }
    }

    private void warn(String what, RuntimeException e) {
        long now = System.nanoTime();
        long last = lastWarning.get();
        if (now - last >= WARN_EVERY_NANOS && lastWarning.compareAndSet(last, now)) {
            log.warn("Redis {} failed, going on without the cache: {}", what, e.toString());
        }
    }
}
