package io.paradigmlab.eshop.webflux.inventory;

import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.domain.Rejected;
import io.paradigmlab.eshop.domain.ReservationResult;
import io.paradigmlab.eshop.domain.Reservations;
import io.paradigmlab.eshop.domain.StockLevel;
import io.paradigmlab.eshop.schema.EshopSql;
import java.util.List;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * InventoryService's database (PostgreSQL {@code eshop_inventory}) through Spring's {@link DatabaseClient} on
 * r2dbc-postgresql: each method runs the {@link EshopSql} statements of its endpoint, verbatim. Stock changes are the
 * statements' atomic conditional updates, never read-modify-write here.
 */
public class InventoryStore {

    private final DatabaseClient db;

    public InventoryStore(DatabaseClient db) {
        this.db = db;
    }

    /** {@link EshopSql#UPSERT_STOCK}. */
    public Mono<StockLevel> upsert(String code, long quantity) {
        return db.sql(EshopSql.UPSERT_STOCK).bind("code", code).bind("quantity", quantity)
                .map(row -> new StockLevel(row.get("code", String.class), row.get("quantity", Long.class))).one();
    }

    /** {@link EshopSql#STOCK_BY_CODE}. */
    public Mono<StockLevel> byCode(String code) {
        return db.sql(EshopSql.STOCK_BY_CODE).bind("code", code)
                .map(row -> new StockLevel(row.get("code", String.class), row.get("quantity", Long.class))).one();
    }

    /**
     * One {@link EshopSql#RESERVE_MANY} per round of {@link Reservations#rounds}, one after the other, no
     * transaction around them; the rejected lines of all rounds in request order.
     */
    public Mono<ReservationResult> reserve(List<OrderLine> lines) {
        return Flux.fromIterable(Reservations.rounds(lines))
                .concatMap(round -> db.sql(EshopSql.RESERVE_MANY)
                        .bind("codes", Reservations.codes(round))
                        .bind("quantities", Reservations.quantities(round))
                        .map(row -> row.get("code", String.class)).all()
                        .collectList()
                        .map(reserved -> Reservations.rejected(round, reserved)))
                .collectList()
                .map(perRound -> Reservations.result(lines,
                        perRound.stream().flatMap(List<Rejected>::stream).toList()));
    }

    /** {@link EshopSql#RESERVE_ONE}: whether the line was reserved (one row changed). */
    public Mono<Boolean> reserveOne(OrderLine line) {
        return db.sql(EshopSql.RESERVE_ONE).bind("quantity", line.quantity()).bind("code", line.productCode())
                .fetch().rowsUpdated().map(n -> n == 1);
    }

    /** {@link EshopSql#RELEASE_MANY}: the rows whose stock was given back. */
    public Mono<Integer> release(List<OrderLine> lines) {
        return db.sql(EshopSql.RELEASE_MANY)
                .bind("codes", lines.stream().map(OrderLine::productCode).toArray(String[]::new))
                .bind("quantities", lines.stream().map(OrderLine::quantity).toArray(Long[]::new))
                .fetch().rowsUpdated().map(Long::intValue);
    }
}
