package io.paradigmlab.tweebyte.reactive.common;

import io.lettuce.core.ClientOptions;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientConfigurationBuilderCustomizer;

/**
 * Lettuce fails fast while Redis is away and reconnects by itself: commands are rejected while disconnected
 * (instead of queued until the command timeout), the same in every variant.
 */
public final class RedisClientOptions {

    private RedisClientOptions() {
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
