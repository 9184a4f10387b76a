package io.paradigmlab.eshop.mvc.order;

import io.paradigmlab.eshop.domain.error.StandardErrors;
import io.paradigmlab.eshop.domain.BatchMode;
import io.paradigmlab.eshop.domain.BatchOptions;
import io.paradigmlab.eshop.domain.BatchResult;
import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.domain.Orders;
import io.paradigmlab.eshop.domain.Rejected;
import io.paradigmlab.eshop.domain.ReservationOutcome;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.mvc.common.InventoryClient;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DuplicateKeyException;

/**
 * {@code POST /orders/batch}: reserve at Inventory (bulk: one call with every line; individual: one call per line
 * through the {@link FanOutExecutor}, at most {@code fanOut} in flight), then store the reserved lines in one
 * {@code INSERT_ORDERS}, and answer in request order ({@link Orders#result}).
 *
 * <p>Nothing acknowledged is lost, nothing reserved leaks: when the insert fails after Inventory reserved lines, the
 * reserved lines are given back ({@code POST /inventory/releases}) before answering 409 {@value #ORDER_NUMBER_EXISTS}
 * (an order number already stored: MariaDB's duplicate key, SQLState 23000 / error 1062) or 503
 * {@code Database unavailable}; when an individual call fails (Inventory unavailable) after others reserved, those
 * are given back before the 503.
 */
public class OrderService {

    /** The 409 of an order number that is already stored (no constant in the domain's error model). */
    public static final String ORDER_NUMBER_EXISTS = "order number exists";
    private static final int MARIADB_DUPLICATE_KEY = 1062;

    private static final Logger log = LoggerFactory.getLogger(OrderService.class);

    private final InventoryClient inventory;
    private final OrderStore store;
    private final FanOutExecutor fanOutExecutor;
    private final int fanOut;

    public OrderService(InventoryClient inventory, OrderStore store, FanOutExecutor fanOutExecutor, int fanOut) {
        this.inventory = inventory;
        this.store = store;
        this.fanOutExecutor = fanOutExecutor;
        this.fanOut = fanOut;
    }

    public int fanOut() {
        return fanOut;
    }

    /** Places a validated batch (every line numbered). */
    public BatchResult place(BatchOptions options, List<OrderLine> lines) {
        List<Rejected> rejected = options.mode() == BatchMode.BULK
                ? inventory.reserve(lines).rejected()
                : reserveEach(lines, options.delayMs());
        List<OrderLine> accepted = Orders.accepted(lines, rejected);
        Map<String, Long> ids = Map.of();
        if (!accepted.isEmpty()) {
            try {
                ids = store.insert(accepted);
            } catch (RuntimeException e) {
                release(accepted, e);
                if (duplicateKey(e)) {
                    throw new ApiException.Conflict(ORDER_NUMBER_EXISTS);
                }
                log.warn("Storing {} orders failed, reservations released: {}", accepted.size(), e.toString());
                throw new ApiException.Unavailable(ApiException.Unavailable.DATABASE);
            }
        }
        return Orders.result(lines, ids, rejected);
    }

    /** One call per line, {@link #fanOut} at a time; on a failure the lines already reserved are released. */
    private List<Rejected> reserveEach(List<OrderLine> lines, int delayMs) {
        FanOutExecutor.Outcome<ReservationOutcome> outcome =
                fanOutExecutor.map(lines, fanOut, line -> inventory.reserveOne(line, delayMs));
        if (outcome.failure() != null) {
            Map<String, OrderLine> byNumber = new HashMap<>();
            lines.forEach(l -> byNumber.put(l.orderNumber(), l));
            List<OrderLine> reserved = outcome.results().stream().filter(ReservationOutcome::reserved)
                    .map(o -> byNumber.get(o.orderNumber())).filter(l -> l != null).toList();
            if (!reserved.isEmpty()) {
                release(reserved, outcome.failure());
            }
            if (outcome.failure() instanceof RuntimeException e) {
                throw e;
            }
            throw new ApiException.Unavailable(StandardErrors.INVENTORY_UNAVAILABLE, InventoryClient.RETRY_AFTER_SECONDS);
        }
        return Orders.rejected(outcome.results());
    }

    /** The compensation: gives {@code lines} back to Inventory; a failure of it is logged (the stock then leaks). */
    private void release(List<OrderLine> lines, Throwable why) {
        try {
            inventory.release(lines);
        } catch (RuntimeException e) {
            log.error("Releasing {} reserved lines failed after {}; their stock stays reserved", lines.size(),
                    why.toString(), e);
        }
    }

    /** MariaDB's duplicate key (SQLState 23000, error 1062), as Spring translated it or as the driver threw it. */
    static boolean duplicateKey(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (e instanceof DuplicateKeyException) {
                return true;
            }
            if (e instanceof SQLException sql && "23000".equals(sql.getSQLState())
                    && sql.getErrorCode() == MARIADB_DUPLICATE_KEY) {
                return true;
            }
        }
        return false;
    }
}
