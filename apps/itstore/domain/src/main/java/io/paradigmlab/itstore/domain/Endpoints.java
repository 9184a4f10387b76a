package io.paradigmlab.itstore.domain;

/**
 * The HTTP contract's paths and query parameter names (spec 1.7; docs/api/itstore.md), written once for the
 * variants, the behaviour suite and the scenarios. Every endpoint is a GET answering {@code application/json}.
 */
public final class Endpoints {

    public static final String BASE = "/itStore";
    public static final String CES_BY_TYPE = BASE + "/ces_by_type";
    public static final String CHARACTERISTICS_FOR_PRODUCT = BASE + "/characteristics_for_product";
    public static final String MAX_INVOICE = BASE + "/max_invoice";
    public static final String ITEMS_BETWEEN_DATES = BASE + "/items_between_dates";
    public static final String SALES_COST = BASE + "/sales_cost";
    public static final String MONTH_WITH_GREATEST_SALE = BASE + "/month_with_greatest_sale";
    public static final String PROFIT_ON_EACH_PRODUCT = BASE + "/profit_on_each_product";
    public static final String PRODUCT_MAX_PROFIT = BASE + "/product_max_profit";
    public static final String CATEGORY_PROFIT = BASE + "/category_profit";
    public static final String FIRST_N_PRODUCTS = BASE + "/first_N_products";
    /** With the product id as the last path segment: {@code /itStore/products/{id}}. */
    public static final String PRODUCTS = BASE + "/products";
    public static final String TEST_CONTROLLER_ONLY = BASE + "/test_controller_only";

    /** Query parameter of {@link #CES_BY_TYPE}. */
    public static final String TYPE = "type";
    /** Query parameter of {@link #CHARACTERISTICS_FOR_PRODUCT}. */
    public static final String PRODUCT_ID = "productId";
    /** Query parameters of {@link #ITEMS_BETWEEN_DATES}. */
    public static final String YEAR = "year";
    public static final String MONTH = "month";
    /** Query parameter of {@link #FIRST_N_PRODUCTS} (upper case, as in the original). */
    public static final String N = "N";
    /** Path variable of {@link #PRODUCTS}. */
    public static final String ID = "id";

    private Endpoints() {
    }
}
