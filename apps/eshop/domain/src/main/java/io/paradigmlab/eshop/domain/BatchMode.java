package io.paradigmlab.eshop.domain;

/**
 * How Order asks Inventory to reserve a batch ({@code POST /orders/batch?mode=}): {@link #BULK} in one call
 * (scenario O1), {@link #INDIVIDUAL} one call per line, fanned out up to {@link FanOut} at a time (O2).
 */
public enum BatchMode {
    /** One {@code POST /inventory/reservations} with every line. The default. */
    BULK("bulk"),
    /** One {@code POST /inventory/reservations/one?delayMs=} per line. */
    INDIVIDUAL("individual");

    private final String wire;

    BatchMode(String wire) {
        this.wire = wire;
    }

    /** The value of the {@code mode} query parameter. */
    public String wire() {
        return wire;
    }
}
