package io.paradigmlab.tweebyte.schema;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Applies a service's migrations. The lab and the test fixtures migrate before a service starts, so
 * no variant spends start-up time on it and every variant meets the same schema.
 */
public final class Migrations {

    private Migrations() {
    }

    /** Migrates {@code database} at {@code jdbcUrl}; returns the number of migrations applied. */
    public static int migrate(ServiceDatabase database, String jdbcUrl, String user, String password) {
        MigrateResult result = Flyway.configure()
                .dataSource(jdbcUrl, user, password)
                .locations(database.migrationLocation())
                .failOnMissingLocations(true)
                .load()
                .migrate();
        return result.migrationsExecuted;
    }
}
