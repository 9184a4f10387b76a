package io.paradigmlab.eshop.domain;

/** An order that was reserved and written to MariaDB: {@code {orderNumber,id}} ({@code id} is the row's key). */
public record Accepted(String orderNumber, long id) {
}
