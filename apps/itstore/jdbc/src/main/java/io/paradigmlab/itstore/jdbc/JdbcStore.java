package io.paradigmlab.itstore.jdbc;

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
import java.sql.Connection;
import java.sql.SQLException;
import io.paradigmlab.itstore.port.BlockingItStore;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.springframework.jdbc.core.DataClassRowMapper;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;

/**
 * The IT store's database, blocking: the port of the JDBC variants ({@code jdbc-mvc}, {@code jdbc-virtual}; the
 * WebFlux one goes through {@link ReactiveJdbcStore}). One method per endpoint of the contract
 * (docs/api/itstore.md), each running exactly one statement of {@link ItStoreSql}, the very text the R2DBC store runs,
 * through Spring's {@link JdbcClient}; rows are mapped into the domain's records by column name (Spring's
 * {@link DataClassRowMapper}, built once per record).
 *
 * <p>A pool that gives no connection within its acquire timeout, or a database that cannot be reached, is thrown as
 * the domain's 503 ({@code ApiException.Unavailable}, see {@link #translate}: {@code common-contract}'s {@link DatabaseFailures}, the rule every
 * servlet variant's error handling applies, here for the WebFlux variant too); every other failure is Spring's
 * {@code DataAccessException} (a 500).
 *
 * <p>{@code first_N_products} comes in two shapes (spec D-4): streamed ({@link #streamFirstNProducts},
 * {@link #firstNProducts(int, Consumer)}: a server-side portal read {@code fetchSize} rows per round trip, so the
 * whole table never sits in memory), or materialized ({@link #firstNProducts(int)}: the whole list, as the original
 * MVC did; the lab's {@code materialize} switch).
 */
public class JdbcStore implements BlockingItStore {

    private static final RowMapper<Ces> CES = new DataClassRowMapper<>(Ces.class);
    private static final RowMapper<Characteristic> CHARACTERISTIC = new DataClassRowMapper<>(Characteristic.class);
    private static final RowMapper<MaxInvoice> MAX_INVOICE = new DataClassRowMapper<>(MaxInvoice.class);
    private static final RowMapper<ItemQuantity> ITEM_QUANTITY = new DataClassRowMapper<>(ItemQuantity.class);
    private static final RowMapper<SalesCost> SALES_COST = new DataClassRowMapper<>(SalesCost.class);
    private static final RowMapper<MonthSales> MONTH_SALES = new DataClassRowMapper<>(MonthSales.class);
    private static final RowMapper<ProductProfit> PRODUCT_PROFIT = new DataClassRowMapper<>(ProductProfit.class);
    private static final RowMapper<CategoryProductProfit> CATEGORY_PRODUCT_PROFIT =
            new DataClassRowMapper<>(CategoryProductProfit.class);
    private static final RowMapper<CategoryProfit> CATEGORY_PROFIT = new DataClassRowMapper<>(CategoryProfit.class);
    private static final RowMapper<Product> PRODUCT = new DataClassRowMapper<>(Product.class);

    private final DataSource dataSource;
    private final JdbcClient jdbc;
    private final int fetchSize;

    /**
     * @param dataSource the pool ({@link JdbcSettings#dataSource}); its connections are in autocommit mode
     * @param fetchSize  rows per round trip of a streamed {@code first_N_products} ({@link JdbcSettings#fetchSize})
     */
    public JdbcStore(DataSource dataSource, int fetchSize) {
        if (fetchSize < 1) {
            throw new IllegalArgumentException("fetchSize must be at least 1: " + fetchSize);
        }
        this.dataSource = dataSource;
        this.jdbc = JdbcClient.create(dataSource);
        this.fetchSize = fetchSize;
    }

    public JdbcStore(DataSource dataSource, JdbcSettings settings) {
        this(dataSource, settings.fetchSize());
    }

    /** {@code ces_by_type}: the rows of that type letter (c, e, s, m), by {@code id_ces}. */
    @Override
    public List<Ces> cesByType(String type) {
        return run(() -> jdbc.sql(ItStoreSql.CES_BY_TYPE).param("type", type).query(CES).list());
    }

    /** {@code characteristics_for_product}: empty for a product without characteristics or an unknown id. */
    @Override
    public List<Characteristic> characteristicsForProduct(int productId) {
        return run(() -> jdbc.sql(ItStoreSql.CHARACTERISTICS_FOR_PRODUCT).param("productId", productId)
                .query(CHARACTERISTIC).list());
    }

    /** {@code max_invoice}: always one row; its value is null when there is no invoice. */
    @Override
    public MaxInvoice maxInvoice() {
        return run(() -> jdbc.sql(ItStoreSql.MAX_INVOICE).query(MAX_INVOICE).single());
    }

    /** {@code items_between_dates}: units of each product sold in the month. */
    @Override
    public List<ItemQuantity> itemsBetweenDates(ItemsPeriod period) {
        return run(() -> jdbc.sql(ItStoreSql.ITEMS_BETWEEN_DATES).param("year", period.year())
                .param("month", period.month()).query(ITEM_QUANTITY).list());
    }

    /** {@code sales_cost}: by year, then month. */
    @Override
    public List<SalesCost> salesCost() {
        return run(() -> jdbc.sql(ItStoreSql.SALES_COST).query(SALES_COST).list());
    }

    /** {@code month_with_greatest_sale}: ties kept. */
    @Override
    public List<MonthSales> monthWithGreatestSale() {
        return run(() -> jdbc.sql(ItStoreSql.MONTH_WITH_GREATEST_SALE).query(MONTH_SALES).list());
    }

    /** {@code profit_on_each_product}: by product name. */
    @Override
    public List<ProductProfit> profitOnEachProduct() {
        return run(() -> jdbc.sql(ItStoreSql.PROFIT_ON_EACH_PRODUCT).query(PRODUCT_PROFIT).list());
    }

    /** {@code product_max_profit}: per category the product(s) of greatest profit. */
    @Override
    public List<CategoryProductProfit> productMaxProfit() {
        return run(() -> jdbc.sql(ItStoreSql.PRODUCT_MAX_PROFIT).query(CATEGORY_PRODUCT_PROFIT).list());
    }

    /** {@code category_profit}: by category. */
    @Override
    public List<CategoryProfit> categoryProfit() {
        return run(() -> jdbc.sql(ItStoreSql.CATEGORY_PROFIT).query(CATEGORY_PROFIT).list());
    }

    /** {@code products/{id}}: empty when no product has the id (the web layer answers 404). */
    @Override
    public Optional<Product> productById(int id) {
        return run(() -> jdbc.sql(ItStoreSql.PRODUCT_BY_ID).param("id", id).query(PRODUCT).optional());
    }

    /**
     * {@code first_N_products}, materialized: every row in one list before the first is written (the original MVC's
     * behaviour, the lab's {@code materialize} switch). Autocommit on, so the driver reads the whole result at once.
     */
    @Override
    public List<Product> firstNProducts(int n) {
        return run(() -> jdbc.sql(ItStoreSql.FIRST_N_PRODUCTS).param("n", n).query(PRODUCT).list());
    }

    /**
     * {@code first_N_products}, streamed: hands the rows to {@code each} one at a time, in {@code id_prod} order, as
     * the driver fetches them {@code fetchSize} at a time; returns when the last row has been handed over. An
     * exception thrown by {@code each} stops the query and is rethrown.
     */
    @Override
    public void firstNProducts(int n, Consumer<? super Product> each) {
        try (Stream<Product> rows = streamFirstNProducts(n)) {
            rows.forEach(each);
        }
    }

    /**
     * {@code first_N_products}, streamed: a lazy stream over a server-side portal, read {@code fetchSize} rows per
     * round trip. It holds a pooled connection (autocommit off, as PostgreSQL's driver needs for a portal) until it is
     * closed: <strong>the caller must close it</strong> (try-with-resources, or {@code Flux.fromStream}, which closes
     * it on completion, error and cancel). Closing ends the transaction (a rollback: nothing was written), which also
     * closes the portal of a stream abandoned half-way, and gives the connection back in autocommit mode.
     *
     * <p>A failure to get the connection is thrown here (503 when the pool timed out); one while reading comes from
     * the stream's terminal operation as Spring's {@code DataAccessException} (by then part of the answer is written).
     */
    @Override
    public Stream<Product> streamFirstNProducts(int n) {
        Connection connection = run(this::connection);
        try {
            connection.setAutoCommit(false);
            JdbcTemplate template = new JdbcTemplate(new SingleConnectionDataSource(connection, true));
            template.setFetchSize(fetchSize);
            return JdbcClient.create(template).sql(ItStoreSql.FIRST_N_PRODUCTS).param("n", n).query(PRODUCT)
                    .stream().onClose(() -> release(connection));
        } catch (SQLException e) {
            release(connection);
            throw translate(new IllegalStateException("Cannot stream first_N_products", e));
        } catch (RuntimeException e) {
            release(connection);
            throw translate(e);
        }
    }

    private Connection connection() {
        try {
            return dataSource.getConnection();
        } catch (SQLException e) {
            throw translate(new IllegalStateException("Cannot get a connection", e));
        }
    }

    private static void release(Connection connection) {
        try {
            try {
                connection.rollback();
                connection.setAutoCommit(true);
            } finally {
                connection.close();
            }
        } catch (SQLException ignored) {
            // the pool discards a broken connection itself
        }
    }

    /**
     * The domain's 503 when {@code error} says the database is unreachable ({@link DatabaseFailures}), else
     * {@code error} itself: thrown here, not left to the web layer, because the WebFlux variant's error handling knows
     * only R2DBC's failures.
     */
    static RuntimeException translate(RuntimeException error) {
        return DatabaseFailures.unreachable(error) ? new ApiException.Unavailable(ApiException.Unavailable.DATABASE)
                : error;
    }

    private static <T> T run(Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            throw translate(e);
        }
    }
}
