package io.paradigmlab.itstore.r2dbc;

import static io.paradigmlab.itstore.jdbc.ItStoreTestDatabase.PRODUCTS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.zaxxer.hikari.HikariDataSource;
import io.paradigmlab.itstore.domain.MaxInvoice;
import io.paradigmlab.itstore.domain.Product;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.itstore.domain.request.ItemsPeriod;
import io.paradigmlab.itstore.jdbc.ItStoreTestDatabase;
import io.paradigmlab.itstore.jdbc.JdbcSettings;
import io.paradigmlab.itstore.jdbc.JdbcStore;
import io.paradigmlab.itstore.schema.ItStoreSql;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.spi.Connection;
import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.netty.resources.LoopResources;

/**
 * {@link R2dbcStore} on a real PostgreSQL, under BlockHound (every call subscribed from a non-blocking thread, the
 * driver on its own event loops): the JDBC store's answers side by side, first N exactly and streamed, one statement
 * per call, the pool's acquire timeout as the domain's 503.
 */
class R2dbcStoreTest {

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
        loops = new R2dbcSettings(4, Duration.ofSeconds(2), 1_000, 2).loopResources();
        pool = R2dbcTestSupport.pool(db, new R2dbcSettings(4, Duration.ofSeconds(2), 1_000, 2), loops);
        store = new R2dbcStore(DatabaseClient.create(pool), R2dbcSettings.DEFAULTS);
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

    /** Every operation, by endpoint: the reactive call and the blocking store's answer to the same request. */
    private static Map<String, Case> cases() {
        Map<String, Case> cases = new LinkedHashMap<>();
        for (String type : List.of("c", "e", "s", "m", "x")) {
            cases.put("ces_by_type " + type, new Case(s -> s.cesByType(type), () -> jdbc.cesByType(type)));
        }
        for (int id : new int[] {0, 1, 3, 999}) {
            cases.put("characteristics_for_product " + id, new Case(s -> s.characteristicsForProduct(id),
                    () -> jdbc.characteristicsForProduct(id)));
        }
        cases.put("max_invoice", new Case(R2dbcStore::maxInvoice, () -> List.of(jdbc.maxInvoice())));
        for (ItemsPeriod period : List.of(ItemsPeriod.DEFAULT, new ItemsPeriod(2021, 1), new ItemsPeriod(2023, 10))) {
            cases.put("items_between_dates " + period, new Case(s -> s.itemsBetweenDates(period),
                    () -> jdbc.itemsBetweenDates(period)));
        }
        cases.put("sales_cost", new Case(R2dbcStore::salesCost, jdbc::salesCost));
        cases.put("month_with_greatest_sale", new Case(R2dbcStore::monthWithGreatestSale, jdbc::monthWithGreatestSale));
        cases.put("profit_on_each_product", new Case(R2dbcStore::profitOnEachProduct, jdbc::profitOnEachProduct));
        cases.put("product_max_profit", new Case(R2dbcStore::productMaxProfit, jdbc::productMaxProfit));
        cases.put("category_profit", new Case(R2dbcStore::categoryProfit, jdbc::categoryProfit));
        for (int n : new int[] {0, 1, 1_000, PRODUCTS, PRODUCTS + 1_000}) {
            cases.put("first_N_products " + n, new Case(s -> s.firstNProducts(n), () -> jdbc.firstNProducts(n)));
        }
        for (int id : new int[] {0, 2, PRODUCTS - 1, PRODUCTS}) {
            cases.put("products/" + id, new Case(s -> s.productById(id), () -> jdbc.productById(id).stream().toList()));
        }
        return cases;
    }

    record Case(Function<R2dbcStore, Publisher<?>> reactive, Supplier<List<?>> blocking) {
    }

    /** Subscribes from a thread of {@code parallel()}, non-blocking as an event loop is: BlockHound watches it. */
    static List<Object> fromNonBlockingThread(Publisher<?> publisher) {
        return Flux.from(publisher).map(Object.class::cast).subscribeOn(Schedulers.parallel()).collectList()
                .block(Duration.ofSeconds(30));
    }

    @Test
    void everyOperationAnswersAsTheJdbcStoreDoes() {
        cases().forEach((name, c) -> {
            List<?> expected = c.blocking().get();
            assertThat(fromNonBlockingThread(c.reactive().apply(store))).as(name).containsExactlyElementsOf(expected);
        });
        // and the answers are the fixture's, not merely equal
        assertThat(fromNonBlockingThread(store.maxInvoice())).containsExactly(new MaxInvoice(new BigDecimal("2000.00")));
        assertThat(fromNonBlockingThread(store.productById(2))).containsExactly(ItStoreTestDatabase.PHONE_C);
    }

    @Test
    void firstNIsExactlyNRowsInIdOrder() {
        for (int n : new int[] {0, 1, 1_000, PRODUCTS, PRODUCTS + 1_000}) {
            assertThat(fromNonBlockingThread(store.firstNProducts(n))).as("N=%d", n)
                    .extracting(p -> ((Product) p).idProd())
                    .containsExactlyElementsOf(IntStream.range(0, Math.min(n, PRODUCTS)).boxed().toList());
        }
    }

    /**
     * Streaming, seen from the server (no timing): with one row delivered and no more demand, the statement is still
     * running on its backend (state {@code active}: the portal is suspended after a fetch, awaiting the next Execute),
     * so the rest of the table has not been sent; a cancel then ends it and gives the only connection back.
     */
    @Test
    void theFluxStreamsUnderDemandAndACancelGivesTheConnectionBack() throws Exception {
        R2dbcSettings one = new R2dbcSettings(1, Duration.ofSeconds(2), 1_000, 1);
        LoopResources ownLoops = one.loopResources();
        ConnectionPool single = R2dbcTestSupport.pool(db, one, ownLoops);
        try {
            R2dbcStore singleStore = new R2dbcStore(DatabaseClient.create(single), 1_000);
            OneRow first = new OneRow();
            singleStore.firstNProducts(PRODUCTS).subscribeOn(Schedulers.parallel()).subscribe(first);
            assertThat(first.row.get(10, java.util.concurrent.TimeUnit.SECONDS).idProd()).isZero();
            assertThat(backendStates()).containsExactly("active");

            Mono.fromRunnable(first::cancel).subscribeOn(Schedulers.parallel()).block(Duration.ofSeconds(5));
            assertThat(fromNonBlockingThread(singleStore.firstNProducts(2)))
                    .containsExactly(ItStoreTestDatabase.LAPTOP_A, ItStoreTestDatabase.PHONE_B);
            assertThat(first.error).isNull();
        } finally {
            single.disposeLater().block();
            ownLoops.disposeLater().block();
        }
    }

    @Test
    void everyCallRunsExactlyOneStatement() {
        cases().forEach((name, c) -> assertThat(db.statementsDuring(() -> fromNonBlockingThread(
                c.reactive().apply(store)))).as(name).hasSize(1)
                .allSatisfy((sql, n) -> assertThat(n).as(name + ": " + sql).isEqualTo(1)));
    }

    @Test
    void noConnectionWithinTheAcquireTimeoutIsTheDomains503() {
        R2dbcSettings one = new R2dbcSettings(1, Duration.ofMillis(300), 1_000, 1);
        LoopResources ownLoops = one.loopResources();
        ConnectionPool single = R2dbcTestSupport.pool(db, one, ownLoops);
        try {
            R2dbcStore singleStore = new R2dbcStore(DatabaseClient.create(single), 1_000);
            Connection held = single.create().block();
            Throwable timedOut = catchThrowable(() -> fromNonBlockingThread(singleStore.maxInvoice()));
            assertThat(timedOut).isInstanceOfSatisfying(ApiException.Unavailable.class, e -> {
                assertThat(e.status()).isEqualTo(503);
                assertThat(e.errors()).containsExactly(ApiException.Unavailable.DATABASE);
            });
            assertThat(catchThrowable(() -> fromNonBlockingThread(singleStore.firstNProducts(5))))
                    .isInstanceOf(ApiException.Unavailable.class);
            Mono.from(held.close()).block();
            assertThat(fromNonBlockingThread(singleStore.productById(1))).containsExactly(ItStoreTestDatabase.PHONE_B);
        } finally {
            single.disposeLater().block();
            ownLoops.disposeLater().block();
        }
    }

    @Test
    void theSettingsAreTheMeasuredOnes() {
        assertThat(R2dbcSettings.DEFAULTS).isEqualTo(new R2dbcSettings(100, Duration.ofSeconds(2), 1_000,
                Runtime.getRuntime().availableProcessors()));
        // the same knobs, the same values, as the JDBC side
        assertThat(R2dbcSettings.DEFAULTS.poolSize()).isEqualTo(JdbcSettings.DEFAULTS.poolSize());
        assertThat(R2dbcSettings.DEFAULTS.acquireTimeout()).isEqualTo(JdbcSettings.DEFAULTS.acquireTimeout());
        assertThat(R2dbcSettings.DEFAULTS.fetchSize()).isEqualTo(JdbcSettings.DEFAULTS.fetchSize());
        // a pool is full from the start: initial = min idle = max
        assertThat(pool.getMetrics()).hasValueSatisfying(m -> {
            assertThat(m.getMaxAllocatedSize()).isEqualTo(4);
            assertThat(m.allocatedSize()).isEqualTo(4);
        });
    }

    /** The states of the backends running {@code first_N_products} (ours is the only one). */
    private static List<String> backendStates() throws Exception {
        try (java.sql.Connection c = db.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("select state, query from pg_stat_activity where pid <> pg_backend_pid()")) {
            List<String> states = new java.util.ArrayList<>();
            String prefix = ItStoreSql.FIRST_N_PRODUCTS.substring(0, ItStoreSql.FIRST_N_PRODUCTS.indexOf(" where"));
            while (rs.next()) {
                if (rs.getString(2) != null && rs.getString(2).startsWith(prefix)) {
                    states.add(rs.getString(1));
                }
            }
            return states;
        }
    }

    /** Requests one row, then waits to be cancelled. */
    static final class OneRow extends BaseSubscriber<Product> {
        final CompletableFuture<Product> row = new CompletableFuture<>();
        volatile Throwable error;

        @Override
        protected void hookOnSubscribe(Subscription subscription) {
            subscription.request(1);
        }

        @Override
        protected void hookOnNext(Product value) {
            row.complete(value);
        }

        @Override
        protected void hookOnError(Throwable throwable) {
            error = throwable;
            row.completeExceptionally(throwable);
        }
    }
}
