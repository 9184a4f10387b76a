package io.paradigmlab.eshop.domain;

/**
 * The answer of {@code POST /inventory/reservations/one}: {@code {orderNumber,productCode,status}}.
 *
 * @param status {@code RESERVED} when the stock was decremented, {@code REJECTED} when the code is unknown or the
 *               stock is below the quantity (nothing changed)
 */
public record ReservationOutcome(String orderNumber, String productCode, Status status) {

    /** Whether a line was reserved; serialized by name. */
    public enum Status {
        RESERVED, REJECTED
    }

    public static ReservationOutcome of(OrderLine line, boolean reserved) {
        return new ReservationOutcome(line.orderNumber(), line.productCode(),
                reserved ? Status.RESERVED : Status.REJECTED);
    }

    public boolean reserved() {
        return status == Status.RESERVED;
    }
}
