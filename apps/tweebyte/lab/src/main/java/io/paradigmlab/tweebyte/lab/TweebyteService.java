package io.paradigmlab.lab.launch;

import io.paradigmlab.tweebyte.schema.ServiceDatabase;
import java.util.Locale;

/** The services of Tweebyte the lab launches: each its own JVM, its own database, its default port. */
public enum TweebyteService {
    USER(9091, ServiceDatabase.USER),
    TWEET(9092, ServiceDatabase.TWEET),
    INTERACTION(9093, ServiceDatabase.INTERACTION);

    private final int defaultPort;
    private final ServiceDatabase database;

    TweebyteService(int defaultPort, ServiceDatabase database) {
        this.defaultPort = defaultPort;
        this.database = database;
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
