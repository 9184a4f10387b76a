package io.paradigmlab.eshop.domain;

/**
 * A product's stock: the answer of {@code PUT /products/{id}/stock}, {@code PUT /inventory/{code}} and
 * {@code GET /inventory/{code}}: {@code {code,quantity}}.
 *
 * @param code     the product code
 * @param quantity 0..1,000,000,000
 */
public record StockLevel(String code, long quantity) {
}
