package io.paradigmlab.itstore.domain;

import java.math.BigDecimal;

/**
 * The element of {@code /itStore/profit_on_each_product}: sales minus purchases of one product, for the products that
 * have both (the query joins them by name, as the original did).
 *
 * @param prodName {@code prod_name}
 * @param profit   {@code sum(quantity * unit_price)} of sales minus that of purchases, scale 2
 */
public record ProductProfit(String prodName, BigDecimal profit) {

    public ProductProfit {
        profit = Money.of(profit);
    }
}
