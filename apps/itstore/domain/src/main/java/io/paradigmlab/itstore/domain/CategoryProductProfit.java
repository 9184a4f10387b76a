package io.paradigmlab.itstore.domain;

import java.math.BigDecimal;

/**
 * The element of {@code /itStore/product_max_profit}: per category, the product with the greatest profit (several on
 * a tie).
 *
 * @param category {@code category}
 * @param prodName {@code prod_name}
 * @param profit   its profit, scale 2
 */
public record CategoryProductProfit(String category, String prodName, BigDecimal profit) {

    public CategoryProductProfit {
        profit = Money.of(profit);
    }
}
