package io.paradigmlab.itstore.spec;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;

/**
 * The answers every endpoint must give on the seeded data, computed here in Java from the tables' raw rows (plain
 * {@code select *}), not with the endpoints' SQL: a wrong query in {@code ItStoreSql} or a wrong mapping in a variant
 * disagrees with this. Each answer is a list of JSON texts, one per element, in the order the contract promises (or
 * sorted, where it promises none: {@link #set}).
 */
final class Expected {

    record Ces(int id, String name, String ein, String type, String address, String iban, String ssn) {
    }

    record Invoice(int nr, LocalDate date, String type, BigDecimal value) {
    }

    record Item(int invoiceNr, LocalDate invoiceDate, int product, int quantity, BigDecimal unitPrice) {
    }

    record Product(int id, String name, int supplier, String availability, String category, String addInfo) {
    }

    private final List<Ces> ces;
    private final Map<String, Invoice> invoices;
    private final List<Item> items;
    private final List<Product> products;

    private Expected(List<Ces> ces, Map<String, Invoice> invoices, List<Item> items, List<Product> products) {
        this.ces = ces;
        this.invoices = invoices;
        this.items = items;
        this.products = products;
    }

    static Expected load(Connection c) throws SQLException {
        List<Ces> ces = new ArrayList<>();
        Map<String, Invoice> invoices = new HashMap<>();
        List<Item> items = new ArrayList<>();
        List<Product> products = new ArrayList<>();
        try (Statement s = c.createStatement()) {
            try (ResultSet r = s.executeQuery("select * from customer_employee_supplier")) {
                while (r.next()) {
                    ces.add(new Ces(r.getInt("id_ces"), r.getString("name"), r.getString("ein"),
                            r.getString("type_ces"), r.getString("address"), r.getString("iban"), r.getString("ssn")));
                }
            }
            try (ResultSet r = s.executeQuery("select * from invoice")) {
                while (r.next()) {
                    Invoice i = new Invoice(r.getInt("nr"), r.getObject("invoice_date", LocalDate.class),
                            r.getString("type"), r.getBigDecimal("value"));
                    invoices.put(i.nr() + "@" + i.date(), i);
                }
            }
            try (ResultSet r = s.executeQuery("select * from item")) {
                while (r.next()) {
                    items.add(new Item(r.getInt("invoice_nr"), r.getObject("invoice_date", LocalDate.class),
                            r.getInt("id_prod"), r.getInt("quantity"), r.getBigDecimal("unit_price")));
                }
            }
            try (ResultSet r = s.executeQuery("select * from products")) {
                while (r.next()) {
                    products.add(new Product(r.getInt("id_prod"), r.getString("prod_name"), r.getInt("id_supplier"),
                            r.getString("availability"), r.getString("category"), r.getString("add_info")));
                }
            }
        }
        products.sort(Comparator.comparingInt(Product::id));
        return new Expected(ces, invoices, items, products);
    }

    int productCount() {
        return products.size();
    }

    // ---- the endpoints

    List<String> cesByType(String type) {
        return ces.stream().filter(c -> c.type().equals(type)).sorted(Comparator.comparingInt(Ces::id))
                .map(c -> json("idCes", c.id(), "name", c.name(), "ein", c.ein(), "typeCes", c.type(),
                        "address", c.address(), "iban", c.iban(), "ssn", c.ssn())).toList();
    }

    String maxInvoice() {
        return json("maxValue", invoices.values().stream().map(Invoice::value).max(BigDecimal::compareTo).orElse(null));
    }

    /** Units of each product sold (invoices of type c) in the month; no order promised. */
    List<String> itemsBetweenDates(int year, int month) {
        Map<Integer, Long> units = new TreeMap<>();
        for (Item item : items) {
            Invoice invoice = invoiceOf(item);
            if (invoice.type().equals("c") && invoice.date().getYear() == year && invoice.date().getMonthValue() == month) {
                units.merge(item.product(), (long) item.quantity(), Long::sum);
            }
        }
        return set(units.entrySet().stream().map(e -> json("prodName", product(e.getKey()).name(),
                "quantity", e.getValue())).toList());
    }

    /** Sales and purchases per month that has both, by year then month. */
    List<String> salesCost() {
        Map<Integer, BigDecimal> sales = monthly("c");
        Map<Integer, BigDecimal> costs = monthly("s");
        List<String> rows = new ArrayList<>();
        for (var e : sales.entrySet()) {
            BigDecimal cost = costs.get(e.getKey());
            if (cost != null) {
                rows.add(json("year", e.getKey() / 100, "month", e.getKey() % 100, "sales", e.getValue(),
                        "costs", cost));
            }
        }
        return rows;
    }

    /** The month(s) with the greatest sales; no order promised. */
    List<String> monthWithGreatestSale() {
        Map<Integer, BigDecimal> sales = monthly("c");
        BigDecimal best = sales.values().stream().max(BigDecimal::compareTo).orElseThrow();
        return set(sales.entrySet().stream().filter(e -> e.getValue().compareTo(best) == 0)
                .map(e -> json("year", e.getKey() / 100, "month", e.getKey() % 100, "sales", e.getValue())).toList());
    }

    /** Sales minus purchases of each product both sold and bought, by name. */
    List<String> profitOnEachProduct() {
        return profits().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> json("prodName", e.getKey(), "profit", e.getValue())).toList();
    }

    /** Per category, the product(s) of greatest profit; no order promised. */
    List<String> productMaxProfit() {
        Map<String, BigDecimal> profits = profits();
        Map<String, BigDecimal> best = new HashMap<>();
        profits.forEach((name, profit) -> best.merge(categoryOf(name), profit, BigDecimal::max));
        return set(profits.entrySet().stream().filter(e -> e.getValue().compareTo(best.get(categoryOf(e.getKey()))) == 0)
                .map(e -> json("category", categoryOf(e.getKey()), "prodName", e.getKey(), "profit", e.getValue()))
                .toList());
    }

    /** Profit per category over its products both sold and bought, by category. */
    List<String> categoryProfit() {
        Map<String, BigDecimal> byCategory = new TreeMap<>();
        profits().forEach((name, profit) -> byCategory.merge(categoryOf(name), profit, BigDecimal::add));
        return byCategory.entrySet().stream().map(e -> json("category", e.getKey(), "profit", e.getValue())).toList();
    }

    /** The products with id below n, by id. */
    List<String> firstNProducts(int n) {
        return products.stream().filter(p -> p.id() < n).map(Expected::productJson).toList();
    }

    /** The product of that id, or null. */
    String productById(int id) {
        return products.stream().filter(p -> p.id() == id).findFirst().map(Expected::productJson).orElse(null);
    }

    // ---- helpers

    private static String productJson(Product p) {
        return json("idProd", p.id(), "prodName", p.name(), "idSupplier", p.supplier(),
                "availability", p.availability(), "category", p.category(), "addInfo", p.addInfo());
    }

    private Invoice invoiceOf(Item item) {
        return Objects.requireNonNull(invoices.get(item.invoiceNr() + "@" + item.invoiceDate()), "invoice of " + item);
    }

    private Product product(int id) {
        return products.get(id);
    }

    private String categoryOf(String productName) {
        return products.stream().filter(p -> p.name().equals(productName)).findFirst().orElseThrow().category();
    }

    /** Sum of invoice values of the type per year*100+month. */
    private Map<Integer, BigDecimal> monthly(String type) {
        Map<Integer, BigDecimal> sums = new TreeMap<>();
        for (Invoice i : invoices.values()) {
            if (i.type().equals(type)) {
                sums.merge(i.date().getYear() * 100 + i.date().getMonthValue(), i.value(), BigDecimal::add);
            }
        }
        return sums;
    }

    /** Product name to sales minus purchases (quantity x unit price), for products both sold and bought. */
    private Map<String, BigDecimal> profits() {
        Map<Integer, BigDecimal> sales = new HashMap<>();
        Map<Integer, BigDecimal> costs = new HashMap<>();
        for (Item item : items) {
            BigDecimal amount = item.unitPrice().multiply(BigDecimal.valueOf(item.quantity()));
            switch (invoiceOf(item).type()) {
                case "c" -> sales.merge(item.product(), amount, BigDecimal::add);
                case "s" -> costs.merge(item.product(), amount, BigDecimal::add);
                default -> throw new IllegalStateException("invoice type " + invoiceOf(item).type());
            }
        }
        Map<String, BigDecimal> profits = new HashMap<>();
        sales.forEach((id, sold) -> {
            BigDecimal bought = costs.get(id);
            if (bought != null) {
                profits.put(product(id).name(), sold.subtract(bought).setScale(2));
            }
        });
        return profits;
    }

    /** A JSON object text from name/value pairs, in that order, written as the variants write records. */
    static String json(Object... pairs) {
        Map<String, Object> object = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            object.put((String) pairs[i], pairs[i + 1]);
        }
        return Json.MAPPER.writeValueAsString(object);
    }

    /** Sorted: for answers whose order the contract does not promise, compared as sets. */
    static List<String> set(List<String> elements) {
        return elements.stream().sorted().toList();
    }

    /** The elements of a JSON array answer, each written back as text, in the answer's order. */
    static List<String> elements(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(e -> out.add(Json.MAPPER.writeValueAsString(e)));
        return out;
    }
}
