package io.paradigmlab.itstore.r2dbc;

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
import io.paradigmlab.itstore.port.BlockingItStore;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * {@link R2dbcStore} seen from Spring MVC: the port of the {@code r2dbc-mvc} and {@code r2dbc-virtual} variants (spec
 * D-3, the mixed variants MVC x R2DBC). Plain return types, as itstore-jdbc's {@code JdbcStore}; the calling thread (a
 * Tomcat worker, or a virtual thread) waits for the reactive driver. Never call it on an event loop.
 *
 * <ul>
 *   <li><b>bridged</b> ({@link #bridged}, the default): {@code collectList().block()} / {@code blockOptional()}, the
 *       statement runs on the driver's event loops and the request thread waits for the answer; {@code first_N_products}
 *       is {@code toStream(prefetch)}: the thread takes the rows as they come, with at most {@code prefetch} rows
 *       requested ahead, so the rows still stream.</li>
 *   <li><b>faithful</b> ({@link #faithful}, the lab's {@code --faithful} switch): the original {@code R2DBC_MVC}'s
 *       bridge (spec A.7 #2): {@code subscribeOn(Schedulers.parallel()).buffer().blockLast()}, a hop through Reactor's
 *       CPU scheduler before the request thread blocks anyway. An empty result is an empty list here, where the
 *       original's {@code blockLast()} gave {@code null}: the defect reproduced is the threading, not a broken
 *       answer.</li>
 * </ul>
 * Both run the same one statement per call and give the same rows.
 */
public final class BlockingR2dbcStore implements BlockingItStore {

    private final R2dbcStore store;
    private final boolean faithful;
    private final int prefetch;

    /**
     * @param store    the reactive store
     * @param faithful true: the original's bridge on {@code parallel()}; false: block the calling thread directly
     * @param prefetch rows requested ahead while a {@code first_N_products} stream is read (the fetch size is a good
     *                 choice: one fetch in flight while the thread writes the previous one)
     */
    public BlockingR2dbcStore(R2dbcStore store, boolean faithful, int prefetch) {
        if (prefetch < 1) {
            throw new IllegalArgumentException("prefetch must be at least 1: " + prefetch);
        }
        this.store = store;
        this.faithful = faithful;
        this.prefetch = prefetch;
    }

    /** The calling thread blocks on the store's publishers (spec D-3). */
    public static BlockingR2dbcStore bridged(R2dbcStore store, int prefetch) {
        return new BlockingR2dbcStore(store, false, prefetch);
    }

    /** The original's bridge through {@code parallel()} (spec A.7 #2). */
    public static BlockingR2dbcStore faithful(R2dbcStore store, int prefetch) {
        return new BlockingR2dbcStore(store, true, prefetch);
    }

    /** Whether this view reproduces the original's bridge. */
    public boolean isFaithful() {
        return faithful;
    }

    @Override
    public List<Ces> cesByType(String type) {
        return list(store.cesByType(type));
    }

    @Override
    public List<Characteristic> characteristicsForProduct(int productId) {
        return list(store.characteristicsForProduct(productId));
    }

    @Override
    public MaxInvoice maxInvoice() {
        return one(store.maxInvoice()).orElseThrow();
    }

    @Override
    public List<ItemQuantity> itemsBetweenDates(ItemsPeriod period) {
        return list(store.itemsBetweenDates(period));
    }

    @Override
    public List<SalesCost> salesCost() {
        return list(store.salesCost());
    }

    @Override
    public List<MonthSales> monthWithGreatestSale() {
        return list(store.monthWithGreatestSale());
    }

    @Override
    public List<ProductProfit> profitOnEachProduct() {
        return list(store.profitOnEachProduct());
    }

    @Override
    public List<CategoryProductProfit> productMaxProfit() {
        return list(store.productMaxProfit());
    }

    @Override
    public List<CategoryProfit> categoryProfit() {
        return list(store.categoryProfit());
    }

    /** Empty when no product has the id. */
    @Override
    public Optional<Product> productById(int id) {
        return one(store.productById(id));
    }

    /** {@code first_N_products}, materialized: the whole list (the {@code materialize} switch). */
    @Override
    public List<Product> firstNProducts(int n) {
        return list(store.firstNProducts(n));
    }

    /** {@code first_N_products}, streamed: the rows handed to {@code each} one at a time on the calling thread. */
    @Override
    public void firstNProducts(int n, Consumer<? super Product> each) {
        try (Stream<Product> rows = streamFirstNProducts(n)) {
            rows.forEach(each);
        }
    }

    /**
     * {@code first_N_products}, streamed: a lazy stream that requests {@code prefetch} rows ahead of the reader.
     * <strong>The caller must close it</strong>; closing it early cancels the query and gives the connection back.
     */
    @Override
    public Stream<Product> streamFirstNProducts(int n) {
        Flux<Product> rows = store.firstNProducts(n);
        return (faithful ? rows.subscribeOn(Schedulers.parallel()) : rows).toStream(prefetch);
    }

    private <T> List<T> list(Flux<T> rows) {
        if (faithful) {
            List<T> all = rows.subscribeOn(Schedulers.parallel()).buffer().blockLast();
            return all == null ? List.of() : all;
        }
        return rows.collectList().block();
    }

    private <T> Optional<T> one(Mono<T> row) {
        return faithful ? row.subscribeOn(Schedulers.parallel()).blockOptional() : row.blockOptional();
    }
}
