package io.paradigmlab.itstore.domain;

/**
 * The element of {@code /itStore/items_between_dates}: how many units of a product were sold in the month.
 *
 * @param prodName {@code prod_name}
 * @param quantity {@code sum(item.quantity)} (a {@code bigint} in PostgreSQL)
 */
public record ItemQuantity(String prodName, long quantity) {
}
