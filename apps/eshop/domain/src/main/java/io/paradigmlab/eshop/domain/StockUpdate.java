package io.paradigmlab.eshop.domain;

/**
 * The body of {@code PUT /products/{id}/stock} and {@code PUT /inventory/{code}}: {@code {quantity}}, 0..1e9. Boxed
 * so that an absent field is told from zero ({@code EshopRequests.stockQuantity}).
 */
public record StockUpdate(Long quantity) {
}
