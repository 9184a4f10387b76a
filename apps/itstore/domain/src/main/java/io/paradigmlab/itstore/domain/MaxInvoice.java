package io.paradigmlab.itstore.domain;

import java.math.BigDecimal;

/**
 * The answer of {@code /itStore/max_invoice}: the greatest {@code invoice.value}.
 *
 * @param maxValue scale 2; null when there is no invoice at all ({@code max} over no rows)
 */
public record MaxInvoice(BigDecimal maxValue) {

    public MaxInvoice {
        maxValue = Money.of(maxValue);
    }
}
