package io.paradigmlab.itstore.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.itstore.domain.CategoryProductProfit;
import io.paradigmlab.itstore.domain.CategoryProfit;
import io.paradigmlab.itstore.domain.Ces;
import io.paradigmlab.itstore.domain.Characteristic;
import io.paradigmlab.itstore.domain.ItemQuantity;
import io.paradigmlab.itstore.domain.MaxInvoice;
import io.paradigmlab.itstore.domain.MonthSales;
import io.paradigmlab.itstore.domain.Product;
import io.paradigmlab.itstore.domain.ProductProfit;
import io.paradigmlab.itstore.domain.SalesCost;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactory;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.r2dbc.core.DatabaseClient;

/**
 * Every statement of {@link ItStoreSql} on a real PostgreSQL after the migration, on a small hand-made data set whose
 * answers are worked out below: the columns each returns are the components of its record, and Spring's
 * {@code JdbcClient} and R2DBC {@code DatabaseClient} both map the rows into the domain's records by name, to equal
 * lists (the variants' two drivers, reading the same text).
 */
class ItStoreSqlTest {

    /** A statement, the parameters an endpoint binds, and the record its rows map to. */
    private record Query(String endpoint, Map<String, Object> params, Class<? extends Record> type) {
    }

    private static EmbeddedPostgres postgres;
    private static DataSource dataSource;
    private static JdbcClient jdbc;
    private static DatabaseClient r2dbc;

    @BeforeAll
    static void start() throws Exception {
        postgres = EmbeddedPostgres.builder().start();
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + ItStoreSchema.DATABASE);
        }
        assertThat(ItStoreSchema.migrate(postgres.getJdbcUrl("postgres", ItStoreSchema.DATABASE), "postgres",
                "postgres")).isEqualTo(1);
        dataSource = postgres.getDatabase("postgres", ItStoreSchema.DATABASE);
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            for (String row : FIXTURE) {
                s.execute(row);
            }
        }
        jdbc = JdbcClient.create(dataSource);
        ConnectionFactory factory = ConnectionFactories.get("r2dbc:postgresql://postgres:postgres@localhost:"
                + postgres.getPort() + "/" + ItStoreSchema.DATABASE);
        r2dbc = DatabaseClient.create(factory);
    }

    @AfterAll
    static void stop() throws Exception {
        if (postgres != null) {
            postgres.close();
        }
    }

    /**
     * The data: the shop (0), an employee (1), suppliers (2, 5), customers (4, 3: inserted out of order so that only
     * ORDER BY puts them right); products inserted out of order too; sales in January 2021, September and October
     * 2022, purchases in January 2021 and September 2022.
     */
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
                    + " (6, date '2022-09-10', 1, 0, 'pcs', 1, 520.00)");

    private static final Product LAPTOP_A = new Product(0, "Laptop A", 2, "in stock", "laptops", "14 inch, 16 GB");
    private static final Product PHONE_B = new Product(1, "Phone B", 2, "out of stock", "phones", "dual SIM");
    private static final Product PHONE_C = new Product(2, "Phone C", 5, "in stock", "phones", null);
    private static final Product CABLE_D = new Product(3, "Cable D", 5, "on order", "accessories", "USB-C, 1 m");

    /** Every statement with the parameters of a request that has rows, and its record. */
    private static final List<Query> QUERIES = List.of(
            new Query("ces_by_type", Map.of("type", "c"), Ces.class),
            new Query("characteristics_for_product", Map.of("productId", 0), Characteristic.class),
            new Query("max_invoice", Map.of(), MaxInvoice.class),
            new Query("items_between_dates", Map.of("year", 2022, "month", 10), ItemQuantity.class),
            new Query("sales_cost", Map.of(), SalesCost.class),
            new Query("month_with_greatest_sale", Map.of(), MonthSales.class),
            new Query("profit_on_each_product", Map.of(), ProductProfit.class),
            new Query("product_max_profit", Map.of(), CategoryProductProfit.class),
            new Query("category_profit", Map.of(), CategoryProfit.class),
            new Query("first_N_products", Map.of("n", 1_000_000), Product.class),
            new Query("products/{id}", Map.of("id", 2), Product.class));

    @Test
    void everyEndpointHasOneStatementAndEachIsTested() {
        assertThat(ItStoreSql.BY_ENDPOINT.keySet()).containsExactlyElementsOf(
                QUERIES.stream().map(Query::endpoint).toList());
    }

    @Test
    void eachStatementNamesExactlyTheParametersItsEndpointBinds() {
        Pattern named = Pattern.compile("(?<![:\\w]):(\\w+)");
        for (Query q : QUERIES) {
            List<String> found = new ArrayList<>();
            Matcher m = named.matcher(ItStoreSql.BY_ENDPOINT.get(q.endpoint()));
            while (m.find()) {
                found.add(m.group(1));
            }
            assertThat(new java.util.TreeSet<>(found)).as(q.endpoint())
                    .containsExactlyInAnyOrderElementsOf(q.params().keySet());
            // one statement, no terminator
            assertThat(ItStoreSql.BY_ENDPOINT.get(q.endpoint())).as(q.endpoint()).doesNotContain(";");
        }
    }

    @Test
    void theColumnsOfEachStatementAreTheComponentsOfItsRecord() throws SQLException {
        for (Query q : QUERIES) {
            List<String> columns = columns(q);
            List<String> components = Arrays.stream(q.type().getRecordComponents()).map(RecordComponent::getName)
                    .map(ItStoreSqlTest::snakeCase).toList();
            assertThat(columns).as(q.endpoint()).doesNotHaveDuplicates()
                    .containsExactlyInAnyOrderElementsOf(components);
        }
    }

    @Test
    void bothDriversMapEveryStatementIntoTheSameRecords() {
        for (Query q : QUERIES) {
            List<Record> viaJdbc = viaJdbc(q);
            List<Record> viaR2dbc = viaR2dbc(q);
            assertThat(viaJdbc).as(q.endpoint()).isNotEmpty();
            assertThat(viaR2dbc).as(q.endpoint()).containsExactlyElementsOf(viaJdbc);
        }
    }

    // ---- the answers, worked out by hand from the fixture

    @Test
    void cesByTypeIsOrderedById() {
        assertThat(list("ces_by_type", Map.of("type", "c"), Ces.class)).containsExactly(
                new Ces(3, "Ioana Radu", null, "c", null, "RO56INGB0000999901234567", "2910303123456"),
                new Ces(4, "Dan Ionescu", null, "c", "Str. Mica 2, Iasi", "RO02RZBR0000060012345678", "1900202123456"));
        assertThat(list("ces_by_type", Map.of("type", "s"), Ces.class)).extracting(Ces::idCes).containsExactly(2, 5);
        assertThat(list("ces_by_type", Map.of("type", "m"), Ces.class)).extracting(Ces::name)
                .containsExactly("IT Store SRL");
        assertThat(list("ces_by_type", Map.of("type", "x"), Ces.class)).isEmpty();
    }

    @Test
    void characteristicsOfAProductOrNone() {
        assertThat(list("characteristics_for_product", Map.of("productId", 0), Characteristic.class))
                .containsExactlyInAnyOrder(new Characteristic(0, 1, "Color", "silver"),
                        new Characteristic(0, 2, "Weight", "1.4 kg"));
        assertThat(list("characteristics_for_product", Map.of("productId", 3), Characteristic.class)).isEmpty();
        assertThat(list("characteristics_for_product", Map.of("productId", 999), Characteristic.class)).isEmpty();
    }

    @Test
    void maxInvoiceIsTheGreatestValue() {
        assertThat(list("max_invoice", Map.of(), MaxInvoice.class))
                .containsExactly(new MaxInvoice(new BigDecimal("2000.00")));
    }

    @Test
    void itemsBetweenDatesSumsTheSalesOfTheMonth() {
        // October 2022: Laptop A 2 (invoice 1), Phone B 1 + 3 (invoices 1 and 2); the purchase of September is not a sale
        assertThat(list("items_between_dates", Map.of("year", 2022, "month", 10), ItemQuantity.class))
                .containsExactlyInAnyOrder(new ItemQuantity("Laptop A", 2), new ItemQuantity("Phone B", 4));
        assertThat(list("items_between_dates", Map.of("year", 2021, "month", 1), ItemQuantity.class))
                .containsExactly(new ItemQuantity("Phone C", 1));
        assertThat(list("items_between_dates", Map.of("year", 2023, "month", 10), ItemQuantity.class)).isEmpty();
    }

    @Test
    void salesCostListsTheMonthsWithBothInOrder() {
        // October 2022 has sales only: the inner join leaves it out
        assertThat(list("sales_cost", Map.of(), SalesCost.class)).containsExactly(
                new SalesCost(2021, 1, new BigDecimal("2000.00"), new BigDecimal("150.50")),
                new SalesCost(2022, 9, new BigDecimal("1500.00"), new BigDecimal("800.00")));
    }

    @Test
    void theMonthWithTheGreatestSaleNamesItsYear() {
        // 2021-01: 2000.00; 2022-09: 1500.00; 2022-10: 1190.00 + 300.00
        assertThat(list("month_with_greatest_sale", Map.of(), MonthSales.class))
                .containsExactly(new MonthSales(2021, 1, new BigDecimal("2000.00")));
    }

    @Test
    void aTieForTheGreatestSaleKeepsBothMonths() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute("insert into invoice values (7, date '2022-10-30', 0, 'c', 510.00, 96.90, 1, 3)");
                List<List<Object>> rows = rows(c, ItStoreSql.MONTH_WITH_GREATEST_SALE, Map.of());
                assertThat(rows.stream().map(r -> r.get(0) + "-" + r.get(1) + " " + r.get(2)).sorted().toList())
                        .containsExactly("2021-1 2000.00", "2022-10 2000.00");
            } finally {
                c.rollback();
            }
        }
    }

    @Test
    void profitIsSalesMinusPurchasesPerProductByName() {
        // Laptop A: 2 x 500.00 + 1 x 520.00 - 2 x 400.00; Phone B: 4 x 100.00 - 4 x 60.00; Phone C: 250.00 - 150.50
        assertThat(list("profit_on_each_product", Map.of(), ProductProfit.class)).containsExactly(
                new ProductProfit("Laptop A", new BigDecimal("720.00")),
                new ProductProfit("Phone B", new BigDecimal("160.00")),
                new ProductProfit("Phone C", new BigDecimal("99.50")));
    }

    @Test
    void productMaxProfitIsTheBestOfEachCategory() {
        assertThat(list("product_max_profit", Map.of(), CategoryProductProfit.class)).containsExactlyInAnyOrder(
                new CategoryProductProfit("laptops", "Laptop A", new BigDecimal("720.00")),
                new CategoryProductProfit("phones", "Phone B", new BigDecimal("160.00")));
    }

    @Test
    void categoryProfitSumsTheCategoryInOrder() {
        assertThat(list("category_profit", Map.of(), CategoryProfit.class)).containsExactly(
                new CategoryProfit("laptops", new BigDecimal("720.00")),
                new CategoryProfit("phones", new BigDecimal("259.50")));
    }

    @Test
    void firstNProductsAreTheIdsBelowNInOrder() {
        assertThat(list("first_N_products", Map.of("n", 0), Product.class)).isEmpty();
        assertThat(list("first_N_products", Map.of("n", 1), Product.class)).containsExactly(LAPTOP_A);
        assertThat(list("first_N_products", Map.of("n", 3), Product.class)).containsExactly(LAPTOP_A, PHONE_B, PHONE_C);
        assertThat(list("first_N_products", Map.of("n", 1_000_000), Product.class))
                .containsExactly(LAPTOP_A, PHONE_B, PHONE_C, CABLE_D);
    }

    @Test
    void aProductByIdOrNone() {
        assertThat(list("products/{id}", Map.of("id", 2), Product.class)).containsExactly(PHONE_C);
        assertThat(list("products/{id}", Map.of("id", 4), Product.class)).isEmpty();
    }

    // ---- the schema

    @Test
    void theSchemaIsTheOriginalsWithoutSecondaryIndexes() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            assertThat(strings(c, "select tablename from pg_tables where schemaname = 'public'"
                    + " and tablename <> 'flyway_schema_history' order by 1"))
                    .containsExactlyInAnyOrderElementsOf(ItStoreSchema.TABLES);
            // only the primary keys' own indexes
            assertThat(strings(c, "select indexname from pg_indexes where schemaname = 'public'"
                    + " and tablename <> 'flyway_schema_history' order by 1")).containsExactly(
                    "characteristic_pkey", "customer_employee_supplier_pkey", "invoice_pkey", "item_pkey",
                    "products_pkey");
            assertThat(strings(c, "select conname || ' ' || pg_get_constraintdef(oid) from pg_constraint"
                    + " where contype = 'f' and connamespace = 'public'::regnamespace order by 1")).containsExactly(
                    "fk_ces_in_buyer FOREIGN KEY (id_buyer) REFERENCES customer_employee_supplier(id_ces)",
                    "fk_ces_in_employee FOREIGN KEY (id_employee) REFERENCES customer_employee_supplier(id_ces)",
                    "fk_ces_in_vendor FOREIGN KEY (id_vendor) REFERENCES customer_employee_supplier(id_ces)",
                    "fk_ces_p FOREIGN KEY (id_supplier) REFERENCES customer_employee_supplier(id_ces)",
                    "fk_in_it FOREIGN KEY (invoice_date, invoice_nr) REFERENCES invoice(invoice_date, nr)",
                    "fk_p_c FOREIGN KEY (id_prod) REFERENCES products(id_prod)",
                    "fk_p_it FOREIGN KEY (id_prod) REFERENCES products(id_prod)");
            assertThat(strings(c, "select conrelid::regclass || ' ' || pg_get_constraintdef(oid) from pg_constraint"
                    + " where contype = 'p' and connamespace = 'public'::regnamespace"
                    + " and conrelid::regclass::text <> 'flyway_schema_history' order by 1"))
                    .containsExactly(
                            "characteristic PRIMARY KEY (id_prod, id_characteristic)",
                            "customer_employee_supplier PRIMARY KEY (id_ces)",
                            "invoice PRIMARY KEY (invoice_date, nr)",
                            "item PRIMARY KEY (invoice_nr, invoice_date, id_item)",
                            "products PRIMARY KEY (id_prod)");
            // the nullable columns of A.2; every other column is NOT NULL
            assertThat(strings(c, "select table_name || '.' || column_name from information_schema.columns"
                    + " where table_schema = 'public' and is_nullable = 'YES' and table_name <> 'flyway_schema_history'"
                    + " order by 1")).containsExactly("customer_employee_supplier.address",
                    "customer_employee_supplier.ein", "customer_employee_supplier.ssn", "products.add_info");
            assertThat(strings(c, "select table_name || '.' || column_name || ' ' || data_type"
                    + " || coalesce('(' || character_maximum_length || ')', '')"
                    + " || coalesce('(' || numeric_precision || ',' || numeric_scale || ')', '')"
                    + " from information_schema.columns where table_schema = 'public'"
                    + " and table_name in ('invoice', 'item') and data_type in ('numeric', 'character')"
                    + " order by 1")).containsExactly("invoice.type character(1)", "invoice.value numeric(9,2)",
                    "invoice.vat numeric(9,2)", "item.unit_price numeric(7,2)");
        }
    }

    @Test
    void theMigrationRunsOnce() {
        assertThat(ItStoreSchema.migrate(postgres.getJdbcUrl("postgres", ItStoreSchema.DATABASE), "postgres",
                "postgres")).isZero();
    }

    @Test
    void theKeysRejectDuplicatesAndDanglingReferences() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                assertThatThrownBy(() -> s.execute("insert into products values (9, 'X', 99, 'in stock', 'x', null)"))
                        .isInstanceOf(SQLException.class).hasMessageContaining("fk_ces_p");
            } finally {
                c.rollback();
            }
            try (Statement s = c.createStatement()) {
                assertThatThrownBy(() -> s.execute("insert into item values (1, date '2022-10-06', 9, 0, 'pcs', 1, 1)"))
                        .isInstanceOf(SQLException.class).hasMessageContaining("fk_in_it");
            } finally {
                c.rollback();
            }
        }
    }

    // ---- helpers

    private static <T extends Record> List<T> list(String endpoint, Map<String, Object> params, Class<T> type) {
        Query q = new Query(endpoint, params, type);
        List<Record> viaJdbc = viaJdbc(q);
        assertThat(viaR2dbc(q)).as(endpoint + " through R2DBC").containsExactlyElementsOf(viaJdbc);
        return viaJdbc.stream().map(type::cast).toList();
    }

    private static List<Record> viaJdbc(Query q) {
        return List.copyOf(jdbc.sql(ItStoreSql.BY_ENDPOINT.get(q.endpoint())).params(q.params()).query(q.type())
                .list());
    }

    private static List<Record> viaR2dbc(Query q) {
        DatabaseClient.GenericExecuteSpec spec = r2dbc.sql(ItStoreSql.BY_ENDPOINT.get(q.endpoint()));
        for (var param : q.params().entrySet()) {
            spec = spec.bind(param.getKey(), param.getValue());
        }
        return List.copyOf(spec.mapProperties(q.type()).all().collectList().block());
    }

    /** The column labels of the statement's result, read through JDBC with its parameters bound by name. */
    private static List<String> columns(Query q) throws SQLException {
        Map<String, Object> params = q.params();
        List<Object> values = new ArrayList<>();
        String sql = positional(ItStoreSql.BY_ENDPOINT.get(q.endpoint()), params, values);
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < values.size(); i++) {
                s.setObject(i + 1, values.get(i));
            }
            try (ResultSet rs = s.executeQuery()) {
                ResultSetMetaData md = rs.getMetaData();
                List<String> labels = new ArrayList<>();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    labels.add(md.getColumnLabel(i));
                }
                return labels;
            }
        }
    }

    private static List<List<Object>> rows(Connection c, String namedSql, Map<String, Object> params)
            throws SQLException {
        List<Object> values = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(positional(namedSql, params, values))) {
            for (int i = 0; i < values.size(); i++) {
                s.setObject(i + 1, values.get(i));
            }
            List<List<Object>> rows = new ArrayList<>();
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                        row.add(rs.getObject(i));
                    }
                    rows.add(row);
                }
            }
            return rows;
        }
    }

    private static String positional(String namedSql, Map<String, Object> params, List<Object> values) {
        Matcher m = Pattern.compile("(?<![:\\w]):(\\w+)").matcher(namedSql);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            values.add(params.get(m.group(1)));
            m.appendReplacement(out, "?");
        }
        m.appendTail(out);
        return out.toString();
    }

    private static List<String> strings(Connection c, String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                values.add(rs.getString(1));
            }
        }
        return values;
    }

    private static String snakeCase(String camel) {
        return camel.chars().mapToObj(ch -> Character.isUpperCase(ch)
                ? "_" + Character.toLowerCase((char) ch) : String.valueOf((char) ch)).collect(Collectors.joining());
    }
}
