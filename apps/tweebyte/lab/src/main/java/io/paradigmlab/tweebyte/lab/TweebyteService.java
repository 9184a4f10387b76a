package io.paradigmlab.tweebyte.lab;

import io.paradigmlab.tweebyte.schema.ServiceDatabase;
import java.util.Locale;

/** The services of Tweebyte the lab launches: each its own JVM, its own database, its default port. */
public enum TweebyteService {
    USER(9091, ServiceDatabase.USER, "accounts, log-in, summaries, profiles"),
    TWEET(9092, ServiceDatabase.TWEET, "tweets, hashtags, mentions, feed, search"),
    INTERACTION(9093, ServiceDatabase.INTERACTION, "follows, likes, replies, retweets, recommendations");

    private final int defaultPort;
    private final ServiceDatabase database;
    private final String description;

    TweebyteService(int defaultPort, ServiceDatabase database, String description) {
        this.defaultPort = defaultPort;
        this.database = database;
        this.description = description;
    }

    public String description() {
        return description;
    }

    /** The service of id {@code user}, {@code tweet} or {@code interaction}. */
    public static TweebyteService parse(String id) {
        for (TweebyteService s : values()) {
            if (s.id().equals(id)) {
                return s;
            }
        }
        throw new io.paradigmlab.lab.api.LabException("Unknown Tweebyte service '" + id
                + "': choose user, tweet or interaction");
    }

    /** {@code user}, {@code tweet}, {@code interaction}: the module folder and the jar name's part. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The contract's port: 9091, 9092, 9093. */
    public int defaultPort() {
        return defaultPort;
    }

    public ServiceDatabase database() {
        return database;
    }

    /** The configuration key the services read this service's base URL from, e.g. {@code tweebyte.services.tweet-url}. */
    public String urlProperty() {
        return "tweebyte.services." + id() + "-url";
    }
}
