package io.paradigmlab.eshop.mvc.order;

import io.paradigmlab.eshop.domain.error.StandardErrors;
import io.paradigmlab.eshop.domain.BatchOptions;
import io.paradigmlab.eshop.domain.BatchResult;
import io.paradigmlab.eshop.domain.Order;
import io.paradigmlab.eshop.domain.OrderBatch;
import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.request.EshopRequests;
import io.paradigmlab.eshop.mvc.common.Requests;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.UUID;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * OrderService's part of the contract (spec 2.7): the query checked first, then the body, then {@link OrderService}.
 */
@RestController
public class OrderController {

    private final OrderService orders;
    private final OrderStore store;

    public OrderController(OrderService orders, OrderStore store) {
        this.orders = orders;
        this.store = store;
    }

    @PostMapping("/orders/batch")
    ResponseEntity<BatchResult> batch(HttpServletRequest request, @RequestBody(required = false) OrderBatch body) {
        BatchOptions options = EshopRequests.batchOptions(Requests.values(request, "mode"),
                Requests.values(request, "delayMs"));
        List<OrderLine> lines = EshopRequests.orderBatch(body, UUID::randomUUID);
        return json(orders.place(options, lines));
    }

    @GetMapping("/orders/{id}")
    ResponseEntity<Order> byId(@PathVariable("id") String id) {
        long orderId = EshopRequests.orderId(id);
        return json(store.byId(orderId).orElseThrow(() -> new ApiException.NotFound(StandardErrors.ORDER_NOT_FOUND)));
    }

    private static <T> ResponseEntity<T> json(T body) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
    }
}
