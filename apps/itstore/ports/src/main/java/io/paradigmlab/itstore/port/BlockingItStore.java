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
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The IT store's database as the MVC variants see it (platform or virtual request threads): every call returns when
 * its one SQL statement has answered, on the calling thread. Implemented by the JDBC store itself and by the R2DBC
 * store's blocking bridge (ADR 0009). One method per endpoint of docs/api/itstore.md.
 *
 * <p>Failures: the domain's {@code ApiException.Unavailable} (503) when the database cannot be reached or the pool
 * gave no connection within its acquire timeout; any other runtime exception is a 500.
 */
public interface BlockingItStore {

    /** {@code ces_by_type}: the rows of that type letter (c, e, s, m), by {@code id_ces}. */
    List<Ces> cesByType(String type);

    /** {@code characteristics_for_product}: empty for an unknown product. */
    List<Characteristic> characteristicsForProduct(int productId);

    /** {@code max_invoice}: one row, {@code maxValue} null without invoices. */
    MaxInvoice maxInvoice();

    List<ItemQuantity> itemsBetweenDates(ItemsPeriod period);

    List<SalesCost> salesCost();

    List<MonthSales> monthWithGreatestSale();

    List<ProductProfit> profitOnEachProduct();

    List<CategoryProductProfit> productMaxProfit();

    List<CategoryProfit> categoryProfit();

    /** {@code products/{id}}: empty when no product has the id (404). */
    Optional<Product> productById(int id);

    /** {@code first_N_products}, materialized: the whole list before the first row is written (the original MVC). */
    List<Product> firstNProducts(int n);

    /**
     * {@code first_N_products}, streamed: the rows handed to {@code each} one at a time, in {@code id_prod} order, on
     * the calling thread, as the driver fetches them; an exception thrown by {@code each} stops the query.
     */
    void firstNProducts(int n, Consumer<? super Product> each);

    /**
     * {@code first_N_products}, streamed as a lazy stream holding a connection: <strong>the caller must close
     * it</strong>; closing it early ends the query and gives the connection back.
     */
    Stream<Product> streamFirstNProducts(int n);
}
