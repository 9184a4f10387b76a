package io.paradigmlab.chatapp.schema;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;

/**
 * ChatApp's one database: its name and its Flyway migrations ({@code db/chatapp}). The lab migrates before a variant
 * starts, so no variant spends start-up time on it and all three meet the same schema.
 */
public final class ChatSchema {

    /** The database name; the lab may append a suffix per run. */
    public static final String DATABASE = "chatapp";
    /** Flyway location of the migrations, on the classpath. */
    public static final String LOCATION = "classpath:db/chatapp";

    private ChatSchema() {
    }

    /** Migrates the database behind {@code dataSource} to the latest version. */
    public static void migrate(DataSource dataSource) {
        flyway(Flyway.configure().dataSource(dataSource)).migrate();
    }

    /** Migrates the database at {@code jdbcUrl}; returns the number of migrations applied (0 when up to date). */
    public static int migrate(String jdbcUrl, String user, String password) {
        return flyway(Flyway.configure().dataSource(jdbcUrl, user, password)).migrate().migrationsExecuted;
    }

    private static Flyway flyway(org.flywaydb.core.api.configuration.FluentConfiguration config) {
        return config.locations(LOCATION).failOnMissingLocations(true).load();
    }
}
