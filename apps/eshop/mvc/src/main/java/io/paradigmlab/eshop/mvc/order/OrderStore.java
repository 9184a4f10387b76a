package io.paradigmlab.eshop.mvc.order;

import io.paradigmlab.eshop.domain.Order;
import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.schema.EshopSql;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/** OrderService's statements on MariaDB ({@code eshop_order}), exactly as {@link EshopSql} has them. */
public class OrderStore {

    private final JdbcClient jdbc;

    public OrderStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /**
     * {@link EshopSql#INSERT_ORDERS}: all lines in one statement ({@code :rows} expanded by Spring into
     * {@code (?, ?, ?), ...}).
     *
     * @return the row id of each line, by order number
     */
    public Map<String, Long> insert(List<OrderLine> lines) {
        List<Object[]> rows = lines.stream()
                .map(l -> new Object[] {l.orderNumber(), l.productCode(), l.quantity()}).toList();
        Map<String, Long> ids = new HashMap<>();
        jdbc.sql(EshopSql.INSERT_ORDERS).param("rows", rows)
                .query(rs -> {
                    ids.put(rs.getString("order_number"), rs.getLong("id"));
                });
        return ids;
    }

    /** {@link EshopSql#ORDER_BY_ID}. */
    public Optional<Order> byId(long id) {
        return jdbc.sql(EshopSql.ORDER_BY_ID).param("id", id).query(Order.class).optional();
    }
}
