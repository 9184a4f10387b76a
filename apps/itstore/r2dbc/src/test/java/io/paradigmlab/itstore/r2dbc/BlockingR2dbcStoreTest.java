package io.paradigmlab.itstore.r2dbc;

import static io.paradigmlab.itstore.jdbc.ItStoreTestDatabase.PRODUCTS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.zaxxer.hikari.HikariDataSource;
import io.paradigmlab.itstore.domain.Product;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.itstore.domain.request.ItemsPeriod;
import io.paradigmlab.itstore.jdbc.ItStoreTestDatabase;
import io.paradigmlab.itstore.jdbc.JdbcSettings;
import io.paradigmlab.itstore.jdbc.JdbcStore;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.blockhound.BlockingOperationError;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.netty.resources.LoopResources;

/**
 * {@link BlockingR2dbcStore}, the MVC view of the R2DBC store, bridged and faithful, called from the test's thread as
 * a Tomcat worker would call it (BlockHound installed: the driver's loops and {@code parallel()} must not block): the
 * JDBC store's answers, first N streamed and materialized, one statement per call, the 503.
 */
class BlockingR2dbcStoreTest {

    private static ItStoreTestDatabase db;
    private static LoopResources loops;
    private static ConnectionPool pool;
    private static R2dbcStore store;
    private static HikariDataSource jdbcPool;
    private static JdbcStore jdbc;

    @BeforeAll
    static void start() throws Exception {
        R2dbcTestSupport.installBlockHound();
        db = ItStoreTestDatabase.start();
        R2dbcSettings settings = new R2dbcSettings(4, Duration.ofSeconds(2), 1_000, 2);
        loops = settings.loopResources();
        pool = R2dbcTestSupport.pool(db, settings, loops);
        store = new R2dbcStore(DatabaseClient.create(pool), settings);
        jdbcPool = new JdbcSettings(2, Duration.ofSeconds(2), 1_000).dataSource(db.jdbcUrl(), "postgres", "postgres");
        jdbc = new JdbcStore(jdbcPool, JdbcSettings.DEFAULTS);
    }

    @AfterAll
    static void stop() throws Exception {
        if (pool != null) {
            pool.disposeLater().block();
        }
        if (loops != null) {
            loops.disposeLater().block();
        }
        if (jdbcPool != null) {
            jdbcPool.close();
        }
        if (db != null) {
            db.close();
        }
    }

    private static List<BlockingR2dbcStore> views(R2dbcStore reactive) {
        return List.of(BlockingR2dbcStore.bridged(reactive, 1_000), BlockingR2dbcStore.faithful(reactive, 1_000));
    }

    private static String name(BlockingR2dbcStore view) {
        return view.isFaithful() ? "faithful" : "bridged";
    }

    /** Every operation of the view, by endpoint, with the JDBC store's answer to the same request. */
    private static Map<String, Case> cases() {
        Map<String, Case> cases = new LinkedHashMap<>();
        cases.put("ces_by_type", new Case(v -> v.cesByType("c"), () -> jdbc.cesByType("c")));
        cases.put("ces_by_type (none)", new Case(v -> v.cesByType("x"), () -> jdbc.cesByType("x")));
        cases.put("characteristics_for_product", new Case(v -> v.characteristicsForProduct(0),
                () -> jdbc.characteristicsForProduct(0)));
        cases.put("max_invoice", new Case(v -> List.of(v.maxInvoice()), () -> List.of(jdbc.maxInvoice())));
        cases.put("items_between_dates", new Case(v -> v.itemsBetweenDates(ItemsPeriod.DEFAULT),
                () -> jdbc.itemsBetweenDates(ItemsPeriod.DEFAULT)));
        cases.put("sales_cost", new Case(BlockingR2dbcStore::salesCost, jdbc::salesCost));
        cases.put("month_with_greatest_sale", new Case(BlockingR2dbcStore::monthWithGreatestSale,
                jdbc::monthWithGreatestSale));
        cases.put("profit_on_each_product", new Case(BlockingR2dbcStore::profitOnEachProduct,
                jdbc::profitOnEachProduct));
        cases.put("product_max_profit", new Case(BlockingR2dbcStore::productMaxProfit, jdbc::productMaxProfit));
        cases.put("category_profit", new Case(BlockingR2dbcStore::categoryProfit, jdbc::categoryProfit));
        cases.put("first_N_products (list)", new Case(v -> v.firstNProducts(PRODUCTS),
                () -> jdbc.firstNProducts(PRODUCTS)));
        cases.put("first_N_products (consumer)", new Case(v -> {
            List<Product> rows = new ArrayList<>();
            v.firstNProducts(PRODUCTS, rows::add);
            return rows;
        }, () -> jdbc.firstNProducts(PRODUCTS)));
        cases.put("first_N_products (stream)", new Case(v -> {
            try (Stream<Product> rows = v.streamFirstNProducts(PRODUCTS)) {
                return rows.toList();
            }
        }, () -> jdbc.firstNProducts(PRODUCTS)));
        cases.put("products/{id}", new Case(v -> v.productById(2).stream().toList(),
                () -> jdbc.productById(2).stream().toList()));
        cases.put("products/{id} (none)", new Case(v -> v.productById(PRODUCTS).stream().toList(), List::of));
        return cases;
    }

    record Case(Function<BlockingR2dbcStore, List<?>> call, Supplier<List<?>> jdbc) {
    }

    @Test
    void blockHoundIsWatching() {
        Throwable slept = catchThrowable(() -> Mono.fromCallable(() -> {
            Thread.sleep(1);
            return 1;
        }).subscribeOn(Schedulers.parallel()).block());
        assertThat(slept).hasCauseInstanceOf(BlockingOperationError.class);
    }

    @Test
    void bothViewsAnswerAsTheJdbcStore() {
        for (BlockingR2dbcStore view : views(store)) {
            cases().forEach((endpoint, c) -> assertThat(new ArrayList<Object>(c.call().apply(view)))
                    .as(name(view) + " " + endpoint).containsExactlyElementsOf(new ArrayList<Object>(c.jdbc().get())));
        }
    }

    @Test
    void firstNIsExactlyNRowsInIdOrderStreamedOrNot() {
        for (BlockingR2dbcStore view : views(store)) {
            for (int n : new int[] {0, 1, 1_000, PRODUCTS}) {
                List<Integer> ids = IntStream.range(0, n).boxed().toList();
                assertThat(view.firstNProducts(n)).as("%s N=%d", name(view), n).extracting(Product::idProd)
                        .containsExactlyElementsOf(ids);
                try (Stream<Product> rows = view.streamFirstNProducts(n)) {
                    assertThat(rows.map(Product::idProd).toList()).as("%s N=%d streamed", name(view), n)
                            .containsExactlyElementsOf(ids);
                }
            }
        }
    }

    /** A stream closed after a few rows (a client gone) cancels the query: the pool's only connection is back. */
    @Test
    void closingAStreamEarlyGivesTheConnectionBack() {
        R2dbcSettings one = new R2dbcSettings(1, Duration.ofSeconds(2), 1_000, 1);
        LoopResources ownLoops = one.loopResources();
        ConnectionPool single = R2dbcTestSupport.pool(db, one, ownLoops);
        try {
            for (BlockingR2dbcStore view : views(new R2dbcStore(DatabaseClient.create(single), 1_000))) {
                try (Stream<Product> rows = view.streamFirstNProducts(PRODUCTS)) {
                    assertThat(rows.limit(3).map(Product::idProd).toList()).containsExactly(0, 1, 2);
                }
                assertThat(view.productById(1)).as(name(view)).contains(ItStoreTestDatabase.PHONE_B);
            }
        } finally {
            single.disposeLater().block();
            ownLoops.disposeLater().block();
        }
    }

    @Test
    void everyCallRunsExactlyOneStatement() {
        for (BlockingR2dbcStore view : views(store)) {
            cases().forEach((endpoint, c) -> assertThat(db.statementsDuring(() -> c.call().apply(view)))
                    .as(name(view) + " " + endpoint).hasSize(1)
                    .allSatisfy((sql, n) -> assertThat(n).isEqualTo(1)));
        }
    }

    @Test
    void noConnectionWithinTheAcquireTimeoutIsTheDomains503() {
        R2dbcSettings one = new R2dbcSettings(1, Duration.ofMillis(300), 1_000, 1);
        LoopResources ownLoops = one.loopResources();
        ConnectionPool single = R2dbcTestSupport.pool(db, one, ownLoops);
        try {
            Connection held = single.create().block();
            for (BlockingR2dbcStore view : views(new R2dbcStore(DatabaseClient.create(single), 1_000))) {
                assertThat(catchThrowable(view::maxInvoice)).as(name(view))
                        .isInstanceOf(ApiException.Unavailable.class);
                assertThat(catchThrowable(() -> view.firstNProducts(3))).isInstanceOf(ApiException.Unavailable.class);
                assertThat(catchThrowable(() -> view.firstNProducts(3, p -> { })))
                        .isInstanceOf(ApiException.Unavailable.class);
            }
            Mono.from(held.close()).block();
        } finally {
            single.disposeLater().block();
            ownLoops.disposeLater().block();
        }
    }
}
