package io.paradigmlab.itstore.jdbc;

import static io.paradigmlab.itstore.jdbc.ItStoreTestDatabase.CABLE_D;
import static io.paradigmlab.itstore.jdbc.ItStoreTestDatabase.LAPTOP_A;
import static io.paradigmlab.itstore.jdbc.ItStoreTestDatabase.PHONE_B;
import static io.paradigmlab.itstore.jdbc.ItStoreTestDatabase.PHONE_C;
import static io.paradigmlab.itstore.jdbc.ItStoreTestDatabase.PRODUCTS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
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
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.itstore.domain.request.ItemsPeriod;
import java.math.BigDecimal;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link JdbcStore} on a real PostgreSQL: the answers, first N in both shapes, streaming, one statement, the 503. */
class JdbcStoreTest {

    private static ItStoreTestDatabase db;
    private static HikariDataSource pool;
    private static JdbcStore store;

    @BeforeAll
    static void start() throws Exception {
        db = ItStoreTestDatabase.start();
        pool = new JdbcSettings(4, Duration.ofSeconds(2), 1_000).dataSource(db.jdbcUrl(), "postgres", "postgres");
        store = new JdbcStore(pool, JdbcSettings.DEFAULTS);
    }

    @AfterAll
    static void stop() throws Exception {
        if (pool != null) {
            pool.close();
        }
        if (db != null) {
            db.close();
        }
    }

    // ---- the answers, worked out by hand from the fixture (as ItStoreSqlTest's)

    @Test
    void cesByTypeIsOrderedById() {
        assertThat(store.cesByType("c")).containsExactly(
                new Ces(3, "Ioana Radu", null, "c", null, "RO56INGB0000999901234567", "2910303123456"),
                new Ces(4, "Dan Ionescu", null, "c", "Str. Mica 2, Iasi", "RO02RZBR0000060012345678", "1900202123456"));
        assertThat(store.cesByType("s")).extracting(Ces::idCes).containsExactly(2, 5);
        assertThat(store.cesByType("x")).isEmpty();
    }

    @Test
    void characteristicsOfAProductOrNone() {
        assertThat(store.characteristicsForProduct(0)).containsExactlyInAnyOrder(
                new Characteristic(0, 1, "Color", "silver"), new Characteristic(0, 2, "Weight", "1.4 kg"));
        assertThat(store.characteristicsForProduct(999)).isEmpty();
    }

    @Test
    void theAggregates() {
        assertThat(store.maxInvoice()).isEqualTo(new MaxInvoice(new BigDecimal("2000.00")));
        assertThat(store.itemsBetweenDates(ItemsPeriod.DEFAULT)).containsExactlyInAnyOrder(
                new ItemQuantity("Laptop A", 2), new ItemQuantity("Phone B", 4));
        assertThat(store.itemsBetweenDates(new ItemsPeriod(2023, 10))).isEmpty();
        assertThat(store.salesCost()).containsExactly(
                new SalesCost(2021, 1, new BigDecimal("2000.00"), new BigDecimal("150.50")),
                new SalesCost(2022, 9, new BigDecimal("1500.00"), new BigDecimal("800.00")));
        assertThat(store.monthWithGreatestSale()).containsExactly(new MonthSales(2021, 1, new BigDecimal("2000.00")));
        assertThat(store.profitOnEachProduct()).containsExactly(
                new ProductProfit("Laptop A", new BigDecimal("720.00")),
                new ProductProfit("Phone B", new BigDecimal("160.00")),
                new ProductProfit("Phone C", new BigDecimal("99.50")));
        assertThat(store.productMaxProfit()).containsExactlyInAnyOrder(
                new CategoryProductProfit("laptops", "Laptop A", new BigDecimal("720.00")),
                new CategoryProductProfit("phones", "Phone B", new BigDecimal("160.00")));
        assertThat(store.categoryProfit()).containsExactly(
                new CategoryProfit("laptops", new BigDecimal("720.00")),
                new CategoryProfit("phones", new BigDecimal("259.50")));
    }

    @Test
    void aProductByIdOrEmpty() {
        assertThat(store.productById(2)).contains(PHONE_C);
        assertThat(store.productById(PRODUCTS - 1)).hasValueSatisfying(p -> assertThat(p.idProd()).isEqualTo(4_499));
        assertThat(store.productById(PRODUCTS)).isEmpty();
    }

    // ---- first N: exactly N rows in id order, in every shape

    @Test
    void firstNIsExactlyNRowsInIdOrderInEveryShape() {
        for (int n : new int[] {0, 1, 1_000, PRODUCTS, PRODUCTS + 1_000}) {
            int expected = Math.min(n, PRODUCTS);
            List<Product> listed = store.firstNProducts(n);
            List<Product> consumed = new ArrayList<>();
            store.firstNProducts(n, consumed::add);
            List<Product> streamed;
            try (Stream<Product> rows = store.streamFirstNProducts(n)) {
                streamed = rows.toList();
            }
            assertThat(listed).as("N=%d", n).extracting(Product::idProd)
                    .containsExactlyElementsOf(IntStream.range(0, expected).boxed().toList());
            assertThat(consumed).as("N=%d consumed", n).containsExactlyElementsOf(listed);
            assertThat(streamed).as("N=%d streamed", n).containsExactlyElementsOf(listed);
        }
        assertThat(store.firstNProducts(4)).containsExactly(LAPTOP_A, PHONE_B, PHONE_C, CABLE_D);
        assertThat(store.firstNProducts(PRODUCTS)).filteredOn(p -> p.idProd() == 7).singleElement()
                .satisfies(p -> assertThat(p.addInfo()).isNull());
    }

    /**
     * Streaming, seen on the wire (no timing): the driver's socket is counted. When the first row reaches the
     * consumer, only a fraction of the bytes of the whole answer has been read from the server, and the query took one
     * round trip per fetch of 1,000 rows; the materialized list reads everything in one.
     */
    @Test
    void theStreamReadsTheTableInFetchesOfAThousandRows() throws Exception {
        Properties counting = new Properties();
        counting.setProperty("socketFactory", CountingSocketFactory.class.getName());
        try (HikariDataSource counted = new JdbcSettings(1, Duration.ofSeconds(2), 1_000)
                .dataSource(db.jdbcUrl(), "postgres", "postgres", counting)) {
            JdbcStore countedStore = new JdbcStore(counted, 1_000);
            countedStore.maxInvoice();

            CountingSocketFactory.BYTES_READ.set(0);
            CountingSocketFactory.FLUSHES.set(0);
            AtomicLong atFirstRow = new AtomicLong(-1);
            AtomicLong rows = new AtomicLong();
            countedStore.firstNProducts(PRODUCTS, p -> {
                if (rows.getAndIncrement() == 0) {
                    atFirstRow.set(CountingSocketFactory.BYTES_READ.get());
                }
            });
            long streamedBytes = CountingSocketFactory.BYTES_READ.get();
            long streamedTrips = CountingSocketFactory.FLUSHES.get();

            CountingSocketFactory.BYTES_READ.set(0);
            CountingSocketFactory.FLUSHES.set(0);
            assertThat(countedStore.firstNProducts(PRODUCTS)).hasSize(PRODUCTS);
            long listedBytes = CountingSocketFactory.BYTES_READ.get();
            long listedTrips = CountingSocketFactory.FLUSHES.get();

            assertThat(rows.get()).isEqualTo(PRODUCTS);
            // the first fetch is 1,000 of 4,500 rows: well under half of what the whole answer takes
            assertThat(atFirstRow.get()).isPositive().isLessThan(streamedBytes * 2 / 5);
            assertThat(listedBytes).isGreaterThan(atFirstRow.get() * 3);
            // five fetches (4,500 rows by 1,000), the transaction's end; the list: one execution
            assertThat(streamedTrips).isGreaterThanOrEqualTo(5);
            assertThat(listedTrips).isLessThanOrEqualTo(2);
        }
    }

    @Test
    void aConsumerThatFailsStopsTheQueryAndGivesTheConnectionBack() {
        try (HikariDataSource one = new JdbcSettings(1, Duration.ofMillis(500), 1_000)
                .dataSource(db.jdbcUrl(), "postgres", "postgres")) {
            JdbcStore single = new JdbcStore(one, 1_000);
            AtomicLong seen = new AtomicLong();
            assertThatThrownBy(() -> single.firstNProducts(PRODUCTS, p -> {
                if (seen.incrementAndGet() == 10) {
                    throw new IllegalStateException("client went away");
                }
            })).hasMessage("client went away");
            try (Stream<Product> rows = single.streamFirstNProducts(PRODUCTS)) {
                assertThat(rows.limit(3)).hasSize(3);
            }
            // the one connection is back, in autocommit mode with no transaction open
            assertThat(single.maxInvoice()).isEqualTo(new MaxInvoice(new BigDecimal("2000.00")));
            assertThat(single.firstNProducts(2)).containsExactly(LAPTOP_A, PHONE_B);
        }
    }

    // ---- equal work: one statement per call

    @Test
    void everyCallRunsExactlyOneStatement() {
        Map<String, Runnable> calls = new LinkedHashMap<>();
        calls.put("ces_by_type", () -> store.cesByType("c"));
        calls.put("characteristics_for_product", () -> store.characteristicsForProduct(0));
        calls.put("max_invoice", store::maxInvoice);
        calls.put("items_between_dates", () -> store.itemsBetweenDates(ItemsPeriod.DEFAULT));
        calls.put("sales_cost", store::salesCost);
        calls.put("month_with_greatest_sale", store::monthWithGreatestSale);
        calls.put("profit_on_each_product", store::profitOnEachProduct);
        calls.put("product_max_profit", store::productMaxProfit);
        calls.put("category_profit", store::categoryProfit);
        calls.put("first_N_products (list)", () -> store.firstNProducts(PRODUCTS));
        calls.put("first_N_products (consumer)", () -> store.firstNProducts(PRODUCTS, p -> { }));
        calls.put("first_N_products (stream)", () -> {
            try (Stream<Product> rows = store.streamFirstNProducts(PRODUCTS)) {
                rows.forEach(p -> { });
            }
        });
        calls.put("products/{id}", () -> store.productById(2));
        calls.put("products/{id} (none)", () -> store.productById(PRODUCTS));
        calls.forEach((name, call) -> assertThat(db.statementsDuring(call)).as(name).hasSize(1)
                .allSatisfy((sql, count) -> assertThat(count).as(name + ": " + sql).isEqualTo(1)));
    }

    // ---- the pool

    @Test
    void noConnectionWithinTheAcquireTimeoutIsTheDomains503() throws Exception {
        try (HikariDataSource one = new JdbcSettings(1, Duration.ofMillis(300), 1_000)
                .dataSource(db.jdbcUrl(), "postgres", "postgres")) {
            JdbcStore single = new JdbcStore(one, 1_000);
            try (Connection held = one.getConnection()) {
                assertThat(held.isValid(1)).isTrue();
                assertThatThrownBy(single::maxInvoice).isInstanceOfSatisfying(ApiException.Unavailable.class, e -> {
                    assertThat(e.status()).isEqualTo(503);
                    assertThat(e.errors()).containsExactly(ApiException.Unavailable.DATABASE);
                });
                assertThatThrownBy(() -> single.firstNProducts(5, p -> { }))
                        .isInstanceOf(ApiException.Unavailable.class);
                assertThatThrownBy(() -> single.streamFirstNProducts(5)).isInstanceOf(ApiException.Unavailable.class);
                assertThatThrownBy(() -> single.productById(1)).isInstanceOf(ApiException.Unavailable.class);
            }
            assertThat(single.productById(1)).contains(PHONE_B);
        }
    }

    @Test
    void theSettingsAreTheMeasuredOnes() {
        assertThat(JdbcSettings.DEFAULTS).isEqualTo(new JdbcSettings(100, Duration.ofSeconds(2), 1_000));
        try (HikariDataSource ds = new JdbcSettings(3, Duration.ofMillis(700), 10)
                .dataSource(db.jdbcUrl(), "postgres", "postgres")) {
            assertThat(ds.getMaximumPoolSize()).isEqualTo(3);
            assertThat(ds.getMinimumIdle()).isEqualTo(3);
            assertThat(ds.getConnectionTimeout()).isEqualTo(700);
            assertThat(ds.isAutoCommit()).isTrue();
        }
        assertThatThrownBy(() -> new JdbcSettings(0, Duration.ofSeconds(1), 1))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
