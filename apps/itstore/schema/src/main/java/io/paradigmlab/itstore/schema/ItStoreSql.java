package io.paradigmlab.itstore.schema;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every SQL statement of the IT store, one per endpoint, run as these very strings by every variant: JDBC through
 * Spring's {@code JdbcClient}, R2DBC through Spring's {@code DatabaseClient}, both with these {@code :named}
 * parameters. Equal work across the six variants starts here: same text, one statement per request (spec D-2).
 *
 * <p>The queries are the original's (spec A.5, section "Queries") with whitespace collapsed and only these changes:
 * <ul>
 *   <li>{@code ORDER BY} where the contract promises an order (spec 1.7): {@code ces_by_type} by {@code id_ces},
 *       {@code first_N_products} by {@code id_prod}; {@code sales_cost} (year, month), {@code profit_on_each_product}
 *       (name) and {@code category_profit} (category) had theirs already. The others keep the plan's order, as the
 *       original did.</li>
 *   <li>{@code items_between_dates} takes {@code :year} and {@code :month} instead of the hard-coded October 2022.</li>
 *   <li>{@code month_with_greatest_sale} returns the year too (spec 1.6 #7).</li>
 *   <li>Column labels match the records' components (snake case of the camel-case name: {@code prod_name} for
 *       {@code prodName}), so both drivers map rows by name: {@code max_value} instead of {@code max},
 *       {@code month}/{@code year} instead of {@code month_}/{@code year_}, {@code prod_name}/{@code profit} in
 *       {@code product_max_profit}.</li>
 * </ul>
 * The spec describes {@code product_max_profit} (Q-PMP) by its structure only; it is rebuilt here from that
 * description: the product-profit join of {@link #PROFIT_ON_EACH_PRODUCT} with the category added, filtered by a
 * correlated subquery that rebuilds both aggregates for the outer row's category.
 *
 * <p>Result types (PostgreSQL's): {@code EXTRACT} gives {@code numeric} (read as {@code int}), {@code sum} of an
 * {@code integer} gives {@code bigint}, every amount is {@code numeric} with scale 2.
 */
public final class ItStoreSql {

    /** The product columns, in the order of the {@code Product} record. */
    private static final String PRODUCT_COLUMNS = "id_prod, prod_name, id_supplier, availability, category, add_info";

    /** Params: type (one letter, c/e/s/m). Q-CES. Columns: id_ces, name, ein, type_ces, address, iban, ssn. */
    public static final String CES_BY_TYPE =
            "select * from customer_employee_supplier where type_ces=:type order by id_ces";

    /** Params: productId. Q-CHAR. Columns: id_prod, id_characteristic, name, value; no rows for an unknown id. */
    public static final String CHARACTERISTICS_FOR_PRODUCT =
            "select * from characteristic where id_prod=:productId";

    /** No params. Q-MAX. Columns: max_value (null when there is no invoice). One row. */
    public static final String MAX_INVOICE = "select max(value) as max_value from invoice";

    /** Params: year, month. Q-ITEMS: units sold per product in the month. Columns: prod_name, quantity. */
    public static final String ITEMS_BETWEEN_DATES =
            "select p.prod_name,idProdQ.quantity from products p inner join (select i.id_prod id_prod,"
                    + "sum(i.quantity) quantity from item i inner join invoice on i.invoice_nr = invoice.nr"
                    + " and i.invoice_Date = invoice.invoice_Date where EXTRACT(month from invoice.invoice_Date) = :month"
                    + " and EXTRACT(year from invoice.invoice_Date) = :year and invoice.type='c' group by i.id_prod)"
                    + " idProdQ on p.id_prod=idProdQ.id_prod";

    /** No params. Q-SC: sales and costs per month, by year and month. Columns: sales, costs, month, year. */
    public static final String SALES_COST =
            "select S.sales sales, Ch.costs costs,S.month as month,S.year as year from (select SUM(value) as sales,"
                    + " EXTRACT(month from invoice_date) as month, EXTRACT(year from invoice_date) as year from invoice"
                    + " where type='c' group by EXTRACT(month from invoice_date),EXTRACT(year from invoice_date)) S join"
                    + " (select SUM(value) as costs, EXTRACT(month from invoice_date) as month, EXTRACT(year from"
                    + " invoice_date) as year from invoice where type='s' group by EXTRACT(month from invoice_date),"
                    + " EXTRACT(year from invoice_date)) Ch on S.month = Ch.month and S.year=Ch.year"
                    + " order by S.year, S.month";

    /**
     * No params. Q-MONTH: the month(s) no other month out-sells, by a self anti-join over every (year, month).
     * Columns: year, month, sales.
     */
    public static final String MONTH_WITH_GREATEST_SALE =
            "select S.year, S.month, S.sales from (select SUM(value) as sales, EXTRACT(month from invoice_date) as month,"
                    + " EXTRACT(year from invoice_date) as year from invoice where type='c' group by EXTRACT(month from"
                    + " invoice_date),EXTRACT(year from invoice_date)) S left join (select SUM(value) as sales,"
                    + " EXTRACT(month from invoice_date) as month, EXTRACT(year from invoice_date) as year from invoice"
                    + " where type='c' group by EXTRACT(month from invoice_date),EXTRACT(year from invoice_date)) S2"
                    + " on S.sales < S2.sales where S2.month is null";

    /**
     * No params. Q-PROFIT: sales minus purchases per product, sales and purchases joined by product name (not id), as
     * in the original. Columns: prod_name, profit.
     */
    public static final String PROFIT_ON_EACH_PRODUCT =
            "select S.prod_name, (S.sales - C.costs) Profit from (select p.prod_name prod_name,"
                    + " sum(i.quantity * i.unit_price) sales from item i inner join products p on i.id_prod = p.id_prod"
                    + " inner join invoice inv on inv.nr = i.invoice_nr and inv.invoice_date = i.invoice_date"
                    + " where inv.type = 'c' group by i.id_prod,p.prod_name) S inner join (select p.prod_name prod_name,"
                    + " sum(i.quantity * i.unit_price) costs from item i inner join products p on i.id_prod = p.id_prod"
                    + " inner join invoice inv on inv.nr = i.invoice_nr and inv.invoice_date = i.invoice_date"
                    + " where inv.type = 's' group by i.id_prod,p.prod_name) C on S.prod_name = C.prod_name"
                    + " order by S.prod_name";

    /**
     * No params. Q-PMP, the heaviest: per category the product(s) with the greatest profit; the correlated subquery
     * rebuilds both four-table aggregates for every outer row. Columns: category, prod_name, profit.
     */
    public static final String PRODUCT_MAX_PROFIT =
            "select distinct SS.category category, SS.Product_name as prod_name, SS.Profit as profit from"
                    + " (select S.category, S.prod_name Product_name, (S.sales - C.costs) Profit from"
                    + " (select p.category category, p.prod_name prod_name, sum(i.quantity * i.unit_price) sales"
                    + " from item i inner join products p on i.id_prod = p.id_prod inner join invoice f"
                    + " on f.nr = i.invoice_nr and f.invoice_date = i.invoice_date where f.type = 'c'"
                    + " group by i.id_prod, p.prod_name, p.category) S inner join"
                    + " (select p.prod_name prod_name, sum(i.quantity * i.unit_price) costs from item i"
                    + " inner join products p on i.id_prod = p.id_prod inner join invoice inv"
                    + " on inv.nr = i.invoice_nr and inv.invoice_date = i.invoice_date where inv.type = 's'"
                    + " group by i.id_prod,p.prod_name) C on S.prod_name = C.prod_name order by S.prod_name) SS"
                    + " where SS.Profit = (select Max((S.sales - C.costs)) Profit from"
                    + " (select p.category category, p.prod_name prod_name, sum(i.quantity * i.unit_price) sales"
                    + " from item i inner join products p on i.id_prod = p.id_prod inner join invoice f"
                    + " on f.nr = i.invoice_nr and f.invoice_date = i.invoice_date where f.type = 'c'"
                    + " and p.category = SS.category group by i.id_prod, p.prod_name, p.category) S inner join"
                    + " (select p.prod_name prod_name, sum(i.quantity * i.unit_price) costs from item i"
                    + " inner join products p on i.id_prod = p.id_prod inner join invoice inv"
                    + " on inv.nr = i.invoice_nr and inv.invoice_date = i.invoice_date where inv.type = 's'"
                    + " and p.category = SS.category group by i.id_prod,p.prod_name) C on S.prod_name = C.prod_name"
                    + " group by S.category)";

    /** No params. Q-CP: profit per category, by category. Columns: category, profit. */
    public static final String CATEGORY_PROFIT =
            "select S.category, sum(S.sales - C.costs) Profit from (select p.category category, p.prod_name prod_name,"
                    + " sum(i.quantity * i.unit_price) sales from item i inner join products p on i.id_prod = p.id_prod"
                    + " inner join invoice f on f.nr = i.invoice_nr and f.invoice_date = i.invoice_date"
                    + " where f.type = 'c' group by i.id_prod, p.prod_name, p.category) S inner join"
                    + " (select p.prod_name prod_name, sum(i.quantity * i.unit_price) costs from item i"
                    + " inner join products p on i.id_prod = p.id_prod inner join invoice inv"
                    + " on inv.nr = i.invoice_nr and inv.invoice_date = i.invoice_date where inv.type = 's'"
                    + " group by i.id_prod,p.prod_name) C on S.prod_name = C.prod_name group by category"
                    + " order by category";

    /**
     * Params: n. The products with {@code id_prod < n}, by id (the original's derived query
     * {@code findProductsByIdProdIsBefore}); ids are 0-based, so that is n rows while n is at most the table size.
     * Columns: id_prod, prod_name, id_supplier, availability, category, add_info.
     */
    public static final String FIRST_N_PRODUCTS =
            "select " + PRODUCT_COLUMNS + " from products where id_prod < :n order by id_prod";

    /** Params: id. One product, or no row (404). Columns: as {@link #FIRST_N_PRODUCTS}. */
    public static final String PRODUCT_BY_ID = "select " + PRODUCT_COLUMNS + " from products where id_prod = :id";

    /**
     * Every statement by the endpoint that runs it (the path after {@code /itStore/}, {@code products/{id}} for the
     * one by id), in the contract's order: for checks that go over all of them (EXPLAIN, equal work, tests).
     */
    public static final Map<String, String> BY_ENDPOINT = byEndpoint();

    private ItStoreSql() {
    }

    private static Map<String, String> byEndpoint() {
        Map<String, String> all = new LinkedHashMap<>();
        all.put("ces_by_type", CES_BY_TYPE);
        all.put("characteristics_for_product", CHARACTERISTICS_FOR_PRODUCT);
        all.put("max_invoice", MAX_INVOICE);
        all.put("items_between_dates", ITEMS_BETWEEN_DATES);
        all.put("sales_cost", SALES_COST);
        all.put("month_with_greatest_sale", MONTH_WITH_GREATEST_SALE);
        all.put("profit_on_each_product", PROFIT_ON_EACH_PRODUCT);
        all.put("product_max_profit", PRODUCT_MAX_PROFIT);
        all.put("category_profit", CATEGORY_PROFIT);
        all.put("first_N_products", FIRST_N_PRODUCTS);
        all.put("products/{id}", PRODUCT_BY_ID);
        return Collections.unmodifiableMap(all);
    }
}
