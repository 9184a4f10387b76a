package io.paradigmlab.eshop.domain;

/**
 * One order: a line of {@code POST /orders/batch} ({@code orderNumber} optional there) and of the reservations Order
 * sends Inventory ({@code orderNumber} always set, since Order fills it in before calling). As received it may hold
 * anything; {@code EshopRequests} checks it.
 *
 * @param orderNumber a UUID in its 36-character form, lower case once validated
 * @param productCode {@code P} and 7 digits
 * @param quantity    1..1,000,000,000 (boxed: absent is not zero)
 */
public record OrderLine(String orderNumber, String productCode, Long quantity) {
}
