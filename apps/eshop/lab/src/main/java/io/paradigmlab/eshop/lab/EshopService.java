package io.paradigmlab.eshop.lab;

/**
 * The e-shop's three services (spec 2.1) with their contract ports and databases. Product and Order call Inventory;
 * Inventory calls nobody.
 */
public enum EshopService {
    PRODUCT("product", 8181, "eshop_product", "classpath:db/eshop/product", false,
            "products: add, fetch, stock update through inventory, CSV export and import, delay, barcode"),
    INVENTORY("inventory", 8182, "eshop_inventory", "classpath:db/eshop/inventory", false,
            "stock per product code: set, read, reserve (bulk and one by one), release"),
    ORDER("order", 8183, "eshop_order", "classpath:db/eshop/order", true,
            "orders in batches (bulk or one reservation call per line), stored in MariaDB");

    private final String id;
    private final int defaultPort;
    private final String database;
    private final String migrations;
    private final boolean mariadb;
    private final String description;

    EshopService(String id, int defaultPort, String database, String migrations, boolean mariadb, String description) {
        this.id = id;
        this.defaultPort = defaultPort;
        this.database = database;
        this.migrations = migrations;
        this.mariadb = mariadb;
        this.description = description;
    }

    public String id() {
        return id;
    }

    public int defaultPort() {
        return defaultPort;
    }

    /** The database's name in the contract (the lab appends a suffix per run). */
    public String database() {
        return database;
    }

    public String migrations() {
        return migrations;
    }

    /** Whether its database lives on MariaDB (else PostgreSQL). */
    public boolean mariadb() {
        return mariadb;
    }

    public String description() {
        return description;
    }

    /** Whether it calls Inventory (and so is given Inventory's instance list). */
    public boolean callsInventory() {
        return this != INVENTORY;
    }

    public static EshopService of(String id) {
        for (EshopService s : values()) {
            if (s.id.equals(id)) {
                return s;
            }
        }
        throw new IllegalArgumentException("no e-shop service " + id);
    }
}
