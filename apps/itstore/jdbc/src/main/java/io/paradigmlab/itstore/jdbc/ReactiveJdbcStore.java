package io.paradigmlab.itstore.jdbc;

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
import io.paradigmlab.itstore.domain.request.ItemsPeriod;
import io.paradigmlab.itstore.port.ReactiveItStore;
import java.util.List;
import java.util.concurrent.Callable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * {@link JdbcStore} seen from WebFlux: the {@code jdbc-webflux} variant's port (spec D-3, the mixed variant WebFlux x
 * JDBC). Nothing runs until the publisher is subscribed; each subscription runs the one statement of the wrapped
 * method.
 *
 * <ul>
 *   <li><b>offloaded</b> ({@link #offloaded}, the default): every call is {@code Mono.fromCallable(..)
 *       .subscribeOn(Schedulers.boundedElastic())}, so the blocking JDBC call waits on a bounded-elastic thread and
 *       never on an event loop; {@code first_N_products} is {@code Flux.fromStream} over the store's cursor
 *       ({@link JdbcStore#streamFirstNProducts}), subscribed and requested on that scheduler, so each fetch of
 *       {@code fetchSize} rows happens there too, as the web layer asks for more; the stream (and with it the
 *       connection) is closed on completion, error and cancel (a client that goes away), the cancel also moved to
 *       {@code boundedElastic} ({@code cancelOn}), since closing the cursor is a round trip to the server.</li>
 *   <li><b>faithful</b> ({@link #faithful}, the lab's {@code --faithful} switch): the original {@code JDBC_WebFlux}'s
 *       defect (spec A.7 #1) reproduced: the same calls with no {@code subscribeOn}, so the JDBC call runs inline on
 *       the subscribing thread, in WebFlux a Netty event loop, which it blocks (BlockHound flags it). Only the
 *       threading differs: same statements, same rows.</li>
 * </ul>
 */
public final class ReactiveJdbcStore implements ReactiveItStore {

    private final JdbcStore store;
    private final boolean faithful;
    private final Scheduler scheduler;

    /**
     * @param store    the blocking store
     * @param faithful true: run inline on the subscribing thread (the original's defect); false: offload to
     *                 {@code Schedulers.boundedElastic()}
     */
    public ReactiveJdbcStore(JdbcStore store, boolean faithful) {
        this.store = store;
        this.faithful = faithful;
        this.scheduler = Schedulers.boundedElastic();
    }

    /** Blocking calls on {@code boundedElastic} (spec D-3). */
    public static ReactiveJdbcStore offloaded(JdbcStore store) {
        return new ReactiveJdbcStore(store, false);
    }

    /** Blocking calls inline on the subscribing thread: the original's defect (spec A.7 #1). */
    public static ReactiveJdbcStore faithful(JdbcStore store) {
        return new ReactiveJdbcStore(store, true);
    }

    /** Whether this view runs JDBC inline (the original's defect). */
    public boolean isFaithful() {
        return faithful;
    }

    @Override
    public Flux<Ces> cesByType(String type) {
        return many(() -> store.cesByType(type));
    }

    @Override
    public Flux<Characteristic> characteristicsForProduct(int productId) {
        return many(() -> store.characteristicsForProduct(productId));
    }

    @Override
    public Mono<MaxInvoice> maxInvoice() {
        return one(store::maxInvoice);
    }

    @Override
    public Flux<ItemQuantity> itemsBetweenDates(ItemsPeriod period) {
        return many(() -> store.itemsBetweenDates(period));
    }

    @Override
    public Flux<SalesCost> salesCost() {
        return many(store::salesCost);
    }

    @Override
    public Flux<MonthSales> monthWithGreatestSale() {
        return many(store::monthWithGreatestSale);
    }

    @Override
    public Flux<ProductProfit> profitOnEachProduct() {
        return many(store::profitOnEachProduct);
    }

    @Override
    public Flux<CategoryProductProfit> productMaxProfit() {
        return many(store::productMaxProfit);
    }

    @Override
    public Flux<CategoryProfit> categoryProfit() {
        return many(store::categoryProfit);
    }

    /** Empty when no product has the id. */
    @Override
    public Mono<Product> productById(int id) {
        return one(() -> store.productById(id).orElse(null));
    }

    /** {@code first_N_products}, streamed from the cursor as the subscriber requests (see the class comment). */
    @Override
    public Flux<Product> firstNProducts(int n) {
        Flux<Product> rows = Flux.fromStream(() -> store.streamFirstNProducts(n));
        // a cancel comes from the web layer's thread (an event loop); closing the cursor is a round trip, so it goes
        // to boundedElastic too
        return faithful ? rows : rows.subscribeOn(scheduler).cancelOn(scheduler);
    }

    /** {@code first_N_products}, materialized: the whole list in one signal (the {@code materialize} switch). */
    @Override
    public Mono<List<Product>> firstNProductsList(int n) {
        return one(() -> store.firstNProducts(n));
    }

    private <T> Mono<T> one(Callable<T> call) {
        Mono<T> mono = Mono.fromCallable(call);
        return faithful ? mono : mono.subscribeOn(scheduler);
    }

    private <T> Flux<T> many(Callable<List<T>> call) {
        return one(call).flatMapIterable(list -> list);
    }
}
