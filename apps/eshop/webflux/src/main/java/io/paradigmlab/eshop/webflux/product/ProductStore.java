package io.paradigmlab.eshop.webflux.product;

import io.paradigmlab.eshop.domain.error.StandardErrors;
import io.paradigmlab.eshop.domain.NewProduct;
import io.paradigmlab.eshop.domain.Product;
import io.paradigmlab.eshop.domain.csv.ProductCsv;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.schema.EshopSql;
import io.r2dbc.spi.Readable;
import java.math.BigDecimal;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.reactive.TransactionalOperator;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * ProductService's database (PostgreSQL {@code eshop_product}) through Spring's {@link DatabaseClient} on
 * r2dbc-postgresql: each method runs the {@link EshopSql} statements of its endpoint, verbatim, nothing else.
 */
public class ProductStore {

    private final DatabaseClient db;
    private final TransactionalOperator transactions;

    public ProductStore(DatabaseClient db, TransactionalOperator transactions) {
        this.db = db;
        this.transactions = transactions;
    }

    /** {@link EshopSql#INSERT_PRODUCT}: the stored product, or empty when the code exists. */
    public Mono<Product> insert(NewProduct p) {
        return db.sql(EshopSql.INSERT_PRODUCT)
                .bind("code", p.code())
                .bind("name", p.name())
                .bind("category", p.category())
                .bind("price", p.price())
                .bind("description", p.description())
                .map(ProductStore::product).one();
    }

    /** {@link EshopSql#PRODUCT_BY_ID}. */
    public Mono<Product> byId(long id) {
        return db.sql(EshopSql.PRODUCT_BY_ID).bind("id", id).map(ProductStore::product).one();
    }

    /** {@link EshopSql#PRODUCT_CODE_BY_ID}: the code, or empty when there is no such product. */
    public Mono<String> codeById(long id) {
        return db.sql(EshopSql.PRODUCT_CODE_BY_ID).bind("id", id).map(row -> row.get("code", String.class)).one();
    }

    /**
     * {@link EshopSql#EXPORT_PRODUCTS} as a cursor: rows as the driver fetches them, {@link ProductCsv#BATCH_SIZE} per
     * round trip, as far as the subscriber's demand goes; a cancel ends the query.
     */
    public Flux<NewProduct> export() {
        return db.sql(EshopSql.EXPORT_PRODUCTS)
                .filter(statement -> statement.fetchSize(ProductCsv.BATCH_SIZE))
                .map(row -> new NewProduct(row.get("code", String.class), row.get("name", String.class),
                        row.get("category", String.class), row.get("price", BigDecimal.class),
                        row.get("description", String.class)))
                .all();
    }

    /**
     * {@link EshopSql#IMPORT_PRODUCTS} once per {@link ProductCsv#BATCH_SIZE} products, in one transaction: a batch
     * that inserts fewer rows than it has (a code that exists) fails the import with 409 and rolls it back.
     *
     * @return the number of rows inserted (all of them)
     */
    public Mono<Integer> importAll(List<NewProduct> products) {
        int batches = (products.size() + ProductCsv.BATCH_SIZE - 1) / ProductCsv.BATCH_SIZE;
        return Flux.range(0, batches)
                .map(i -> products.subList(i * ProductCsv.BATCH_SIZE,
                        Math.min(products.size(), (i + 1) * ProductCsv.BATCH_SIZE)))
                .concatMap(this::importBatch)
                .reduce(0, Integer::sum)
                .as(transactions::transactional);
    }

    private Mono<Integer> importBatch(List<NewProduct> batch) {
        return db.sql(EshopSql.IMPORT_PRODUCTS)
                .bind("codes", batch.stream().map(NewProduct::code).toArray(String[]::new))
                .bind("names", batch.stream().map(NewProduct::name).toArray(String[]::new))
                .bind("categories", batch.stream().map(NewProduct::category).toArray(String[]::new))
                .bind("prices", batch.stream().map(NewProduct::price).toArray(BigDecimal[]::new))
                .bind("descriptions", batch.stream().map(NewProduct::description).toArray(String[]::new))
                .fetch().rowsUpdated()
                .flatMap(n -> n < batch.size()
                        ? Mono.error(new ApiException.Conflict(StandardErrors.DUPLICATE_CODE))
                        : Mono.just(batch.size()));
    }

    private static Product product(Readable row) {
        return new Product(row.get("id", Long.class), row.get("code", String.class), row.get("name", String.class),
                row.get("category", String.class), row.get("price", BigDecimal.class),
                row.get("description", String.class));
    }
}
