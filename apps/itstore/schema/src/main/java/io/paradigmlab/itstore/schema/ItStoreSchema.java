package io.paradigmlab.itstore.schema;

import java.util.List;
import org.flywaydb.core.Flyway;

/**
 * The IT store's one database: its name, its Flyway migrations ({@code db/itstore}) and its tables. The lab and the
 * test fixtures migrate before a variant starts, so no variant spends start-up time on it and all six meet the same
 * schema.
 */
public final class ItStoreSchema {

    /** The database name in the contract; the lab appends a suffix per run. */
    public static final String DATABASE = "itstore";
    /** Flyway location of the migrations, on the classpath. */
    public static final String MIGRATIONS = "classpath:db/itstore";
    /** The five tables, referenced ones first (the order rows can be loaded in with the foreign keys in place). */
    public static final List<String> TABLES =
            List.of("customer_employee_supplier", "products", "characteristic", "invoice", "item");

    private ItStoreSchema() {
    }

    /** Migrates the database at {@code jdbcUrl}; returns the number of migrations applied (0 when up to date). */
    public static int migrate(String jdbcUrl, String user, String password) {
        return Flyway.configure()
                .dataSource(jdbcUrl, user, password)
                .locations(MIGRATIONS)
                .failOnMissingLocations(true)
                .load()
                .migrate()
                .migrationsExecuted;
    }
}
