package io.paradigmlab.itstore.r2dbc;

import io.paradigmlab.common.contract.DatabaseFailures;
import io.paradigmlab.common.contract.ApiException;
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
import io.paradigmlab.itstore.schema.ItStoreSql;
import io.paradigmlab.itstore.port.ReactiveItStore;
import java.util.List;
import java.util.function.Function;
import org.springframework.r2dbc.core.DataClassRowMapper;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The IT store's database, non-blocking: the port of the R2DBC variants ({@code r2dbc-webflux}; the MVC ones go through
 * {@link BlockingR2dbcStore}), the twin of itstore-jdbc's {@code JdbcStore}. One method per endpoint of the contract
 * (docs/api/itstore.md), each running exactly one statement of {@link ItStoreSql}, the very text the JDBC store runs,
 * through Spring's {@link DatabaseClient}; rows are mapped into the domain's records by column name (Spring's R2DBC
 * {@link DataClassRowMapper}, built once per record, as the JDBC store's). Nothing runs until the publisher is
 * subscribed, and nothing blocks (its tests run under BlockHound).
 *
 * <p>A pool that gives no connection within its acquire timeout, or a database that cannot be reached, is signalled as
 * the domain's 503 ({@code ApiException.Unavailable}, see {@link #many}: {@code common-contract}'s {@link DatabaseFailures}, the rule every
 * WebFlux variant's error handling applies, here for the MVC variants too); every other failure is Spring's
 * {@code DataAccessException} (a 500).
 *
 * <p>{@link #firstNProducts} streams: a {@code Flux} of the rows as the driver fetches them, {@code fetchSize} per round
 * trip, as the subscriber's demand asks for more; nothing here collects it. A caller that wants the list (the
 * {@code materialize} switch) collects it itself.
 */
public class R2dbcStore implements ReactiveItStore {

    private static final Function<io.r2dbc.spi.Readable, Ces> CES = new DataClassRowMapper<>(Ces.class);
    private static final Function<io.r2dbc.spi.Readable, Characteristic> CHARACTERISTIC =
            new DataClassRowMapper<>(Characteristic.class);
    private static final Function<io.r2dbc.spi.Readable, MaxInvoice> MAX_INVOICE =
            new DataClassRowMapper<>(MaxInvoice.class);
    private static final Function<io.r2dbc.spi.Readable, ItemQuantity> ITEM_QUANTITY =
            new DataClassRowMapper<>(ItemQuantity.class);
    private static final Function<io.r2dbc.spi.Readable, SalesCost> SALES_COST =
            new DataClassRowMapper<>(SalesCost.class);
    private static final Function<io.r2dbc.spi.Readable, MonthSales> MONTH_SALES =
            new DataClassRowMapper<>(MonthSales.class);
    private static final Function<io.r2dbc.spi.Readable, ProductProfit> PRODUCT_PROFIT =
            new DataClassRowMapper<>(ProductProfit.class);
    private static final Function<io.r2dbc.spi.Readable, CategoryProductProfit> CATEGORY_PRODUCT_PROFIT =
            new DataClassRowMapper<>(CategoryProductProfit.class);
    private static final Function<io.r2dbc.spi.Readable, CategoryProfit> CATEGORY_PROFIT =
            new DataClassRowMapper<>(CategoryProfit.class);
    private static final Function<io.r2dbc.spi.Readable, Product> PRODUCT = new DataClassRowMapper<>(Product.class);

    private final DatabaseClient db;
    private final int fetchSize;

    /**
     * @param db        over the pool ({@link R2dbcSettings#connectionPool})
     * @param fetchSize rows per round trip of {@code first_N_products} ({@link R2dbcSettings#fetchSize})
     */
    public R2dbcStore(DatabaseClient db, int fetchSize) {
        if (fetchSize < 1) {
            throw new IllegalArgumentException("fetchSize must be at least 1: " + fetchSize);
        }
        this.db = db;
        this.fetchSize = fetchSize;
    }

    public R2dbcStore(DatabaseClient db, R2dbcSettings settings) {
        this(db, settings.fetchSize());
    }

    /** {@code ces_by_type}: the rows of that type letter (c, e, s, m), by {@code id_ces}. */
    @Override
    public Flux<Ces> cesByType(String type) {
        return many(db.sql(ItStoreSql.CES_BY_TYPE).bind("type", type).map(CES).all());
    }

    /** {@code characteristics_for_product}: empty for a product without characteristics or an unknown id. */
    @Override
    public Flux<Characteristic> characteristicsForProduct(int productId) {
        return many(db.sql(ItStoreSql.CHARACTERISTICS_FOR_PRODUCT).bind("productId", productId).map(CHARACTERISTIC)
                .all());
    }

    /** {@code max_invoice}: always one row; its value is null when there is no invoice. */
    @Override
    public Mono<MaxInvoice> maxInvoice() {
        return one(db.sql(ItStoreSql.MAX_INVOICE).map(MAX_INVOICE).one());
    }

    /** {@code items_between_dates}: units of each product sold in the month. */
    @Override
    public Flux<ItemQuantity> itemsBetweenDates(ItemsPeriod period) {
        return many(db.sql(ItStoreSql.ITEMS_BETWEEN_DATES).bind("year", period.year()).bind("month", period.month())
                .map(ITEM_QUANTITY).all());
    }

    /** {@code sales_cost}: by year, then month. */
    @Override
    public Flux<SalesCost> salesCost() {
        return many(db.sql(ItStoreSql.SALES_COST).map(SALES_COST).all());
    }

    /** {@code month_with_greatest_sale}: ties kept. */
    @Override
    public Flux<MonthSales> monthWithGreatestSale() {
        return many(db.sql(ItStoreSql.MONTH_WITH_GREATEST_SALE).map(MONTH_SALES).all());
    }

    /** {@code profit_on_each_product}: by product name. */
    @Override
    public Flux<ProductProfit> profitOnEachProduct() {
        return many(db.sql(ItStoreSql.PROFIT_ON_EACH_PRODUCT).map(PRODUCT_PROFIT).all());
    }

    /** {@code product_max_profit}: per category the product(s) of greatest profit. */
    @Override
    public Flux<CategoryProductProfit> productMaxProfit() {
        return many(db.sql(ItStoreSql.PRODUCT_MAX_PROFIT).map(CATEGORY_PRODUCT_PROFIT).all());
    }

    /** {@code category_profit}: by category. */
    @Override
    public Flux<CategoryProfit> categoryProfit() {
        return many(db.sql(ItStoreSql.CATEGORY_PROFIT).map(CATEGORY_PROFIT).all());
    }

    /**
     * {@code first_N_products}, streamed: the rows in {@code id_prod} order as the driver fetches them, {@code fetchSize}
     * per round trip, as far as the subscriber's demand goes. A cancel (a client that goes away) ends the query and
     * gives the connection back.
     */
    @Override
    public Flux<Product> firstNProducts(int n) {
        return many(db.sql(ItStoreSql.FIRST_N_PRODUCTS).bind("n", n)
                .filter(statement -> statement.fetchSize(fetchSize)).map(PRODUCT).all());
    }

    /** {@code first_N_products}, materialized: {@link #firstNProducts} collected into one list. */
    @Override
    public Mono<List<Product>> firstNProductsList(int n) {
        return firstNProducts(n).collectList();
    }

    /** {@code products/{id}}: empty when no product has the id (the web layer answers 404). */
    @Override
    public Mono<Product> productById(int id) {
        return one(db.sql(ItStoreSql.PRODUCT_BY_ID).bind("id", id).map(PRODUCT).one());
    }

    /**
     * The domain's 503 for a database that cannot be reached ({@link DatabaseFailures}): signalled here, not left to
     * the web layer, because the MVC variants' error handling knows only JDBC's failures.
     */
    private static <T> Flux<T> many(Flux<T> rows) {
        return rows.onErrorMap(DatabaseFailures::unreachable, R2dbcStore::unavailable);
    }

    private static <T> Mono<T> one(Mono<T> row) {
        return row.onErrorMap(DatabaseFailures::unreachable, R2dbcStore::unavailable);
    }

    private static ApiException.Unavailable unavailable(Throwable error) {
        return new ApiException.Unavailable(ApiException.Unavailable.DATABASE);
    }
}
