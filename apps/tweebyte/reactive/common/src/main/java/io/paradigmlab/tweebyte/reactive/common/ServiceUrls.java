package io.paradigmlab.tweebyte.reactive.common;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/** {@code tweebyte.services.*}: where the other services listen (defaults: localhost on the default ports). */
@ConfigurationProperties("tweebyte.services")
public record ServiceUrls(@Nullable String userUrl, @Nullable String tweetUrl, @Nullable String interactionUrl) {

    public String user() {
        return base(userUrl, "http://localhost:9091");
    }

    public String tweet() {
        return base(tweetUrl, "http://localhost:9092");
    }

    public String interaction() {
        return base(interactionUrl, "http://localhost:9093");
    }

    private static String base(@Nullable String url, String fallback) {
        String u = url == null || url.isBlank() ? fallback : url.trim();
        return u.endsWith("/") ? u.substring(0, u.length() - 1) : u;
    }
}
