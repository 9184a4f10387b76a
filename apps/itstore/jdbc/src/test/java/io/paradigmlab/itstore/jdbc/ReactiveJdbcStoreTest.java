package io.paradigmlab.itstore.jdbc;

import static io.paradigmlab.itstore.jdbc.ItStoreTestDatabase.PRODUCTS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import com.zaxxer.hikari.HikariDataSource;
import io.paradigmlab.itstore.domain.Product;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.itstore.domain.request.ItemsPeriod;
import java.sql.Connection;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscription;
import reactor.blockhound.BlockHound;
import reactor.blockhound.BlockingOperationError;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * {@link ReactiveJdbcStore}, the WebFlux view of the JDBC store, with BlockHound installed: both modes give the
 * blocking store's answers; subscribed from a non-blocking thread (Reactor's {@code parallel()}, whose threads are
 * marked non-blocking as Netty's event loops are), the offloaded view never blocks it and the faithful one does,
 * which BlockHound turns into an error.
 */
class ReactiveJdbcStoreTest {

    private static ItStoreTestDatabase db;
    private static HikariDataSource pool;
    private static JdbcStore store;
    private static ReactiveJdbcStore offloaded;
    private static ReactiveJdbcStore faithful;

    @BeforeAll
    static void start() throws Exception {
        BlockHound.install();
        db = ItStoreTestDatabase.start();
        pool = new JdbcSettings(4, Duration.ofSeconds(2), 1_000).dataSource(db.jdbcUrl(), "postgres", "postgres");
        store = new JdbcStore(pool, JdbcSettings.DEFAULTS);
        offloaded = ReactiveJdbcStore.offloaded(store);
        faithful = ReactiveJdbcStore.faithful(store);
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

    /** Every operation of the view, by endpoint, with what the blocking store answers. */
    private static Map<String, Function<ReactiveJdbcStore, Publisher<?>>> operations() {
        Map<String, Function<ReactiveJdbcStore, Publisher<?>>> ops = new LinkedHashMap<>();
        ops.put("ces_by_type", s -> s.cesByType("c"));
        ops.put("characteristics_for_product", s -> s.characteristicsForProduct(0));
        ops.put("max_invoice", ReactiveJdbcStore::maxInvoice);
        ops.put("items_between_dates", s -> s.itemsBetweenDates(ItemsPeriod.DEFAULT));
        ops.put("sales_cost", ReactiveJdbcStore::salesCost);
        ops.put("month_with_greatest_sale", ReactiveJdbcStore::monthWithGreatestSale);
        ops.put("profit_on_each_product", ReactiveJdbcStore::profitOnEachProduct);
        ops.put("product_max_profit", ReactiveJdbcStore::productMaxProfit);
        ops.put("category_profit", ReactiveJdbcStore::categoryProfit);
        ops.put("first_N_products", s -> s.firstNProducts(PRODUCTS));
        ops.put("first_N_products (list)", s -> s.firstNProductsList(PRODUCTS).flatMapIterable(l -> l));
        ops.put("products/{id}", s -> s.productById(2));
        ops.put("products/{id} (none)", s -> s.productById(PRODUCTS));
        return ops;
    }

    private static List<?> expected(String endpoint) {
        return switch (endpoint) {
            case "ces_by_type" -> store.cesByType("c");
            case "characteristics_for_product" -> store.characteristicsForProduct(0);
            case "max_invoice" -> List.of(store.maxInvoice());
            case "items_between_dates" -> store.itemsBetweenDates(ItemsPeriod.DEFAULT);
            case "sales_cost" -> store.salesCost();
            case "month_with_greatest_sale" -> store.monthWithGreatestSale();
            case "profit_on_each_product" -> store.profitOnEachProduct();
            case "product_max_profit" -> store.productMaxProfit();
            case "category_profit" -> store.categoryProfit();
            case "first_N_products", "first_N_products (list)" -> store.firstNProducts(PRODUCTS);
            case "products/{id}" -> store.productById(2).stream().toList();
            case "products/{id} (none)" -> List.of();
            default -> throw new IllegalArgumentException(endpoint);
        };
    }

    /** Subscribes from a thread of {@code parallel()}, a non-blocking thread as an event loop is. */
    private static List<Object> fromNonBlockingThread(Publisher<?> publisher) {
        return Flux.from(publisher).map(Object.class::cast).subscribeOn(Schedulers.parallel()).collectList().block();
    }

    @Test
    void bothModesGiveTheBlockingStoresAnswers() {
        operations().forEach((endpoint, op) -> {
            List<?> expected = expected(endpoint);
            assertThat(fromNonBlockingThread(op.apply(offloaded))).as("offloaded " + endpoint)
                    .containsExactlyElementsOf(expected);
            // faithful, subscribed on the test's own (blocking) thread: same rows
            assertThat(Flux.from(op.apply(faithful)).map(Object.class::cast).collectList().block())
                    .as("faithful " + endpoint)
                    .containsExactlyElementsOf(expected);
        });
    }

    @Test
    void blockHoundFlagsTheFaithfulViewOnANonBlockingThreadAndNeverTheOffloadedOne() {
        operations().forEach((endpoint, op) -> {
            // BlockHound's error interrupts the driver in the middle of its protocol and leaves the connection
            // unusable: each faithful call gets a pool of its own, thrown away afterwards
            try (HikariDataSource own = new JdbcSettings(1, Duration.ofSeconds(2), 1_000)
                    .dataSource(db.jdbcUrl(), "postgres", "postgres")) {
                Throwable inline = catchThrowable(() -> fromNonBlockingThread(
                        op.apply(ReactiveJdbcStore.faithful(new JdbcStore(own, 1_000)))));
                assertThat(blockingError(inline)).as("faithful " + endpoint + " on parallel()")
                        .isInstanceOf(BlockingOperationError.class);
            }
            assertThat(catchThrowable(() -> fromNonBlockingThread(op.apply(offloaded))))
                    .as("offloaded " + endpoint).isNull();
        });
    }

    @Test
    void eachSubscriptionRunsOneStatement() {
        operations().forEach((endpoint, op) -> assertThat(db.statementsDuring(() -> fromNonBlockingThread(
                op.apply(offloaded)))).as(endpoint).hasSize(1).allSatisfy((sql, n) -> assertThat(n).isEqualTo(1)));
    }

    /**
     * A client that goes away: cancelled from a non-blocking thread after one row, the offloaded stream closes its
     * cursor on {@code boundedElastic} (BlockHound would fail the cancel otherwise), and the pool's only connection is
     * back for the next request.
     */
    @Test
    void cancellingTheStreamClosesTheCursorOffTheEventLoop() throws Exception {
        try (HikariDataSource one = new JdbcSettings(1, Duration.ofMillis(1_000), 1_000)
                .dataSource(db.jdbcUrl(), "postgres", "postgres")) {
            ReactiveJdbcStore single = ReactiveJdbcStore.offloaded(new JdbcStore(one, 1_000));
            OneRow first = new OneRow();
            single.firstNProducts(PRODUCTS).subscribeOn(Schedulers.parallel()).subscribe(first);
            Product row = Mono.fromFuture(first.row).block(Duration.ofSeconds(5));
            assertThat(row.idProd()).isZero();
            Mono.fromRunnable(first::cancel).subscribeOn(Schedulers.parallel()).block(Duration.ofSeconds(5));
            // the connection is released once the cursor is closed; then the only connection serves the next call
            assertThat(single.firstNProducts(3).collectList().block(Duration.ofSeconds(5)))
                    .extracting(Product::idProd).containsExactly(0, 1, 2);
            assertThat(first.error).isNull();
        }
    }

    @Test
    void anExhaustedPoolIsTheDomains503InBothModes() throws Exception {
        try (HikariDataSource one = new JdbcSettings(1, Duration.ofMillis(300), 1_000)
                .dataSource(db.jdbcUrl(), "postgres", "postgres")) {
            JdbcStore single = new JdbcStore(one, 1_000);
            try (Connection held = one.getConnection()) {
                assertThat(held.isValid(1)).isTrue();
                for (ReactiveJdbcStore view : List.of(ReactiveJdbcStore.offloaded(single),
                        ReactiveJdbcStore.faithful(single))) {
                    assertThat(catchThrowable(() -> view.maxInvoice().block()))
                            .isInstanceOf(ApiException.Unavailable.class);
                    assertThat(catchThrowable(() -> view.firstNProducts(3).blockLast()))
                            .isInstanceOf(ApiException.Unavailable.class);
                }
            }
        }
    }

    private static Throwable blockingError(Throwable thrown) {
        for (Throwable e = thrown; e != null; e = e.getCause()) {
            if (e instanceof BlockingOperationError) {
                return e;
            }
        }
        return thrown;
    }

    /** Requests one row, then waits to be cancelled. */
    private static final class OneRow extends BaseSubscriber<Product> {
        final java.util.concurrent.CompletableFuture<Product> row = new java.util.concurrent.CompletableFuture<>();
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
