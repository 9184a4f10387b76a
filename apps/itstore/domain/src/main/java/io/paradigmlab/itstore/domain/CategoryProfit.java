package io.paradigmlab.itstore.domain;

import java.math.BigDecimal;

/**
 * The element of {@code /itStore/category_profit}: the summed profit of a category's products that were both sold and
 * bought.
 *
 * @param category {@code category}
 * @param profit   scale 2
 */
public record CategoryProfit(String category, BigDecimal profit) {

    public CategoryProfit {
        profit = Money.of(profit);
    }
}
