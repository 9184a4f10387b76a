package io.paradigmlab.eshop.schema;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * The e-shop's three databases, one per service (spec 2.1, pinned decisions): their names, Flyway migrations and
 * tables. The lab and the test fixtures migrate before a variant starts, so no variant spends start-up time on it and
 * every variant meets the same schema.
 */
public final class EshopSchema {

    /** A service's database. */
    public enum Store {
        /** ProductService's, on PostgreSQL. */
        PRODUCT("eshop_product", "classpath:db/eshop/product", "product"),
        /** InventoryService's, on PostgreSQL. */
        INVENTORY("eshop_inventory", "classpath:db/eshop/inventory", "inventory"),
        /** OrderService's, on MariaDB. */
        ORDER("eshop_order", "classpath:db/eshop/order", "orders");

        private final String database;
        private final String migrations;
        private final String table;

        Store(String database, String migrations, String table) {
            this.database = database;
            this.migrations = migrations;
            this.table = table;
        }

        /** The database name in the contract; the lab may append a suffix per run. */
        public String database() {
            return database;
        }

        /** Flyway location of the migrations, on the classpath. */
        public String migrations() {
            return migrations;
        }

        /** The store's one table. */
        public String table() {
            return table;
        }
    }

    private EshopSchema() {
    }

    /** Migrates the database behind {@code dataSource} to the latest version; returns the migrations applied. */
    public static int migrate(Store store, DataSource dataSource) {
        return flyway(store, Flyway.configure().dataSource(dataSource)).migrate().migrationsExecuted;
    }

    /** Migrates the database at {@code jdbcUrl}; returns the number of migrations applied (0 when up to date). */
    public static int migrate(Store store, String jdbcUrl, String user, String password) {
        return flyway(store, Flyway.configure().dataSource(jdbcUrl, user, password)).migrate().migrationsExecuted;
    }

    private static Flyway flyway(Store store, FluentConfiguration config) {
        return config.locations(store.migrations()).failOnMissingLocations(true).load();
    }
}
