package io.paradigmlab.tweebyte.reactive.common;

import io.lettuce.core.ClientOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.data.redis.connection.ReactiveRedisConnection;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

/**
 * Lettuce fails fast while Redis is away and reconnects by itself: commands are rejected while disconnected
 * (instead of queued until the command timeout), the same in every variant.
 */
public final class RedisClientOptions {

    private static final Logger log = LoggerFactory.getLogger(RedisClientOptions.class);

    private RedisClientOptions() {
    }

    /**
     * Opens Spring Data Redis's shared Lettuce connection at startup, on the main thread. Left lazy, the first
     * request that touches Redis opened it on an event loop and waited there for the TCP connect (found by
     * BlockHound in the fault tests, on a freshly restarted service; spring-data-redis#2289 describes the same
     * wait). Once open, Lettuce keeps that connection and reconnects it by itself. Redis being away at startup is
     * not fatal: the service starts, logs it, and the first Redis call connects later.
     */
    public static ApplicationRunner openSharedConnection(LettuceConnectionFactory factory) {
        return arguments -> {
            try {
                ReactiveRedisConnection connection = factory.getReactiveConnection();
                connection.close();
            } catch (RuntimeException e) {
                log.warn("Redis not reachable at startup; its connection opens on first use: {}", e.toString());
            }
        };
    }

    public static LettuceClientConfigurationBuilderCustomizer failFast() {
        // Replaces Boot's client options (and with them its socket connect timeout; the command timeout stays).
        // Customizing Boot's options instead, as the servlet variants do, made DEL park an event loop under
        // BlockHound: left for the next session (issue 6 note).
        return builder -> builder.clientOptions(ClientOptions.builder()
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .autoReconnect(true)
                .build());
    }
}
