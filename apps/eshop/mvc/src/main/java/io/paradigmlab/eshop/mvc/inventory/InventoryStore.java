package io.paradigmlab.eshop.mvc.inventory;

import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.domain.Reservations;
import io.paradigmlab.eshop.domain.StockLevel;
import io.paradigmlab.eshop.schema.EshopSql;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * InventoryService's statements on PostgreSQL ({@code eshop_inventory}), each exactly as {@link EshopSql} has it, one
 * statement per call, in auto-commit (no transaction around a request's statements: each is atomic on its own).
 */
public class InventoryStore {

    private final JdbcClient jdbc;

    public InventoryStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** {@link EshopSql#UPSERT_STOCK}. */
    public StockLevel upsert(String code, long quantity) {
        return jdbc.sql(EshopSql.UPSERT_STOCK).param("code", code).param("quantity", quantity)
                .query(StockLevel.class).single();
    }

    /** {@link EshopSql#STOCK_BY_CODE}. */
    public Optional<StockLevel> byCode(String code) {
        return jdbc.sql(EshopSql.STOCK_BY_CODE).param("code", code).query(StockLevel.class).optional();
    }

    /** {@link EshopSql#RESERVE_MANY} for one round (distinct codes): the codes reserved. */
    public List<String> reserveMany(List<OrderLine> round) {
        return jdbc.sql(EshopSql.RESERVE_MANY)
                .param("codes", Reservations.codes(round))
                .param("quantities", Reservations.quantities(round))
                .query(String.class).list();
    }

    /** {@link EshopSql#RESERVE_ONE}: whether the line was reserved. */
    public boolean reserveOne(OrderLine line) {
        return jdbc.sql(EshopSql.RESERVE_ONE).param("quantity", line.quantity()).param("code", line.productCode())
                .update() == 1;
    }

    /** {@link EshopSql#RELEASE_MANY}: the stock rows given back. */
    public int release(List<OrderLine> lines) {
        return jdbc.sql(EshopSql.RELEASE_MANY)
                .param("codes", Reservations.codes(lines))
                .param("quantities", Reservations.quantities(lines))
                .update();
    }
}
