package io.paradigmlab.itstore.lab.data;

import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.LabException;

/**
 * How many rows of each table a scale makes (spec 1.2, decision D-1). Row ids are 0-based and contiguous; the
 * customer_employee_supplier ids come in blocks: the shop (0), the employees, the suppliers, the customers.
 *
 * @param products  products rows (the {@link DataGenerator.Scale#users()} of the scale)
 * @param customers CES rows of type c
 * @param employees CES rows of type e
 * @param suppliers CES rows of type s (one shop, type m, comes with every plan)
 * @param invoices  invoice rows, 70 % sales, spread evenly over the 48 months 2021-01..2024-12
 */
record Plan(int products, int customers, int employees, int suppliers, int invoices) {

    /** Products that appear on invoices: every item is one of them, so the profit queries aggregate few rows. */
    static final int SOLD_PRODUCTS = 40;
    /** The categories the sold products come from (5 each); the other 2 of the 10 never sell. */
    static final int SOLD_CATEGORIES = 8;
    static final int CHARACTERISTICS_PER_PRODUCT = 4;
    /** Only products with a lower id have characteristics (D-1: all of {@code ci}, the first 100,000 of paper). */
    static final int CHARACTERISTIC_PRODUCTS = 100_000;
    /** The invoices' months: January 2021 to December 2024. */
    static final int FIRST_YEAR = 2021;
    static final int MONTHS = 48;

    static final Plan CI = new Plan(20_000, 1_000, 10, 20, 1_000);
    static final Plan PAPER = new Plan(700_000, 10_000, 50, 200, 5_000);

    Plan {
        if (products < 1_000 || customers < 1 || employees < 1 || suppliers < 1 || invoices < 3 * MONTHS) {
            throw new LabException("An IT store data set needs at least 1,000 products, one customer, employee and"
                    + " supplier, and " + 3 * MONTHS + " invoices (a sale and a purchase every month); got " + this);
        }
    }

    /** The plan of a named scale; any other scale gets {@link #CI}'s counts with its own number of products. */
    static Plan of(DataGenerator.Scale scale) {
        return switch (scale.name()) {
            case "ci" -> CI;
            case "paper" -> PAPER;
            default -> new Plan(scale.users(), CI.customers, CI.employees, CI.suppliers, CI.invoices);
        };
    }

    int ces() {
        return 1 + employees + suppliers + customers;
    }

    static int shop() {
        return 0;
    }

    int firstEmployee() {
        return 1;
    }

    int firstSupplier() {
        return 1 + employees;
    }

    int firstCustomer() {
        return 1 + employees + suppliers;
    }

    /** Products with characteristics: ids 0 to this, exclusive. */
    int characterized() {
        return Math.min(products, CHARACTERISTIC_PRODUCTS);
    }
}
