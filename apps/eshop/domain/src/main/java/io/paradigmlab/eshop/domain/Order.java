package io.paradigmlab.eshop.domain;

/**
 * A stored order, the body of {@code GET /orders/{id}}: {@code {id,orderNumber,productCode,quantity}}. The row's
 * {@code created_at} is left out on purpose: it differs between runs and variants, and the suite compares bodies.
 */
public record Order(long id, String orderNumber, String productCode, int quantity) {
}
