package io.paradigmlab.tweebyte.reactive.common;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code tweebyte.client.*}: the timeouts of every call to another service, the same in every variant.
 *
 * @param connectTimeout  default 1 s
 * @param responseTimeout default 3 s
 */
@ConfigurationProperties("tweebyte.client")
public record ClientProperties(@Nullable Duration connectTimeout, @Nullable Duration responseTimeout) {

    public Duration connect() {
        return connectTimeout != null ? connectTimeout : Duration.ofSeconds(1);
    }

    public Duration response() {
        return responseTimeout != null ? responseTimeout : Duration.ofSeconds(3);
    }
}
