package io.paradigmlab.itstore.lab.data;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.itstore.domain.CesType;
import io.paradigmlab.itstore.domain.Product;
import io.paradigmlab.itstore.lab.ItStoreApplication;
import io.paradigmlab.itstore.schema.ItStoreSql;
import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.testkit.DataGeneratorContract;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The IT store's generator under the lab's data-generator contract, and what is the IT store's own, at {@code ci}. */
class ItStoreDataGeneratorTest extends DataGeneratorContract {

    private static final List<String> FILES = List.of("products.csv", "characteristic_products.csv", "ces_types.csv",
            "item_months.csv", "first_n.csv", "large_n.csv");

    @Override
    protected Application application() {
        return new ItStoreApplication();
    }

    /** The plan of the {@code ci} scale: fixed counts but for the items, drawn per invoice (40 products, 3 to 5 each). */
    @Override
    protected Map<String, Size> sizes(DataGenerator.Scale smallest) {
        return Map.of("store.customer_employee_supplier", Size.exactly(1_031), "store.products", Size.exactly(20_000),
                "store.characteristic", Size.exactly(80_000), "store.invoice", Size.exactly(1_000),
                "store.item", Size.between(3_700, 4_300));
    }

    private String db() {
        return database(ItStoreApplication.SERVICE);
    }

    @Test
    void theScalesAreCiAndPaperAndCountProducts() {
        assertThat(application().data().scales()).extracting(DataGenerator.Scale::name).containsExactly("ci", "paper");
        assertThat(application().data().scales()).extracting(DataGenerator.Scale::users).containsExactly(20_000, 700_000);
        assertThat(application().data().scales()).allSatisfy(s -> assertThat(s.description()).contains(String.format(Locale.ROOT, "%,d products", s.users())));
        assertThat(progress()).anySatisfy(line -> assertThat(line).startsWith("products ").contains("rows/s"));
        assertThat(progress()).anySatisfy(line -> assertThat(line).startsWith("IT store data set ci (seed 7)"));
    }

    @Test
    void rowCountsAreThePlans() throws SQLException {
        assertThat(count("select count(*) from customer_employee_supplier")).isEqualTo(1_031);
        assertThat(map("select type_ces, count(*)::text from customer_employee_supplier group by 1"))
                .isEqualTo(Map.of("c", "1000", "e", "10", "s", "20", "m", "1"));
        assertThat(count("select count(*) from products")).isEqualTo(20_000);
        assertThat(count("select count(*) from characteristic")).isEqualTo(80_000);
        assertThat(count("select count(*) from invoice")).isEqualTo(1_000);
        long items = count("select count(*) from item");
        assertThat(items).isBetween(3_700L, 4_300L);
        assertThat(progress()).anySatisfy(line -> assertThat(line).contains(String.format(Locale.ROOT, "%,d items", items)));
    }

    @Test
    void productsAverage165BytesOfJsonSoThePapersResponseIsAbout100Mb() throws SQLException, IOException {
        List<Product> first = products("select id_prod, prod_name, id_supplier, availability, category, add_info"
                + " from products where id_prod < 10000 order by id_prod");
        assertThat(first).hasSize(10_000);
        JsonMapper json = JsonMapper.builder().build();
        long bytes = 0;
        for (Product p : first) {
            bytes += json.writeValueAsBytes(p).length;
        }
        double mean = bytes / 10_000.0;
        System.out.printf(Locale.ROOT, "flat JSON of the first 10,000 products: %.2f bytes on average%n", mean);
        assertThat(mean).isBetween(160.0, 170.0);
        // the generator's own accounting is Jackson's, to the byte: the whole array of first_N_products?N=10000
        Map<String, String[]> firstN = byFirstColumn("first_n.csv");
        assertThat(Long.parseLong(firstN.get("10000")[2])).isEqualTo(json.writeValueAsBytes(first).length);
        // and the table's mean too, so 613,202 such products are 101 MB (96 MiB)
        long all = Long.parseLong(firstN.get("20000")[2]);
        assertThat(all / 20_000.0).isBetween(160.0, 170.0);
        assertThat(count("select count(*) from products where add_info is null")).isBetween(1_000L, 2_400L);
    }

    @Test
    void productsHaveTenCategoriesUniqueNamesAndSuppliersForSuppliers() throws SQLException {
        assertThat(count("select count(distinct category) from products")).isEqualTo(10);
        assertThat(count("select count(distinct prod_name) from products")).isEqualTo(20_000);
        assertThat(count("select min(id_prod) from products")).isZero();
        assertThat(count("select max(id_prod) from products")).isEqualTo(19_999);
        assertThat(count("select count(*) from products p join customer_employee_supplier s"
                + " on s.id_ces = p.id_supplier where s.type_ces <> 's'")).isZero();
        assertThat(count("select count(distinct id_supplier) from products")).isEqualTo(20);
    }

    @Test
    void everyProductHasFourCharacteristicsAtThisScale() throws SQLException {
        assertThat(count("select count(*) from (select id_prod from characteristic group by id_prod"
                + " having count(*) = 4 and min(id_characteristic) = 1 and max(id_characteristic) = 4"
                + " and count(distinct name) = 4) c")).isEqualTo(20_000);
    }

    @Test
    void cesRowsArePeopleOrCompaniesAsTheirTypeSays() throws SQLException {
        // companies (the shop, suppliers, some customers) have a tax id, people a personal number, never both
        assertThat(count("select count(*) from customer_employee_supplier where (ein is null) = (ssn is null)")).isZero();
        assertThat(count("select count(*) from customer_employee_supplier where type_ces in ('m', 's', 'e')"
                + " and address is null")).isZero();
        assertThat(count("select count(*) from customer_employee_supplier where type_ces in ('m', 's')"
                + " and ssn is not null")).isZero();
        assertThat(count("select count(*) from customer_employee_supplier where type_ces = 'e' and ein is not null"))
                .isZero();
        assertThat(count("select count(*) from customer_employee_supplier where type_ces = 'c' and ein is not null"))
                .isBetween(120L, 280L);
        assertThat(count("select count(*) from customer_employee_supplier where address is null")).isBetween(50L, 150L);
        assertThat(column(db(), "select iban from customer_employee_supplier")).allSatisfy(iban ->
                assertThat(Texts.ibanValid(iban)).as(iban).isTrue());
        assertThat(count("select count(*) from customer_employee_supplier where id_ces = 0 and type_ces = 'm'"))
                .isEqualTo(1);
    }

    @Test
    void invoicesCoverFourYearsSeventyPercentSalesEveryMonthBoth() throws SQLException {
        assertThat(count("select count(*) from invoice where invoice_date not between date '2021-01-01'"
                + " and date '2024-12-31'")).isZero();
        assertThat(count("select count(*) from invoice where type = 'c'")).isBetween(680L, 720L);
        assertThat(count("select count(*) from invoice where type not in ('c', 's')")).isZero();
        assertThat(count("select count(*) from (select date_trunc('month', invoice_date) from invoice"
                + " group by 1 having count(*) filter (where type = 'c') > 0 and count(*) filter (where type = 's') > 0)"
                + " m")).isEqualTo(48);
        assertThat(count("select count(*) from invoice where type = 'c' and invoice_date between"
                + " date '2022-10-01' and date '2022-10-31'")).isGreaterThanOrEqualTo(10);
        assertThat(count("select count(distinct nr) from invoice")).isEqualTo(1_000);
        // numbered in date order
        assertThat(count("select count(*) from invoice a join invoice b on b.nr = a.nr + 1"
                + " where b.invoice_date < a.invoice_date")).isZero();
        // who sells and who buys
        assertThat(count("select count(*) from invoice i join customer_employee_supplier v on v.id_ces = i.id_vendor"
                + " join customer_employee_supplier b on b.id_ces = i.id_buyer"
                + " join customer_employee_supplier e on e.id_ces = i.id_employee where e.type_ces <> 'e'"
                + " or (i.type = 'c' and (v.type_ces <> 'm' or b.type_ces <> 'c'))"
                + " or (i.type = 's' and (v.type_ces <> 's' or b.type_ces <> 'm'))")).isZero();
        // value is the sum of the items, VAT 19 % of it
        assertThat(count("select count(*) from invoice i where value <> (select sum(quantity * unit_price) from item t"
                + " where t.invoice_nr = i.nr and t.invoice_date = i.invoice_date)"
                + " or vat <> round(value * 0.19, 2)")).isZero();
    }

    @Test
    void itemsAreFortyProductsOfEightCategoriesBothSoldAndBought() throws SQLException {
        assertThat(count("select count(*) from (select 1 from item group by invoice_nr, invoice_date"
                + " having count(*) not between 1 and 9 or min(id_item) <> 1 or max(id_item) <> count(*)) g")).isZero();
        assertThat(count("select count(*) from invoice i where not exists (select 1 from item t"
                + " where t.invoice_nr = i.nr and t.invoice_date = i.invoice_date)")).isZero();
        assertThat(count("select count(*) from item where quantity not between 1 and 10"
                + " or unit_price not between 10.00 and 4999.99 or unit <> 'pcs'")).isZero();
        assertThat(count("select count(distinct id_prod) from item")).isEqualTo(40);
        assertThat(count("select count(distinct p.category) from item t join products p using (id_prod)"))
                .isEqualTo(8);
        assertThat(count("select count(*) from (select p.category from products p where id_prod in"
                + " (select id_prod from item) group by 1 having count(*) <> 5) c")).isZero();
        assertThat(count("select count(*) from (select t.id_prod from item t join invoice i"
                + " on i.nr = t.invoice_nr and i.invoice_date = t.invoice_date group by t.id_prod"
                + " having count(*) filter (where i.type = 'c') > 0 and count(*) filter (where i.type = 's') > 0) b"))
                .isEqualTo(40);
    }

    @Test
    void everyQueryReturnsRows() throws SQLException, IOException {
        Map<String, Map<String, Object>> params = Map.of(
                "ces_by_type", Map.of("type", firstRow("ces_types.csv")[0]),
                "characteristics_for_product", Map.of("productId",
                        Integer.parseInt(firstRow("characteristic_products.csv")[0])),
                "items_between_dates", Map.of("year", 2022, "month", 10),
                "first_N_products", Map.of("n", 1_000),
                "products/{id}", Map.of("id", Integer.parseInt(firstRow("products.csv")[0])));
        Map<String, Integer> rows = new TreeMap<>();
        for (var statement : ItStoreSql.BY_ENDPOINT.entrySet()) {
            int n = rows(statement.getValue(), params.getOrDefault(statement.getKey(), Map.of())).size();
            rows.put(statement.getKey(), n);
            assertThat(n).as(statement.getKey()).isPositive();
        }
        System.out.println("rows per query at ci: " + rows);
        assertThat(rows).containsEntry("ces_by_type", 1_000).containsEntry("characteristics_for_product", 4)
                .containsEntry("max_invoice", 1).containsEntry("sales_cost", 48)
                .containsEntry("profit_on_each_product", 40).containsEntry("category_profit", 8)
                .containsEntry("first_N_products", 1_000).containsEntry("products/{id}", 1);
        assertThat(rows.get("product_max_profit")).isBetween(8, 40);
        assertThat(rows.get("items_between_dates")).isBetween(1, 40);
        // every month of item_months.csv has items sold
        for (String[] month : csv("item_months.csv")) {
            assertThat(rows(ItStoreSql.ITEMS_BETWEEN_DATES, Map.of("year", Integer.parseInt(month[0]),
                    "month", Integer.parseInt(month[1])))).as(month[0] + "-" + month[1]).isNotEmpty();
        }
    }

    @Test
    void theSlowestQueryIsTimed() throws SQLException {
        List<Double> millis = new ArrayList<>();
        try (Connection c = connect(db()); Statement s = c.createStatement()) {
            s.executeQuery(ItStoreSql.PRODUCT_MAX_PROFIT).close();
            for (int i = 0; i < 5; i++) {
                long started = System.nanoTime();
                try (ResultSet rs = s.executeQuery(ItStoreSql.PRODUCT_MAX_PROFIT)) {
                    while (rs.next()) {
                        rs.getString(1);
                    }
                }
                millis.add((System.nanoTime() - started) / 1e6);
            }
            List<String> plan = new ArrayList<>();
            try (ResultSet rs = s.executeQuery("EXPLAIN (ANALYZE, BUFFERS) " + ItStoreSql.PRODUCT_MAX_PROFIT)) {
                while (rs.next()) {
                    plan.add(rs.getString(1));
                }
            }
            millis.sort(null);
            System.out.printf(Locale.ROOT, "Q-PMP (product_max_profit) at ci, 5 runs after one warm-up: min %.1f ms,"
                    + " median %.1f ms; %s%n", millis.getFirst(), millis.get(2), plan.getLast().trim());
            assertThat(plan).anySatisfy(line -> assertThat(line).contains("SubPlan"));
        }
    }

    @Test
    void theScenarioFilesNameRowsThatExist() throws IOException, SQLException {
        assertThat(Files.list(dataDir()).map(p -> p.getFileName().toString()).sorted().toList())
                .containsExactlyElementsOf(FILES.stream().sorted().toList());
        assertThat(header("products.csv")).isEqualTo("product_id");
        assertThat(header("characteristic_products.csv")).isEqualTo("product_id");
        assertThat(header("ces_types.csv")).isEqualTo("type,rows");
        assertThat(header("item_months.csv")).isEqualTo("year,month");
        assertThat(header("first_n.csv")).isEqualTo("n,rows,json_bytes");
        assertThat(header("large_n.csv")).isEqualTo("n,json_bytes");
        // the ci scale's whole table is 3.3 MB: neither 10 MB nor 20 MB is reached, so both rows ask for all of it,
        // with the same byte count as first_n.csv's row for the whole table
        assertThat(csv("large_n.csv")).hasSize(2).allSatisfy(r -> assertThat(r)
                .containsExactly("20000", byFirstColumn("first_n.csv").get("20000")[2]));

        List<String[]> products = csv("products.csv");
        assertThat(products).hasSize(10_000);
        assertThat(products.stream().map(r -> r[0]).distinct().count()).isEqualTo(10_000);
        assertThat(products).allSatisfy(r -> assertThat(Integer.parseInt(r[0])).isBetween(0, 19_999));
        // spread over the table and shuffled
        assertThat(products.stream().mapToInt(r -> Integer.parseInt(r[0])).max().orElseThrow()).isGreaterThan(19_990);
        assertThat(Integer.parseInt(products.get(0)[0])).isNotEqualTo(0);
        assertThat(csv("characteristic_products.csv")).hasSize(10_000)
                .allSatisfy(r -> assertThat(Integer.parseInt(r[0])).isBetween(0, 19_999));
        Map<String, String> types = new HashMap<>();
        csv("ces_types.csv").forEach(r -> types.put(r[0], r[1]));
        assertThat(types).isEqualTo(map("select type_ces, count(*)::text from customer_employee_supplier group by 1"));
        assertThat(types.keySet()).containsExactlyInAnyOrderElementsOf(CesType.letters());
        assertThat(csv("item_months.csv")).hasSize(48);

        Map<String, String[]> firstN = byFirstColumn("first_n.csv");
        assertThat(firstN.keySet()).contains("0", "1", "1000", "10000", "20000").doesNotContain("613202");
        assertThat(firstN.get("0")).containsExactly("0", "0", "2");
        // at ci the table is 3.3 MB of JSON: no 10 MB answer
        assertThat(firstN).hasSize(5);
        for (String[] row : firstN.values()) {
            assertThat(rows(ItStoreSql.FIRST_N_PRODUCTS, Map.of("n", Integer.parseInt(row[0])))).hasSize(
                    Integer.parseInt(row[1]));
        }
    }

    @Test
    void neighbouringSeedsAreNotTheSameStreamShiftedByADraw() throws SQLException {
        String other = generated(SEED + 1).template(ItStoreApplication.SERVICE);
        assertThat(column(other, "select prod_name from products order by id_prod limit 50"))
                .doesNotContainAnyElementsOf(column(db(), "select prod_name from products order by id_prod limit 50"));
    }

    // ---- helpers


    private List<Product> products(String sql) throws SQLException {
        List<Product> out = new ArrayList<>();
        try (Connection c = connect(db()); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                out.add(new Product(rs.getInt(1), rs.getString(2), rs.getInt(3), rs.getString(4), rs.getString(5),
                        rs.getString(6)));
            }
        }
        return out;
    }

    /** Runs a statement of {@link ItStoreSql} with its named parameters bound, as the variants will. */
    private List<List<Object>> rows(String namedSql, Map<String, Object> params) throws SQLException {
        Matcher m = Pattern.compile("(?<![:\\w]):(\\w+)").matcher(namedSql);
        List<Object> values = new ArrayList<>();
        StringBuilder sql = new StringBuilder();
        while (m.find()) {
            assertThat(params).as(namedSql).containsKey(m.group(1));
            values.add(params.get(m.group(1)));
            m.appendReplacement(sql, "?");
        }
        m.appendTail(sql);
        List<List<Object>> rows = new ArrayList<>();
        try (Connection c = connect(db()); PreparedStatement s = c.prepareStatement(sql.toString())) {
            for (int i = 0; i < values.size(); i++) {
                s.setObject(i + 1, values.get(i));
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
                        row.add(rs.getObject(i));
                    }
                    rows.add(row);
                }
            }
        }
        return rows;
    }

    private String header(String file) throws IOException {
        return Files.readAllLines(dataDir().resolve(file), StandardCharsets.UTF_8).getFirst();
    }

    private List<String[]> csv(String file) throws IOException {
        List<String> lines = Files.readAllLines(dataDir().resolve(file), StandardCharsets.UTF_8);
        return lines.subList(1, lines.size()).stream().map(l -> l.split(",", -1)).toList();
    }

    private String[] firstRow(String file) throws IOException {
        return csv(file).getFirst();
    }

    private Map<String, String[]> byFirstColumn(String file) throws IOException {
        Map<String, String[]> rows = new TreeMap<>();
        for (String[] row : csv(file)) {
            rows.put(row[0], row);
        }
        return rows;
    }



    private long count(String sql) throws SQLException {
        try (Connection c = connect(db()); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private List<String> column(String database, String sql) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Connection c = connect(database); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                values.add(rs.getString(1));
            }
        }
        return values;
    }

    private Map<String, String> map(String sql) throws SQLException {
        Map<String, String> values = new HashMap<>();
        try (Connection c = connect(db()); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                values.put(rs.getString(1), rs.getString(2));
            }
        }
        return values;
    }

    private Connection connect(String database) throws SQLException {
        return DriverManager.getConnection(postgres().jdbcUrl(database), postgres().user(), postgres().password());
    }
}
