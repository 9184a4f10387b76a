package io.paradigmlab.itstore.web.flux;

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
import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.IntStream;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;

/**
 * A {@link ReactiveItStore} over fixed rows, for the web layer's tests, with switches to make it fail, block or be
 * fed by hand. Nothing in it blocks unless {@link #blockInline} asks.
 */
final class InMemoryStore implements ReactiveItStore {

    /** Products with ids 0 to 4,999. */
    static final int PRODUCTS = 5_000;

    static final List<Ces> CES = List.of(
            new Ces(3, "Ioana Radu", null, "c", null, "RO56INGB0000999901234567", "2910303123456"),
            new Ces(4, "Dan Ionescu", null, "c", "Str. Mica 2, Iasi", "RO02RZBR0000060012345678", "1900202123456"),
            new Ces(2, "Tech Supply SA", "7654321", "s", "Bd. Unirii 5", "RO66BACX0000001234567890", null));

    /** When set, every call fails with it (as a store does when the database is down). */
    final AtomicReference<Throwable> failure = new AtomicReference<>();
    /** When true, {@link #maxInvoice} sleeps on the subscribing thread: the faithful defect, for BlockHound. */
    volatile boolean blockInline;
    /** When true, {@link #firstNProducts} makes all N rows, beyond {@link #PRODUCTS}. */
    volatile boolean unbounded;
    /** Rows {@link #firstNProducts} has made. */
    final AtomicInteger firstNRowsMade = new AtomicInteger();
    /** When true, {@link #firstNProducts} never answers (a request held in flight). */
    volatile boolean hang;
    /** When set, {@link #firstNProducts} is this sink's flux, fed by the test. */
    volatile Sinks.Many<Product> live;
    /** Subscriptions to, and cancellations of, {@link #firstNProducts}. */
    final AtomicInteger firstNSubscriptions = new AtomicInteger();
    final AtomicInteger firstNCancels = new AtomicInteger();
    /** The last period {@link #itemsBetweenDates} was asked for. */
    final AtomicReference<ItemsPeriod> lastPeriod = new AtomicReference<>();

    static Product product(int id) {
        return new Product(id, "Product " + id, id % 2 == 0 ? 2 : 5, "in stock", "category " + (id % 10),
                id % 7 == 0 ? null : "info \"" + id + "\" \u00e9");
    }

    void reset() {
        failure.set(null);
        blockInline = false;
        hang = false;
        unbounded = false;
        live = null;
    }

    private <T> Flux<T> many(List<T> rows) {
        return Flux.defer(() -> failure.get() != null ? Flux.error(failure.get()) : Flux.fromIterable(rows));
    }

    private <T> Mono<T> one(T row) {
        return Mono.defer(() -> failure.get() != null ? Mono.error(failure.get()) : Mono.justOrEmpty(row));
    }

    @Override
    public Flux<Ces> cesByType(String type) {
        return many(CES.stream().filter(c -> c.typeCes().equals(type)).toList());
    }

    @Override
    public Flux<Characteristic> characteristicsForProduct(int productId) {
        return many(productId == 0 ? List.of(new Characteristic(0, 1, "Color", "silver"),
                new Characteristic(0, 2, "Weight", "1.4 kg")) : List.of());
    }

    @Override
    public Mono<MaxInvoice> maxInvoice() {
        if (blockInline) {
            return Mono.fromCallable(() -> {
                Thread.sleep(5);
                return new MaxInvoice(new BigDecimal("2000.00"));
            });
        }
        return one(new MaxInvoice(new BigDecimal("2000")));
    }

    @Override
    public Flux<ItemQuantity> itemsBetweenDates(ItemsPeriod period) {
        lastPeriod.set(period);
        return many(List.of(new ItemQuantity("Laptop A", 2), new ItemQuantity("Phone B", 4)));
    }

    @Override
    public Flux<SalesCost> salesCost() {
        return many(List.of(new SalesCost(2022, 9, new BigDecimal("1500"), new BigDecimal("800.0"))));
    }

    @Override
    public Flux<MonthSales> monthWithGreatestSale() {
        return many(List.of(new MonthSales(2021, 1, new BigDecimal("2000.00"))));
    }

    @Override
    public Flux<ProductProfit> profitOnEachProduct() {
        return many(List.of(new ProductProfit("Laptop A", new BigDecimal("-30.00"))));
    }

    @Override
    public Flux<CategoryProductProfit> productMaxProfit() {
        return many(List.of(new CategoryProductProfit("laptops", "Laptop A", new BigDecimal("12.5"))));
    }

    @Override
    public Flux<CategoryProfit> categoryProfit() {
        return many(List.of(new CategoryProfit("laptops", new BigDecimal("0"))));
    }

    @Override
    public Mono<Product> productById(int id) {
        return one(id < PRODUCTS ? product(id) : null);
    }

    @Override
    public Flux<Product> firstNProducts(int n) {
        return Flux.defer(() -> {
            if (failure.get() != null) {
                return Flux.error(failure.get());
            }
            if (hang) {
                return Flux.never();
            }
            Sinks.Many<Product> sink = live;
            if (sink != null) {
                return sink.asFlux();
            }
            return Flux.range(0, unbounded ? n : Math.min(n, PRODUCTS)).map(id -> {
                firstNRowsMade.incrementAndGet();
                return product(id);
            });
        }).doOnSubscribe(s -> firstNSubscriptions.incrementAndGet()).doOnCancel(firstNCancels::incrementAndGet);
    }

    @Override
    public Mono<List<Product>> firstNProductsList(int n) {
        return Mono.defer(() -> failure.get() != null ? Mono.error(failure.get())
                : Mono.just(IntStream.range(0, Math.min(n, PRODUCTS)).mapToObj(InMemoryStore::product).toList()));
    }
}
