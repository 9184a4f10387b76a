package io.paradigmlab.itstore.domain;

import java.math.BigDecimal;

/**
 * The element of {@code /itStore/month_with_greatest_sale}: a month whose sales no other month exceeds (several on a
 * tie). Unlike the original, which returned the month alone, the year is part of the answer (spec 1.6 #7).
 *
 * @param year  the year
 * @param month 1-12
 * @param sales sum of {@code invoice.value} of the month's sales, scale 2
 */
public record MonthSales(int year, int month, BigDecimal sales) {

    public MonthSales {
        sales = Money.of(sales);
    }
}
