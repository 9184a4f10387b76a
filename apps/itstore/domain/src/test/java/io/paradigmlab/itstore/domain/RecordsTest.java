package io.paradigmlab.itstore.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The records are the JSON answers: their component names are the contract's JSON names (spec 1.7) and their order is
 * the order of the fields in the body. Renaming a component changes the contract, so it must fail here.
 */
class RecordsTest {

    @Test
    void componentNamesAreTheContractsJsonNames() {
        assertThat(names(Product.class))
                .containsExactly("idProd", "prodName", "idSupplier", "availability", "category", "addInfo");
        assertThat(names(Ces.class)).containsExactly("idCes", "name", "ein", "typeCes", "address", "iban", "ssn");
        assertThat(names(Characteristic.class)).containsExactly("idProd", "idCharacteristic", "name", "value");
        assertThat(names(MaxInvoice.class)).containsExactly("maxValue");
        assertThat(names(ItemQuantity.class)).containsExactly("prodName", "quantity");
        assertThat(names(SalesCost.class)).containsExactly("year", "month", "sales", "costs");
        assertThat(names(MonthSales.class)).containsExactly("year", "month", "sales");
        assertThat(names(ProductProfit.class)).containsExactly("prodName", "profit");
        assertThat(names(CategoryProductProfit.class)).containsExactly("category", "prodName", "profit");
        assertThat(names(CategoryProfit.class)).containsExactly("category", "profit");
    }

    @Test
    void everyAmountIsABigDecimal() {
        for (Class<?> type : List.of(MaxInvoice.class, SalesCost.class, MonthSales.class, ProductProfit.class,
                CategoryProductProfit.class, CategoryProfit.class)) {
            assertThat(Arrays.stream(type.getRecordComponents()).filter(c -> c.getType() == BigDecimal.class))
                    .as(type.getSimpleName()).isNotEmpty();
        }
    }

    @Test
    void amountsGetScaleTwoWhateverScaleTheDriverGave() {
        SalesCost sc = new SalesCost(2022, 10, new BigDecimal("12.5"), new BigDecimal("7"));
        assertThat(sc.sales()).hasToString("12.50");
        assertThat(sc.costs()).hasToString("7.00");
        assertThat(new MonthSales(2021, 1, new BigDecimal("1E+3")).sales()).hasToString("1000.00");
        assertThat(new ProductProfit("x", new BigDecimal("-3.10")).profit()).hasToString("-3.10");
        assertThat(new CategoryProductProfit("c", "x", new BigDecimal("0")).profit()).hasToString("0.00");
        assertThat(new CategoryProfit("c", new BigDecimal("123456789.1")).profit()).hasToString("123456789.10");
        // equal whether the driver answered 12.5 or 12.50
        assertThat(new SalesCost(2022, 10, new BigDecimal("12.5"), BigDecimal.ONE))
                .isEqualTo(new SalesCost(2022, 10, new BigDecimal("12.50"), new BigDecimal("1.00")));
    }

    @Test
    void anAmountWithMoreThanTwoDecimalsIsABugNotARounding() {
        assertThatThrownBy(() -> new ProductProfit("x", new BigDecimal("1.005")))
                .isInstanceOf(ArithmeticException.class);
        // trailing zeros beyond the second decimal are harmless
        assertThat(new ProductProfit("x", new BigDecimal("1.0500")).profit()).hasToString("1.05");
    }

    @Test
    void theMaximumOfNoInvoicesIsNull() {
        assertThat(new MaxInvoice(null).maxValue()).isNull();
        assertThat(new MaxInvoice(new BigDecimal("99.9")).maxValue()).hasToString("99.90");
    }

    @Test
    void cesTypesAreThePapersLettersAndTheShop() {
        assertThat(CesType.letters()).containsExactly("c", "e", "s", "m");
    }

    private static List<String> names(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
    }
}
