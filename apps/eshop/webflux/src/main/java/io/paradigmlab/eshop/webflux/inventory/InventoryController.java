package io.paradigmlab.eshop.webflux.inventory;

import io.paradigmlab.eshop.domain.error.StandardErrors;
import static io.paradigmlab.common.web.flux.QueryParameters.query;
import static io.paradigmlab.eshop.webflux.common.Requests.json;

import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.domain.ReleaseResult;
import io.paradigmlab.eshop.domain.ReservationOutcome;
import io.paradigmlab.eshop.domain.ReservationResult;
import io.paradigmlab.eshop.domain.StockLevel;
import io.paradigmlab.eshop.domain.StockUpdate;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.request.EshopRequests;
import java.time.Duration;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * InventoryService's endpoints (spec 2.7), non-blocking: validated by {@link EshopRequests}, then the endpoint's
 * statements through {@link InventoryStore}. A single reservation waits its {@code delayMs} first, with a
 * {@link Mono#delay} that holds no connection, then runs its one statement.
 */
@RestController
public class InventoryController {

    private final InventoryStore store;

    public InventoryController(InventoryStore store) {
        this.store = store;
    }

    @PutMapping("/inventory/{code}")
    public Mono<ResponseEntity<StockLevel>> setStock(@PathVariable("code") String code,
                                                     @RequestBody(required = false) StockUpdate body) {
        String checked = EshopRequests.code(code);
        long quantity = EshopRequests.stockQuantity(body);
        return store.upsert(checked, quantity).map(level -> json(level));
    }

    @GetMapping("/inventory/{code}")
    public Mono<ResponseEntity<StockLevel>> stock(@PathVariable("code") String code) {
        return store.byCode(EshopRequests.code(code))
                .switchIfEmpty(Mono.error(() -> new ApiException.NotFound(StandardErrors.STOCK_NOT_FOUND)))
                .map(level -> json(level));
    }

    @PostMapping("/inventory/reservations")
    public Mono<ResponseEntity<ReservationResult>> reserve(@RequestBody(required = false) List<OrderLine> body) {
        List<OrderLine> lines = EshopRequests.reservations(body);
        return store.reserve(lines).map(result -> json(result));
    }

    /** {@code delayMs} first, then the line: both before the wait and the statement. */
    @PostMapping("/inventory/reservations/one")
    public Mono<ResponseEntity<ReservationOutcome>> reserveOne(ServerHttpRequest request,
                                                               @RequestBody(required = false) OrderLine body) {
        int delayMs = EshopRequests.reservationDelayMs(query(request, "delayMs"));
        OrderLine line = EshopRequests.reservation(body);
        Mono<ResponseEntity<ReservationOutcome>> reserve = store.reserveOne(line)
                .map(reserved -> json(ReservationOutcome.of(line, reserved)));
        return delayMs == 0 ? reserve : Mono.delay(Duration.ofMillis(delayMs)).then(reserve);
    }

    @PostMapping("/inventory/releases")
    public Mono<ResponseEntity<ReleaseResult>> release(@RequestBody(required = false) List<OrderLine> body) {
        List<OrderLine> lines = EshopRequests.reservations(body);
        return store.release(lines).map(n -> json(new ReleaseResult(n)));
    }
}
