package io.paradigmlab.eshop.webflux.order;

import io.paradigmlab.eshop.domain.BatchMode;
import io.paradigmlab.eshop.domain.BatchOptions;
import io.paradigmlab.eshop.domain.BatchResult;
import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.domain.Orders;
import io.paradigmlab.eshop.domain.Rejected;
import io.paradigmlab.eshop.domain.ReservationOutcome;
import io.paradigmlab.eshop.domain.ReservationResult;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.DatabaseFailures;
import io.paradigmlab.eshop.webflux.common.InventoryClient;
import io.r2dbc.spi.R2dbcException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * {@code POST /orders/batch} once its input is valid: reserve through Inventory (bulk: one call with every line;
 * individual: one call per line, at most {@code fanOut} in flight, {@code Flux.flatMap(call, fanOut)}), then store
 * the reserved lines with one {@code INSERT_ORDERS}. When the insert fails after a reservation, the reserved lines are
 * given back ({@code POST /inventory/releases}) before answering: 409 {@link #ORDER_NUMBER_EXISTS} for a duplicate
 * key (SQLState 23000, error 1062), 503 Database unavailable otherwise. Nothing acknowledged is lost, nothing
 * reserved leaks.
 */
public class OrderService {

    /** The 409 of an order number that is already stored (the domain has no constant for it yet). */
    public static final String ORDER_NUMBER_EXISTS = "order number exists";

    private static final Logger log = LoggerFactory.getLogger(OrderService.class);
    private static final int DUPLICATE_KEY = 1062;
    private static final String INTEGRITY_VIOLATION = "23000";

    private final OrderStore store;
    private final InventoryClient inventory;
    private final int fanOut;

    public OrderService(OrderStore store, InventoryClient inventory, int fanOut) {
        this.store = store;
        this.inventory = inventory;
        this.fanOut = fanOut;
    }

    public int fanOut() {
        return fanOut;
    }

    /** @param lines validated, every one with its order number */
    public Mono<BatchResult> place(List<OrderLine> lines, BatchOptions options) {
        return reserve(lines, options).flatMap(rejected -> {
            List<OrderLine> accepted = Orders.accepted(lines, rejected);
            if (accepted.isEmpty()) {
                return Mono.just(Orders.result(lines, Map.of(), rejected));
            }
            return store.insert(accepted)
                    .onErrorResume(e -> compensate(accepted, e))
                    .map(ids -> Orders.result(lines, ids, rejected));
        });
    }

    private Mono<List<Rejected>> reserve(List<OrderLine> lines, BatchOptions options) {
        if (options.mode() == BatchMode.BULK) {
            return inventory.reserve(lines).map(ReservationResult::rejected);
        }
        // as the MVC variants: after the first failed call no further call is sent, the calls in flight are awaited,
        // and the lines they reserved are given back before the failure is answered
        AtomicBoolean failed = new AtomicBoolean();
        return Flux.fromIterable(lines)
                .takeWhile(line -> !failed.get())
                .flatMap(line -> inventory.reserveOne(line, options.delayMs())
                        .map(Call::done)
                        .onErrorResume(e -> {
                            failed.set(true);
                            return Mono.just(Call.failed(e));
                        }), fanOut)
                .collectList()
                .flatMap(calls -> {
                    Throwable failure = calls.stream().map(Call::failure).filter(Objects::nonNull).findFirst()
                            .orElse(null);
                    List<ReservationOutcome> outcomes = calls.stream().map(Call::outcome).filter(Objects::nonNull)
                            .toList();
                    if (failure == null) {
                        return Mono.just(Orders.rejected(outcomes));
                    }
                    Map<String, OrderLine> byNumber = new HashMap<>();
                    lines.forEach(l -> byNumber.put(l.orderNumber(), l));
                    List<OrderLine> reserved = outcomes.stream().filter(ReservationOutcome::reserved)
                            .map(o -> byNumber.get(o.orderNumber())).filter(Objects::nonNull).toList();
                    Mono<Void> release = reserved.isEmpty() ? Mono.empty() : inventory.release(reserved)
                            .doOnError(e -> log.error("Releasing {} reserved lines failed after {}; their stock stays"
                                    + " reserved", reserved.size(), failure.toString(), e))
                            .onErrorResume(e -> Mono.empty()).then();
                    return release.then(Mono.error(failure));
                });
    }

    /** One individual reservation call: its outcome, or why it failed. */
    private record Call(ReservationOutcome outcome, Throwable failure) {
        static Call done(ReservationOutcome outcome) {
            return new Call(outcome, null);
        }

        static Call failed(Throwable failure) {
            return new Call(null, failure);
        }
    }

    /** Gives the reserved lines back, then fails with the insert's answer (the release's own failure is logged). */
    private Mono<Map<String, Long>> compensate(List<OrderLine> reserved, Throwable insertError) {
        ApiException answer = answer(insertError);
        return inventory.release(reserved)
                .doOnError(e -> log.error("Releasing {} reserved lines after a failed insert failed; their stock"
                        + " is lost until the lab resets it", reserved.size(), e))
                .onErrorResume(e -> Mono.empty())
                .then(Mono.error(answer));
    }

    private static ApiException answer(Throwable insertError) {
        R2dbcException driver = DatabaseFailures.driverError(insertError) instanceof R2dbcException r ? r : null;
        boolean duplicate = insertError instanceof DuplicateKeyException
                || (driver != null && (driver.getErrorCode() == DUPLICATE_KEY
                        || INTEGRITY_VIOLATION.equals(driver.getSqlState())));
        if (duplicate) {
            return new ApiException.Conflict(ORDER_NUMBER_EXISTS);
        }
        if (!DatabaseFailures.unreachable(insertError)) {
            log.warn("Storing orders failed, answering 503: {}", insertError.toString());
        }
        return new ApiException.Unavailable(ApiException.Unavailable.DATABASE);
    }
}
