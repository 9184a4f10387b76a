package io.paradigmlab.tweebyte.schema;

/** One PostgreSQL database per service (the contract's database-per-service rule), each with its migrations. */
public enum ServiceDatabase {
    USER("tweebyte_user", "db/tweebyte/user"),
    TWEET("tweebyte_tweet", "db/tweebyte/tweet"),
    INTERACTION("tweebyte_interaction", "db/tweebyte/interaction");

    private final String defaultName;
    private final String migrations;

    ServiceDatabase(String defaultName, String migrations) {
        this.defaultName = defaultName;
        this.migrations = migrations;
    }

    /** The database name the contract gives this service. */
    public String defaultName() {
        return defaultName;
    }

    /** Flyway location of this service's migration set, on the classpath. */
    public String migrationLocation() {
        return "classpath:" + migrations;
    }
}
