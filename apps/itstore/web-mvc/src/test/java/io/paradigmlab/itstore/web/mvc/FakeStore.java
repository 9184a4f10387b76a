package io.paradigmlab.itstore.web.mvc;

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
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * An in-memory {@link BlockingItStore} for the web tests: {@link #SIZE} products with ids 0 to SIZE - 1, fixed answers
 * for the other endpoints, and switches to fail or to hold a call (the test sets them and {@link #reset}s them).
 */
final class FakeStore implements BlockingItStore {

    static final int SIZE = 3_000;

    /** Thrown by every call when set (by {@link #streamFirstNProducts} when the stream is created). */
    final AtomicReference<RuntimeException> failure = new AtomicReference<>();
    /** Thrown by a stream's iterator after this many rows when {@link #streamFailure} is set. */
    final AtomicInteger failAfterRows = new AtomicInteger();
    final AtomicReference<RuntimeException> streamFailure = new AtomicReference<>();
    /** When set, every call waits for it (at most 30 s) after counting itself in {@link #waiting}. */
    final AtomicReference<CountDownLatch> gate = new AtomicReference<>();
    final AtomicInteger waiting = new AtomicInteger();
    /** Streams opened and closed: the web layer must close each one. */
    final AtomicInteger streamsOpened = new AtomicInteger();
    final AtomicInteger streamsClosed = new AtomicInteger();
    final AtomicInteger materializedCalls = new AtomicInteger();
    /** The last arguments a call received. */
    final AtomicReference<Object> lastArgument = new AtomicReference<>();

    void reset() {
        failure.set(null);
        streamFailure.set(null);
        failAfterRows.set(0);
        gate.set(null);
        waiting.set(0);
        streamsOpened.set(0);
        streamsClosed.set(0);
        materializedCalls.set(0);
        lastArgument.set(null);
    }

    static Product product(int id) {
        // quotes, a backslash and non-ASCII text so that both writers have to escape and encode alike
        return new Product(id, "Product \"" + id + "\" \\ ü", id % 7, "in stock", "category " + id % 10,
                id % 3 == 0 ? null : "info ✓ " + id);
    }

    private void enter(Object argument) {
        lastArgument.set(argument);
        CountDownLatch latch = gate.get();
        if (latch != null) {
            waiting.incrementAndGet();
            try {
                latch.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        RuntimeException e = failure.get();
        if (e != null) {
            throw e;
        }
    }

    @Override
    public List<Ces> cesByType(String type) {
        enter(type);
        return List.of(new Ces(4, "Dan Ionescu", null, type, "Str. Mica 2, Iasi", "RO02RZBR0000060012345678",
                "1900202123456"));
    }

    @Override
    public List<Characteristic> characteristicsForProduct(int productId) {
        enter(productId);
        return productId == 0 ? List.of(new Characteristic(0, 1, "Color", "silver")) : List.of();
    }

    @Override
    public MaxInvoice maxInvoice() {
        enter(null);
        return new MaxInvoice(new BigDecimal("1500"));
    }

    @Override
    public List<ItemQuantity> itemsBetweenDates(ItemsPeriod period) {
        enter(period);
        return List.of(new ItemQuantity("Laptop A", 2));
    }

    @Override
    public List<SalesCost> salesCost() {
        enter(null);
        return List.of(new SalesCost(2022, 9, new BigDecimal("1500"), new BigDecimal("800.5")));
    }

    @Override
    public List<MonthSales> monthWithGreatestSale() {
        enter(null);
        return List.of(new MonthSales(2021, 1, new BigDecimal("2000")));
    }

    @Override
    public List<ProductProfit> profitOnEachProduct() {
        enter(null);
        return List.of(new ProductProfit("Laptop A", new BigDecimal("-40.1")));
    }

    @Override
    public List<CategoryProductProfit> productMaxProfit() {
        enter(null);
        return List.of(new CategoryProductProfit("laptops", "Laptop A", BigDecimal.ZERO));
    }

    @Override
    public List<CategoryProfit> categoryProfit() {
        enter(null);
        return List.of(new CategoryProfit("laptops", new BigDecimal("12.5")));
    }

    @Override
    public Optional<Product> productById(int id) {
        enter(id);
        return id < SIZE ? Optional.of(product(id)) : Optional.empty();
    }

    @Override
    public List<Product> firstNProducts(int n) {
        enter(n);
        materializedCalls.incrementAndGet();
        return IntStream.range(0, Math.min(n, SIZE)).mapToObj(FakeStore::product).toList();
    }

    @Override
    public void firstNProducts(int n, Consumer<? super Product> each) {
        try (Stream<Product> rows = streamFirstNProducts(n)) {
            rows.forEach(each);
        }
    }

    @Override
    public Stream<Product> streamFirstNProducts(int n) {
        enter(n);
        streamsOpened.incrementAndGet();
        int rows = Math.min(n, SIZE);
        RuntimeException failing = streamFailure.get();
        int failAt = failAfterRows.get();
        Iterator<Product> it = new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                if (failing != null && next == failAt) {
                    throw failing;
                }
                return next < rows;
            }

            @Override
            public Product next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return product(next++);
            }
        };
        return StreamSupport.stream(Spliterators.spliterator(it, rows, Spliterator.ORDERED), false)
                .onClose(streamsClosed::incrementAndGet);
    }
}
