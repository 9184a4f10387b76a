package io.paradigmlab.itstore.domain;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Amounts of money as the contract writes them: {@link BigDecimal} with scale 2, so {@code 12.5} is always written
 * {@code 12.50}, whichever driver read it. Every column summed or subtracted by the queries is {@code DECIMAL(9,2)}
 * or {@code DECIMAL(7,2)} times an integer, so PostgreSQL already answers with scale 2 and this changes nothing but
 * trailing zeros; a value with more decimals would be a bug and fails loudly instead of being rounded.
 */
public final class Money {

    /** The scale of every amount in a response. */
    public static final int SCALE = 2;

    private Money() {
    }

    /**
     * @return {@code value} with scale 2, or null for null (an aggregate over no rows)
     * @throws ArithmeticException when {@code value} has non-zero digits beyond the second decimal
     */
    public static BigDecimal of(BigDecimal value) {
        return value == null ? null : value.setScale(SCALE, RoundingMode.UNNECESSARY);
    }
}
