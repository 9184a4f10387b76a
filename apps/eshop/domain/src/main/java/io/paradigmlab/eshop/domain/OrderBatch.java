package io.paradigmlab.eshop.domain;

import java.util.List;

/** The body of {@code POST /orders/batch}: {@code {orders:[{orderNumber?,productCode,quantity}]}}, 1..1,000 lines. */
public record OrderBatch(List<OrderLine> orders) {
}
