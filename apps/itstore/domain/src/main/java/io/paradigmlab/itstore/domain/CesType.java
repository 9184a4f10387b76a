package io.paradigmlab.itstore.domain;

import java.util.Arrays;
import java.util.List;

/**
 * The kinds of {@code customer_employee_supplier} row, by the letter stored in {@code type_ces}. The letters are the
 * paper's (section 4: c, e, s) plus the original data's {@code m} for the shop itself; the original's data used
 * Romanian letters (a, f) for employees and suppliers instead (spec 1.2, D-1).
 */
public enum CesType {
    CUSTOMER("c"),
    EMPLOYEE("e"),
    SUPPLIER("s"),
    /** The shop: the seller of every sale and the buyer of every purchase. */
    SHOP("m");

    private final String letter;

    CesType(String letter) {
        this.letter = letter;
    }

    /** The value of {@code type_ces}, and of the {@code type} query parameter. */
    public String letter() {
        return letter;
    }

    /** Every letter, in declaration order: c, e, s, m. */
    public static List<String> letters() {
        return Arrays.stream(values()).map(CesType::letter).toList();
    }
}
