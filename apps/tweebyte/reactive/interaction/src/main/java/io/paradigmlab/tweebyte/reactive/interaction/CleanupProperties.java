package io.paradigmlab.tweebyte.reactive.interaction;

import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code tweebyte.cleanup.*}: the job that removes interactions of deleted tweets and refused follow requests.
 *
 * @param interval between passes, the first one interval after start (default 60 s)
 * @param enabled  false switches the job off (default true)
 */
@ConfigurationProperties("tweebyte.cleanup")
public record CleanupProperties(@Nullable Duration interval, @Nullable Boolean enabled) {

    public Duration intervalOrDefault() {
        return interval != null && interval.isPositive() ? interval : Duration.ofSeconds(60);
    }

    public boolean enabledOrDefault() {
        return enabled == null || enabled;
    }
}
