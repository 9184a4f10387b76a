package io.paradigmlab.eshop.mvc.product;

import io.paradigmlab.eshop.domain.error.StandardErrors;
import io.paradigmlab.eshop.domain.NewProduct;
import io.paradigmlab.eshop.domain.Product;
import io.paradigmlab.eshop.domain.csv.ProductCsv;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.schema.EshopSql;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * ProductService's statements on PostgreSQL ({@code eshop_product}), each exactly as {@link EshopSql} has it, one
 * statement per call (the import: one per {@link ProductCsv#BATCH_SIZE} rows), through Spring's {@link JdbcClient}
 * over HikariCP.
 */
public class ProductStore {

    private final JdbcClient jdbc;
    private final TransactionTemplate transaction;

    public ProductStore(JdbcClient jdbc, TransactionTemplate transaction) {
        this.jdbc = jdbc;
        this.transaction = transaction;
    }

    /** {@link EshopSql#INSERT_PRODUCT}: the stored product, or empty when the code exists. */
    public Optional<Product> insert(NewProduct p) {
        return jdbc.sql(EshopSql.INSERT_PRODUCT)
                .param("code", p.code())
                .param("name", p.name())
                .param("category", p.category())
                .param("price", p.price())
                .param("description", p.description())
                .query(Product.class).optional();
    }

    /** {@link EshopSql#PRODUCT_BY_ID}. */
    public Optional<Product> byId(long id) {
        return jdbc.sql(EshopSql.PRODUCT_BY_ID).param("id", id).query(Product.class).optional();
    }

    /** {@link EshopSql#PRODUCT_CODE_BY_ID}. */
    public Optional<String> codeById(long id) {
        return jdbc.sql(EshopSql.PRODUCT_CODE_BY_ID).param("id", id).query(String.class).optional();
    }

    /**
     * {@link EshopSql#EXPORT_PRODUCTS} read as a cursor ({@link ProductCsv#BATCH_SIZE} rows per fetch: pgjdbc needs a
     * transaction for that, so the statement runs in one) and written to {@code out} as CSV row by row while it is
     * read: the header, then one record per row. Never the whole table in memory: the writer's buffer is flushed to
     * {@code out} as it fills.
     */
    public void export(OutputStream out) {
        Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        StringBuilder row = new StringBuilder(256);
        transaction.executeWithoutResult(status -> {
            try {
                writer.write(ProductCsv.headerLine());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            jdbc.sql(EshopSql.EXPORT_PRODUCTS).withFetchSize(ProductCsv.BATCH_SIZE).query(rs -> {
                row.setLength(0);
                ProductCsv.appendRow(row, new NewProduct(rs.getString(1), rs.getString(2), rs.getString(3),
                        rs.getBigDecimal(4), rs.getString(5)));
                try {
                    writer.append(row);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        });
        try {
            writer.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@link EshopSql#IMPORT_PRODUCTS} once per {@link ProductCsv#BATCH_SIZE} products, all in one transaction: a
     * batch that inserts fewer rows than it has (a code that exists) rolls everything back.
     *
     * @return the number of products saved (all of them)
     * @throws ApiException.Conflict when a code exists; nothing is saved then
     */
    public int importAll(List<NewProduct> products) {
        Integer saved = transaction.execute(status -> {
            int total = 0;
            for (int from = 0; from < products.size(); from += ProductCsv.BATCH_SIZE) {
                int to = Math.min(products.size(), from + ProductCsv.BATCH_SIZE);
                List<NewProduct> batch = products.subList(from, to);
                int n = batch.size();
                String[] codes = new String[n];
                String[] names = new String[n];
                String[] categories = new String[n];
                BigDecimal[] prices = new BigDecimal[n];
                String[] descriptions = new String[n];
                for (int i = 0; i < n; i++) {
                    NewProduct p = batch.get(i);
                    codes[i] = p.code();
                    names[i] = p.name();
                    categories[i] = p.category();
                    prices[i] = p.price();
                    descriptions[i] = p.description() == null ? "" : p.description();
                }
                int inserted = jdbc.sql(EshopSql.IMPORT_PRODUCTS)
                        .param("codes", codes)
                        .param("names", names)
                        .param("categories", categories)
                        .param("prices", prices)
                        .param("descriptions", descriptions)
                        .update();
                if (inserted < n) {
                    // a code exists: the exception rolls the whole import back
                    throw new ApiException.Conflict(StandardErrors.DUPLICATE_CODE);
                }
                total += inserted;
            }
            return total;
        });
        return saved == null ? 0 : saved;
    }
}
