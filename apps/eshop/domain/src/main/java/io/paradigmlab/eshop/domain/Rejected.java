package io.paradigmlab.eshop.domain;

/**
 * A line Inventory could not reserve (unknown code, or less stock than ordered): "returns the product code" (seed
 * 003, section 3), with the order it belongs to. {@code {orderNumber,productCode}}.
 */
public record Rejected(String orderNumber, String productCode) {

    public static Rejected of(OrderLine line) {
        return new Rejected(line.orderNumber(), line.productCode());
    }
}
