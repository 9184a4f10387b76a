package io.paradigmlab.eshop.webflux.order;

import io.paradigmlab.eshop.domain.Order;
import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.schema.EshopSql;
import java.util.List;
import java.util.Map;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/**
 * OrderService's database (MariaDB {@code eshop_order}) through Spring's {@link DatabaseClient} on r2dbc-mariadb:
 * each method runs one {@link EshopSql} statement, verbatim.
 */
public class OrderStore {

    private final DatabaseClient db;

    public OrderStore(DatabaseClient db) {
        this.db = db;
    }

    /**
     * {@link EshopSql#INSERT_ORDERS} with every line in one statement: the row id of each, by order number (read
     * from {@code RETURNING id, order_number}).
     */
    public Mono<Map<String, Long>> insert(List<OrderLine> lines) {
        List<Object[]> rows = lines.stream()
                .map(l -> new Object[] {l.orderNumber(), l.productCode(), l.quantity()}).toList();
        return db.sql(EshopSql.INSERT_ORDERS).bind("rows", rows)
                .map(row -> Map.entry(row.get("order_number", String.class), row.get("id", Long.class)))
                .all()
                .collectMap(Map.Entry::getKey, Map.Entry::getValue);
    }

    /** {@link EshopSql#ORDER_BY_ID}. */
    public Mono<Order> byId(long id) {
        return db.sql(EshopSql.ORDER_BY_ID).bind("id", id)
                .map(row -> new Order(row.get("id", Long.class), row.get("order_number", String.class),
                        row.get("product_code", String.class), row.get("quantity", Integer.class)))
                .one();
    }
}
