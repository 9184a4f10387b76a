package io.paradigmlab.eshop.domain;

import java.util.List;

/**
 * The answer of {@code POST /inventory/reservations}: {@code {rejected:[{orderNumber,productCode}]}}, in the order of
 * the request's lines; every line not listed was reserved (its stock decremented once).
 */
public record ReservationResult(List<Rejected> rejected) {

    public ReservationResult {
        rejected = List.copyOf(rejected);
    }
}
