package io.paradigmlab.eshop.mvc.inventory;

import io.paradigmlab.eshop.domain.error.StandardErrors;
import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.domain.Rejected;
import io.paradigmlab.eshop.domain.ReleaseResult;
import io.paradigmlab.eshop.domain.ReservationOutcome;
import io.paradigmlab.eshop.domain.ReservationResult;
import io.paradigmlab.eshop.domain.Reservations;
import io.paradigmlab.eshop.domain.StockLevel;
import io.paradigmlab.eshop.domain.StockUpdate;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.request.EshopRequests;
import io.paradigmlab.eshop.mvc.common.Requests;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * InventoryService's part of the contract (spec 2.7), on the request thread. Stock changes are the atomic conditional
 * statements of {@code EshopSql}, never read-modify-write here.
 */
@RestController
public class InventoryController {

    private final InventoryStore store;

    public InventoryController(InventoryStore store) {
        this.store = store;
    }

    @PutMapping("/inventory/{code}")
    ResponseEntity<StockLevel> put(@PathVariable("code") String code, @RequestBody(required = false) StockUpdate body) {
        String checked = EshopRequests.code(code);
        long quantity = EshopRequests.stockQuantity(body);
        return json(store.upsert(checked, quantity));
    }

    @GetMapping("/inventory/{code}")
    ResponseEntity<StockLevel> get(@PathVariable("code") String code) {
        String checked = EshopRequests.code(code);
        return json(store.byCode(checked).orElseThrow(() -> new ApiException.NotFound(StandardErrors.STOCK_NOT_FOUND)));
    }

    /** One {@code RESERVE_MANY} per round of distinct codes, one after the other, no transaction around them. */
    @PostMapping("/inventory/reservations")
    ResponseEntity<ReservationResult> reserve(@RequestBody(required = false) List<OrderLine> body) {
        List<OrderLine> lines = EshopRequests.reservations(body);
        List<Rejected> rejected = new ArrayList<>();
        for (List<OrderLine> round : Reservations.rounds(lines)) {
            rejected.addAll(Reservations.rejected(round, store.reserveMany(round)));
        }
        return json(Reservations.result(lines, rejected));
    }

    /** The delay first, holding no connection, then one {@code RESERVE_ONE}. */
    @PostMapping("/inventory/reservations/one")
    ResponseEntity<ReservationOutcome> reserveOne(HttpServletRequest request,
            @RequestBody(required = false) OrderLine body) throws InterruptedException {
        int delayMs = EshopRequests.reservationDelayMs(Requests.values(request, "delayMs"));
        OrderLine line = EshopRequests.reservation(body);
        if (delayMs > 0) {
            Thread.sleep(delayMs);
        }
        return json(ReservationOutcome.of(line, store.reserveOne(line)));
    }

    /** Order's compensation: one {@code RELEASE_MANY}. */
    @PostMapping("/inventory/releases")
    ResponseEntity<ReleaseResult> release(@RequestBody(required = false) List<OrderLine> body) {
        List<OrderLine> lines = EshopRequests.reservations(body);
        return json(new ReleaseResult(store.release(lines)));
    }

    private static <T> ResponseEntity<T> json(T body) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
    }
}
