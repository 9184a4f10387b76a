package io.paradigmlab.tweebyte.web.mvc;

import io.lettuce.core.ClientOptions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientOptionsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;

/**
 * Redis fails fast and heals by itself, the same in every variant: while disconnected, commands are rejected at
 * once (the callers fall back to the database) and Lettuce reconnects in the background. The 1 s connect and
 * command timeouts are {@code spring.data.redis.*} in application.yml. One class for the servlet paradigms' tweet and
 * interaction services (async and virtual imported each a copy); the reactive ones use the reactive Redis client.
 */
@Configuration(proxyBeanMethods = false)
public class RedisSettings {

    private static final Logger log = LoggerFactory.getLogger(RedisSettings.class);

    @Bean
    LettuceClientOptionsBuilderCustomizer failFastRedis() {
        return options -> options
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .autoReconnect(true);
    }

    /**
     * Opens the shared connection at start, before the first request: Lettuce connects lazily, and its very first
     * connect (Netty's classes and event loops) can take longer than the connect timeout on a busy machine,
     * which made the first request's cache command fail. Only the connection handshake is sent (no command the
     * equal-work counts see); when Redis is down at start the service starts anyway and bypasses the cache.
     */
    @Bean
    SmartInitializingSingleton redisWarmUp(ObjectProvider<RedisConnectionFactory> factory) {
        return () -> factory.ifAvailable(redis -> {
            for (int attempt = 1; attempt <= 3; attempt++) {
                try (RedisConnection ignored = redis.getConnection()) {
                    return;
                } catch (RuntimeException e) {
                    log.info("Redis not reachable at start (attempt {}): {}", attempt, e.toString());
                }
            }
        });
    }
}
