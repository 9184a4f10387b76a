package io.paradigmlab.itstore.port;

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
import java.util.List;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The IT store's database as the WebFlux variants see it: nothing happens until subscription, and (unless a store is
 * built {@code faithful}, to show the original's defect) nothing blocks the subscribing thread. Implemented by the
 * R2DBC store itself and by the JDBC store's offloading adapter (ADR 0009). One method per endpoint of
 * docs/api/itstore.md, each running exactly one SQL statement per subscription.
 *
 * <p>Failures are error signals: the domain's {@code ApiException.Unavailable} (503) when the database cannot be
 * reached or the pool gave no connection within its acquire timeout; anything else is a 500.
 */
public interface ReactiveItStore {

    /** {@code ces_by_type}: the rows of that type letter (c, e, s, m), by {@code id_ces}. */
    Flux<Ces> cesByType(String type);

    /** {@code characteristics_for_product}: empty for an unknown product. */
    Flux<Characteristic> characteristicsForProduct(int productId);

    /** {@code max_invoice}: one row, {@code maxValue} null without invoices. */
    Mono<MaxInvoice> maxInvoice();

    Flux<ItemQuantity> itemsBetweenDates(ItemsPeriod period);

    Flux<SalesCost> salesCost();

    Flux<MonthSales> monthWithGreatestSale();

    Flux<ProductProfit> profitOnEachProduct();

    Flux<CategoryProductProfit> productMaxProfit();

    Flux<CategoryProfit> categoryProfit();

    /** {@code products/{id}}: empty when no product has the id (404). */
    Mono<Product> productById(int id);

    /**
     * {@code first_N_products}, streamed: the rows in {@code id_prod} order as the subscriber's demand asks for them;
     * a cancel ends the query and gives the connection back.
     */
    Flux<Product> firstNProducts(int n);

    /** {@code first_N_products}, materialized: the whole list in one signal (the {@code materialize} switch). */
    Mono<List<Product>> firstNProductsList(int n);
}
