package io.paradigmlab.itstore.jdbc;

import io.paradigmlab.itstore.domain.Product;
import io.paradigmlab.itstore.schema.ItStoreSchema;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The IT store's tests' database: an embedded PostgreSQL with {@code pg_stat_statements} preloaded (as the lab's
 * {@code Infrastructure}), the real migration, and a small hand-made data set whose answers are worked out in the
 * tests (the one of {@code ItStoreSqlTest}), plus {@link #PRODUCTS} products in all so that {@code first_N_products}
 * spans several fetches of 1,000 rows. Shared with itstore-r2dbc's tests (this module's test jar).
 *
 * <p>Statements are counted with {@code pg_stat_statements} ({@link #statementsDuring}): the server's own count of
 * executions, whatever the driver, the same source as the lab's equal-work check; transaction control, session
 * statements, validation queries and catalog look-ups are left out, as the lab's {@code StatementStatistics} does.
 */
public final class ItStoreTestDatabase implements AutoCloseable {

    /** Rows of {@code products}: ids 0 to 4,499, so N = 4,500 is the whole table, in five fetches. */
    public static final int PRODUCTS = 4_500;

    public static final Product LAPTOP_A = new Product(0, "Laptop A", 2, "in stock", "laptops", "14 inch, 16 GB");
    public static final Product PHONE_B = new Product(1, "Phone B", 2, "out of stock", "phones", "dual SIM");
    public static final Product PHONE_C = new Product(2, "Phone C", 5, "in stock", "phones", null);
    public static final Product CABLE_D = new Product(3, "Cable D", 5, "on order", "accessories", "USB-C, 1 m");

    private static final List<String> FIXTURE = List.of(
            "insert into customer_employee_supplier values"
                    + " (0, 'IT Store SRL', '1234567', 'm', 'Str. Lunga 1, Cluj', 'RO49AAAA1B31007593840000', null),"
                    + " (1, 'Ana Pop', null, 'e', null, 'RO09BCYP0000001234567890', '2850101123456'),"
                    + " (2, 'Tech Supply SA', '7654321', 's', 'Bd. Unirii 5, Bucuresti', 'RO66BACX0000001234567890', null),"
                    + " (4, 'Dan Ionescu', null, 'c', 'Str. Mica 2, Iasi', 'RO02RZBR0000060012345678', '1900202123456'),"
                    + " (3, 'Ioana Radu', null, 'c', null, 'RO56INGB0000999901234567', '2910303123456'),"
                    + " (5, 'Parts Import SRL', '1112223', 's', null, 'RO13TREZ0000001234567890', null)",
            "insert into products values"
                    + " (2, 'Phone C', 5, 'in stock', 'phones', null),"
                    + " (0, 'Laptop A', 2, 'in stock', 'laptops', '14 inch, 16 GB'),"
                    + " (3, 'Cable D', 5, 'on order', 'accessories', 'USB-C, 1 m'),"
                    + " (1, 'Phone B', 2, 'out of stock', 'phones', 'dual SIM')",
            // the bulk, inserted in descending id order so that only ORDER BY puts first_N right
            "insert into products select g, 'Product ' || g, case when g % 2 = 0 then 2 else 5 end, 'in stock',"
                    + " 'category ' || (g % 10), case when g % 7 = 0 then null else 'info about product ' || g end"
                    + " from generate_series(" + (PRODUCTS - 1) + ", 4, -1) g",
            "insert into characteristic values (0, 2, 'Weight', '1.4 kg'), (0, 1, 'Color', 'silver'),"
                    + " (1, 1, 'Screen', '6.1 inch')",
            "insert into invoice values"
                    + " (1, date '2022-10-05', 0, 'c', 1190.00, 226.10, 1, 4),"
                    + " (2, date '2022-10-20', 0, 'c', 300.00, 57.00, 1, 3),"
                    + " (3, date '2022-09-01', 2, 's', 800.00, 152.00, 1, 0),"
                    + " (4, date '2021-01-15', 0, 'c', 2000.00, 380.00, 1, 3),"
                    + " (5, date '2021-01-20', 5, 's', 150.50, 28.60, 1, 0),"
                    + " (6, date '2022-09-10', 0, 'c', 1500.00, 285.00, 1, 4)",
            "insert into item values"
                    + " (1, date '2022-10-05', 1, 0, 'pcs', 2, 500.00),"
                    + " (1, date '2022-10-05', 2, 1, 'pcs', 1, 100.00),"
                    + " (2, date '2022-10-20', 1, 1, 'pcs', 3, 100.00),"
                    + " (3, date '2022-09-01', 1, 0, 'pcs', 2, 400.00),"
                    + " (3, date '2022-09-01', 2, 1, 'pcs', 4, 60.00),"
                    + " (4, date '2021-01-15', 1, 2, 'pcs', 1, 250.00),"
                    + " (5, date '2021-01-20', 1, 2, 'pcs', 1, 150.50),"
                    + " (6, date '2022-09-10', 1, 0, 'pcs', 1, 520.00)",
            "analyze");

    private static final Pattern SESSION = Pattern.compile(
            "^(BEGIN|START TRANSACTION|COMMIT|END|ROLLBACK|ABORT|SAVEPOINT|RELEASE|SET|RESET|SHOW|DISCARD|DEALLOCATE)\\b.*",
            Pattern.DOTALL);

    private final EmbeddedPostgres postgres;

    private ItStoreTestDatabase(EmbeddedPostgres postgres) {
        this.postgres = postgres;
    }

    /** Starts the server, migrates {@value ItStoreSchema#DATABASE} and loads the data. */
    public static ItStoreTestDatabase start() throws IOException, SQLException {
        EmbeddedPostgres pg = EmbeddedPostgres.builder()
                .setServerConfig("shared_preload_libraries", "pg_stat_statements")
                .setServerConfig("pg_stat_statements.track", "all")
                .start();
        try (Connection c = pg.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + ItStoreSchema.DATABASE);
        }
        ItStoreTestDatabase db = new ItStoreTestDatabase(pg);
        ItStoreSchema.migrate(db.jdbcUrl(), user(), password());
        try (Connection c = db.connect(); Statement s = c.createStatement()) {
            s.execute("CREATE EXTENSION pg_stat_statements");
            for (String sql : FIXTURE) {
                s.execute(sql);
            }
        }
        return db;
    }

    public String jdbcUrl() {
        return postgres.getJdbcUrl(user(), ItStoreSchema.DATABASE);
    }

    public int port() {
        return postgres.getPort();
    }

    public static String user() {
        return "postgres";
    }

    public static String password() {
        return "postgres";
    }

    /** A connection of the test's own, outside any pool. */
    public Connection connect() throws SQLException {
        return DriverManager.getConnection(jdbcUrl(), user(), password());
    }

    /**
     * The SQL statements the database executed while {@code action} ran, by normalized text ({@code $n} for
     * parameters), with their number of executions. Waits until the counts have settled: a reactive driver may
     * complete its publisher before the server has recorded the statement.
     */
    public Map<String, Long> statementsDuring(Runnable action) {
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("SELECT pg_stat_statements_reset()");
            action.run();
            Map<String, Long> previous = Map.of();
            for (int i = 0; i < 40; i++) {
                Thread.sleep(25);
                Map<String, Long> now = read(s);
                if (!now.isEmpty() && now.equals(previous)) {
                    return now;
                }
                previous = now;
            }
            return previous;
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, Long> read(Statement s) throws SQLException {
        Map<String, Long> out = new TreeMap<>();
        try (ResultSet rs = s.executeQuery("SELECT s.query, s.calls FROM pg_stat_statements s"
                + " JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = '" + ItStoreSchema.DATABASE + "'")) {
            while (rs.next()) {
                String query = rs.getString(1).replaceAll("\\s+", " ").trim();
                String upper = query.toUpperCase(Locale.ROOT);
                boolean ignored = upper.isEmpty() || SESSION.matcher(upper).matches()
                        || upper.matches("^SELECT (\\$1|1)$") || upper.contains("PG_CATALOG.")
                        || upper.contains("PG_TYPE") || upper.contains("PG_STAT_STATEMENTS");
                if (!ignored && rs.getLong(2) > 0) {
                    out.merge(query, rs.getLong(2), Long::sum);
                }
            }
        }
        return out;
    }

    @Override
    public void close() throws IOException {
        postgres.close();
    }
}
