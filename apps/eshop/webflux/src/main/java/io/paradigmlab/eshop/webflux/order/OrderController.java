package io.paradigmlab.eshop.webflux.order;

import io.paradigmlab.eshop.domain.error.StandardErrors;
import static io.paradigmlab.common.web.flux.QueryParameters.query;
import static io.paradigmlab.eshop.webflux.common.Requests.json;

import io.paradigmlab.eshop.domain.BatchOptions;
import io.paradigmlab.eshop.domain.BatchResult;
import io.paradigmlab.eshop.domain.Order;
import io.paradigmlab.eshop.domain.OrderBatch;
import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.request.EshopRequests;
import java.util.List;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/** OrderService's endpoints (spec 2.7): the query's options, then the body, validated before any call. */
@RestController
public class OrderController {

    private final OrderService orders;
    private final OrderStore store;

    public OrderController(OrderService orders, OrderStore store) {
        this.orders = orders;
        this.store = store;
    }

    @PostMapping("/orders/batch")
    public Mono<ResponseEntity<BatchResult>> batch(ServerHttpRequest request,
                                                   @RequestBody(required = false) OrderBatch body) {
        BatchOptions options = EshopRequests.batchOptions(query(request, "mode"), query(request, "delayMs"));
        List<OrderLine> lines = EshopRequests.orderBatch(body, UUID::randomUUID);
        return orders.place(lines, options).map(result -> json(result));
    }

    @GetMapping("/orders/{id}")
    public Mono<ResponseEntity<Order>> byId(@PathVariable("id") String id) {
        return store.byId(EshopRequests.orderId(id))
                .switchIfEmpty(Mono.error(() -> new ApiException.NotFound(StandardErrors.ORDER_NOT_FOUND)))
                .map(order -> json(order));
    }
}
