package io.paradigmlab.itstore.domain;

import java.math.BigDecimal;

/**
 * The element of {@code /itStore/sales_cost}: the value of the sale invoices ({@code type = 'c'}) and of the purchase
 * invoices ({@code 's'}) of one month; a month with only one of the two is not listed (the query joins them).
 *
 * @param year  the invoices' year
 * @param month 1-12
 * @param sales sum of {@code invoice.value} of sales, scale 2
 * @param costs sum of {@code invoice.value} of purchases, scale 2
 */
public record SalesCost(int year, int month, BigDecimal sales, BigDecimal costs) {

    public SalesCost {
        sales = Money.of(sales);
        costs = Money.of(costs);
    }
}
