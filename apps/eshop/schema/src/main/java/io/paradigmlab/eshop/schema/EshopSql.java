package io.paradigmlab.eshop.schema;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every SQL statement of the e-shop's three services, each once, run as these very strings by every variant: JDBC through
 * Spring's {@code JdbcClient}, R2DBC through Spring's {@code DatabaseClient}, both with these {@code :named}
 * parameters (Spring expands them to the driver's markers: {@code ?} for pgjdbc and MariaDB, {@code $n} for
 * r2dbc-postgresql). Equal work across variants starts here: same text, same number of statements per request.
 *
 * <p>Parameter types to bind: codes and text {@code String}; {@code :price} {@code BigDecimal}; quantities and ids
 * {@code Long} (or {@code long}); the arrays of the bulk statements as Java arrays ({@code String[]}, {@code Long[]},
 * {@code BigDecimal[]}), which neither Spring client expands (only collections are) and both drivers send as one
 * PostgreSQL array parameter; {@code :rows} of {@link #INSERT_ORDERS} as a {@code List<Object[]>}, which both
 * clients expand into {@code (?, ?, ?), (?, ?, ?), ...}. Column labels are the snake case of the records' components
 * ({@code order_number} for {@code orderNumber}), so both clients map rows into the domain's records by name.
 *
 * <p>Stock changes are atomic conditional statements, never read-modify-write: a row is decremented only while its
 * quantity covers the line, under the row lock, so concurrent reservations never oversell (20 concurrent orders of 1
 * on a stock of 10 reserve exactly 10).
 */
public final class EshopSql {

    /** The product columns, in the order of the {@code Product} record. */
    private static final String PRODUCT_COLUMNS = "id, code, name, category, price, description";

    // ---- ProductService, PostgreSQL eshop_product

    /**
     * Params: code, name, category, price, description. {@code POST /products}: one row (the stored product, columns
     * as {@link #PRODUCT_BY_ID}), or none when the code exists (409). No exception on a duplicate, so JDBC and R2DBC
     * need no error translation to agree.
     */
    public static final String INSERT_PRODUCT =
            "INSERT INTO product (code, name, category, price, description)"
                    + " VALUES (:code, :name, :category, :price, :description)"
                    + " ON CONFLICT (code) DO NOTHING RETURNING " + PRODUCT_COLUMNS;

    /** Params: id. {@code GET /products/{id}}: columns id, code, name, category, price, description; no row is 404. */
    public static final String PRODUCT_BY_ID = "SELECT " + PRODUCT_COLUMNS + " FROM product WHERE id = :id";

    /**
     * Params: id. Column: code; no row means no such product. The existence check of {@code PUT /products/{id}/stock}
     * (it also gives the code Inventory is called with) and of {@code GET /products/{id}/barcode} (the code is what
     * the barcode encodes): one index lookup, no other column read.
     */
    public static final String PRODUCT_CODE_BY_ID = "SELECT code FROM product WHERE id = :id";

    /**
     * No params. {@code GET /products/export}: every product by code (the UNIQUE index gives the order), columns code,
     * name, category, price, description. Read as a cursor, {@code ProductCsv.BATCH_SIZE} rows per fetch (pgjdbc
     * needs auto-commit off for a fetch size to take effect; R2DBC sets it on the statement).
     */
    public static final String EXPORT_PRODUCTS =
            "SELECT code, name, category, price, description FROM product ORDER BY code";

    /**
     * Params: codes, names, categories, prices, descriptions, arrays of equal length (a batch of
     * {@code ProductCsv.BATCH_SIZE}). {@code POST /products/import}: one statement per batch. Rows whose code exists
     * are skipped, so the update count tells a duplicate: fewer rows than the batch means 409, and the import, run in
     * one transaction, is rolled back (nothing saved).
     */
    public static final String IMPORT_PRODUCTS =
            "INSERT INTO product (code, name, category, price, description)"
                    + " SELECT * FROM unnest(CAST(:codes AS varchar[]), CAST(:names AS varchar[]),"
                    + " CAST(:categories AS varchar[]), CAST(:prices AS numeric[]), CAST(:descriptions AS varchar[]))"
                    + " ON CONFLICT (code) DO NOTHING";

    /**
     * Params: code. The lab's reset between scenarios (spec D-9): deletes every product whose code sorts after
     * {@code code} ({@code SeedData.code(SeedData.PRODUCTS)}: the imported and added ones). Not run by a service.
     */
    public static final String DELETE_PRODUCTS_AFTER = "DELETE FROM product WHERE code > :code";

    // ---- InventoryService, PostgreSQL eshop_inventory

    /**
     * Params: code, quantity. {@code PUT /inventory/{code}}: sets the stock, creating the row if needed. Columns: code,
     * quantity (one row).
     */
    public static final String UPSERT_STOCK =
            "INSERT INTO inventory (code, quantity) VALUES (:code, :quantity)"
                    + " ON CONFLICT (code) DO UPDATE SET quantity = EXCLUDED.quantity, updated_at = now()"
                    + " RETURNING code, quantity";

    /** Params: code. {@code GET /inventory/{code}}: columns code, quantity; no row is 404. */
    public static final String STOCK_BY_CODE = "SELECT code, quantity FROM inventory WHERE code = :code";

    /**
     * Params: quantity, code. {@code POST /inventory/reservations/one}: the conditional decrement of one line; update
     * count 1 = RESERVED, 0 = REJECTED (unknown code, or less stock than the quantity). Atomic: PostgreSQL re-checks
     * {@code quantity >= :quantity} on the newest row version under the row lock. Takes one row lock, so it can never
     * be part of a deadlock.
     */
    public static final String RESERVE_ONE =
            "UPDATE inventory SET quantity = quantity - :quantity, updated_at = now()"
                    + " WHERE code = :code AND quantity >= :quantity";

    /**
     * Params: codes, quantities (arrays of equal length, <b>codes distinct</b>: {@code Reservations.rounds} splits a
     * request so). {@code POST /inventory/reservations}: the conditional decrement of many lines in one statement.
     * Column: code, one row per reserved line; a line whose code is not returned is rejected.
     *
     * <p>Atomic per line, as {@link #RESERVE_ONE}: the {@code locked} step takes each row's lock with
     * {@code FOR UPDATE}, which under READ COMMITTED waits for a concurrent writer and re-checks
     * {@code quantity >= line quantity} on the newest version; a row that fails is not locked and not updated. The
     * update then changes only rows this statement holds, from their newest version. Lines are independent: one
     * rejected line does not undo the others (as 55 single statements would not).
     *
     * <p>Deadlock-free: {@code ORDER BY i.code FOR UPDATE} locks rows in code order (PostgreSQL sorts before it
     * locks), whatever the plan, and the update touches only rows already locked, so two of these statements acquire
     * their common rows in the same order; every other stock statement takes a single row lock. {@code MATERIALIZED}
     * keeps the locking step a step of its own, never folded into the update's plan.
     */
    public static final String RESERVE_MANY =
            "WITH line AS (SELECT code, quantity FROM unnest(CAST(:codes AS varchar[]), CAST(:quantities AS bigint[]))"
                    + " AS l(code, quantity)),"
                    + " locked AS MATERIALIZED (SELECT i.code, line.quantity FROM inventory i"
                    + " JOIN line ON line.code = i.code WHERE i.quantity >= line.quantity"
                    + " ORDER BY i.code FOR UPDATE OF i)"
                    + " UPDATE inventory i SET quantity = i.quantity - locked.quantity, updated_at = now()"
                    + " FROM locked WHERE i.code = locked.code RETURNING i.code";

    /**
     * Params: codes, quantities (arrays of equal length, codes may repeat). {@code POST /inventory/releases}: Order's
     * compensation when it cannot store orders Inventory has reserved: gives each line's quantity back, in one
     * statement (repeated codes summed first, so each row is updated once). Update count: the rows changed. An
     * increment needs no condition, and the rows are locked in code order as in {@link #RESERVE_MANY}.
     */
    public static final String RELEASE_MANY =
            "WITH line AS (SELECT code, sum(quantity) AS quantity FROM unnest(CAST(:codes AS varchar[]),"
                    + " CAST(:quantities AS bigint[])) AS l(code, quantity) GROUP BY code),"
                    + " locked AS MATERIALIZED (SELECT i.code, line.quantity FROM inventory i"
                    + " JOIN line ON line.code = i.code ORDER BY i.code FOR UPDATE OF i)"
                    + " UPDATE inventory i SET quantity = i.quantity + locked.quantity, updated_at = now()"
                    + " FROM locked WHERE i.code = locked.code";

    /**
     * Params: codes, quantities (arrays of equal length). The data generator's load and the lab's reset of stock
     * (spec D-9): sets many rows at once. Not run by a service.
     */
    public static final String LOAD_STOCK =
            "INSERT INTO inventory (code, quantity)"
                    + " SELECT * FROM unnest(CAST(:codes AS varchar[]), CAST(:quantities AS bigint[]))"
                    + " ON CONFLICT (code) DO UPDATE SET quantity = EXCLUDED.quantity, updated_at = now()";

    // ---- OrderService, MariaDB eshop_order

    /**
     * Params: rows, a {@code List<Object[]>} of {orderNumber, productCode, quantity}, one per reserved line.
     * {@code POST /orders/batch}: all of a batch's reserved lines in one statement (none when every line was
     * rejected: then the statement is not run). Columns: id, order_number, one row per line (MariaDB 10.5+'s
     * {@code RETURNING}, read the same way by JDBC and R2DBC; matched to lines by order number, not position). A
     * number that exists fails the whole statement (UNIQUE).
     */
    public static final String INSERT_ORDERS =
            "INSERT INTO orders (order_number, product_code, quantity) VALUES :rows RETURNING id, order_number";

    /** Params: id. {@code GET /orders/{id}}: columns id, order_number, product_code, quantity; no row is 404. */
    public static final String ORDER_BY_ID =
            "SELECT id, order_number, product_code, quantity FROM orders WHERE id = :id";

    /** Every statement by name, ProductService's, InventoryService's, then OrderService's: for checks over all. */
    public static final Map<String, String> ALL = all();

    private EshopSql() {
    }

    private static Map<String, String> all() {
        Map<String, String> all = new LinkedHashMap<>();
        all.put("INSERT_PRODUCT", INSERT_PRODUCT);
        all.put("PRODUCT_BY_ID", PRODUCT_BY_ID);
        all.put("PRODUCT_CODE_BY_ID", PRODUCT_CODE_BY_ID);
        all.put("EXPORT_PRODUCTS", EXPORT_PRODUCTS);
        all.put("IMPORT_PRODUCTS", IMPORT_PRODUCTS);
        all.put("DELETE_PRODUCTS_AFTER", DELETE_PRODUCTS_AFTER);
        all.put("UPSERT_STOCK", UPSERT_STOCK);
        all.put("STOCK_BY_CODE", STOCK_BY_CODE);
        all.put("RESERVE_ONE", RESERVE_ONE);
        all.put("RESERVE_MANY", RESERVE_MANY);
        all.put("RELEASE_MANY", RELEASE_MANY);
        all.put("LOAD_STOCK", LOAD_STOCK);
        all.put("INSERT_ORDERS", INSERT_ORDERS);
        all.put("ORDER_BY_ID", ORDER_BY_ID);
        return Collections.unmodifiableMap(all);
    }
}
