package io.paradigmlab.eshop.lab;

import io.paradigmlab.eshop.domain.NewProduct;
import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.domain.SeedData;
import io.paradigmlab.eshop.domain.csv.ProductCsv;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.PostgresEndpoint;
import java.io.BufferedWriter;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * The e-shop's data (spec 2.2, D-9): products with their stock, in code order so that ids follow codes, and the
 * scenario files. Every value comes from {@link SeedData} (deterministic: the seed argument changes nothing, the
 * study's data is one fixed set). Scale {@code ci} keeps the first {@value #CI_PRODUCTS} products and the reserved
 * block at stock 0 that the invalid orders name; scale {@code seed} is the study's 271,600 products. MariaDB's order
 * database starts empty in every run (orders are written only by the scenarios).
 *
 * <p>Scenario files: {@code products.csv} ({@code id,code}, every product), {@code new_products.csv} (fresh codes
 * for {@code add-product}, drawn in order, each once), {@code invalid_orders.json} (the 55-line batch),
 * {@code import-NN.csv} (the seed's 18,084-row import file, each copy with codes of its own range, so every import
 * of a run stores new rows) listed in {@code imports.csv}.
 */
public final class EshopDataGenerator implements DataGenerator {

    public static final int CI_PRODUCTS = 2_000;
    public static final String PRODUCTS_CSV = "products.csv";
    public static final String NEW_PRODUCTS_CSV = "new_products.csv";
    public static final String INVALID_ORDERS_JSON = "invalid_orders.json";
    public static final String IMPORTS_CSV = "imports.csv";
    /** The first code of the import files: after the seeded products and the domain's own import range. */
    static final int FIRST_IMPORT_FILE_CODE = SeedData.FIRST_IMPORT;
    /**
     * The first code of the added products, after every import file (100 files of 18,084 codes from 271,601 end below
     * 2,080,001): each upload of an import run needs codes of its own, so a run can send as many imports as there are
     * files before the list wraps (and a second upload of a file answers 409).
     */
    static final int FIRST_NEW_PRODUCT = 3_000_000;
    private static final int BATCH = 1_000;
    /**
     * Every seeded row's {@code created_at} / {@code updated_at}: fixed (the column default is the time of the
     * insert), so two generations give the same rows, as DataGeneratorContract checks.
     */
    static final String GENERATED_AT = "2025-01-01 00:00:00+00";

    private static final List<Scale> SCALES = List.of(
            new Scale("ci", CI_PRODUCTS + SeedData.RESERVED, "the first " + CI_PRODUCTS + " products and the 1,000"
                    + " reserved codes at stock 0; 40 import files, 100,000 fresh codes: the tests and first looks"),
            new Scale("seed", SeedData.PRODUCTS, "the study's 271,600 products (export writes them all); 100 import"
                    + " files of 18,084 rows, 1,000,000 fresh codes"));

    @Override
    public List<Scale> scales() {
        return SCALES;
    }

    /** The product numbers a scale loads, in code order. */
    static IntStream numbers(Scale scale) {
        if (scale.name().equals("ci")) {
            return IntStream.concat(IntStream.rangeClosed(1, CI_PRODUCTS),
                    IntStream.rangeClosed(SeedData.FIRST_RESERVED, SeedData.PRODUCTS));
        }
        return IntStream.rangeClosed(1, SeedData.PRODUCTS);
    }

    static int importFiles(Scale scale) {
        return scale.name().equals("ci") ? 40 : 100;
    }

    static int newProducts(Scale scale) {
        return scale.name().equals("ci") ? 100_000 : 1_000_000;
    }

    @Override
    public void generate(PostgresEndpoint postgres, Map<String, String> databases, Scale scale, long seed,
                         Path dataDir, Progress progress) {
        String productDb = databases.get(EshopService.PRODUCT.id());
        String inventoryDb = databases.get(EshopService.INVENTORY.id());
        int[] numbers = numbers(scale).toArray();
        try {
            Files.createDirectories(dataDir);
            try (Connection c = DriverManager.getConnection(postgres.jdbcUrl(productDb), postgres.user(),
                    postgres.password())) {
                loadProducts(c, numbers, progress);
                writeProductIds(c, dataDir.resolve(PRODUCTS_CSV));
                analyze(c, "product");
            }
            try (Connection c = DriverManager.getConnection(postgres.jdbcUrl(inventoryDb), postgres.user(),
                    postgres.password())) {
                loadStock(c, numbers, progress);
                analyze(c, "inventory");
            }
            writeScenarioFiles(scale, dataDir, progress);
        } catch (SQLException | IOException e) {
            throw new LabException("Cannot generate the e-shop data: " + e.getMessage(), e);
        }
    }

    private static void loadProducts(Connection c, int[] numbers, Progress progress) throws SQLException {
        c.setAutoCommit(false);
        try (PreparedStatement s = c.prepareStatement("INSERT INTO product (code, name, category, price, description,"
                + " created_at) SELECT *, TIMESTAMPTZ '" + GENERATED_AT + "' FROM unnest(?::varchar[], ?::varchar[],"
                + " ?::varchar[], ?::numeric[], ?::varchar[])")) {
            for (int from = 0; from < numbers.length; from += BATCH) {
                int to = Math.min(numbers.length, from + BATCH);
                List<NewProduct> batch = new ArrayList<>(to - from);
                for (int i = from; i < to; i++) {
                    batch.add(SeedData.product(numbers[i]));
                }
                s.setArray(1, c.createArrayOf("varchar", batch.stream().map(NewProduct::code).toArray()));
                s.setArray(2, c.createArrayOf("varchar", batch.stream().map(NewProduct::name).toArray()));
                s.setArray(3, c.createArrayOf("varchar", batch.stream().map(NewProduct::category).toArray()));
                s.setArray(4, c.createArrayOf("numeric", batch.stream().map(NewProduct::price).toArray(BigDecimal[]::new)));
                s.setArray(5, c.createArrayOf("varchar", batch.stream().map(NewProduct::description).toArray()));
                s.executeUpdate();
                if (to % 50_000 < BATCH || to == numbers.length) {
                    progress.report(String.format("products: %,d of %,d", to, numbers.length));
                }
            }
        }
        c.commit();
        c.setAutoCommit(true);
    }

    private static void loadStock(Connection c, int[] numbers, Progress progress) throws SQLException {
        c.setAutoCommit(false);
        try (PreparedStatement s = c.prepareStatement("INSERT INTO inventory (code, quantity, updated_at)"
                + " SELECT *, TIMESTAMPTZ '" + GENERATED_AT + "' FROM unnest(?::varchar[], ?::bigint[])")) {
            for (int from = 0; from < numbers.length; from += BATCH) {
                int to = Math.min(numbers.length, from + BATCH);
                String[] codes = new String[to - from];
                Long[] quantities = new Long[to - from];
                for (int i = from; i < to; i++) {
                    codes[i - from] = SeedData.code(numbers[i]);
                    quantities[i - from] = SeedData.quantity(numbers[i]);
                }
                s.setArray(1, c.createArrayOf("varchar", codes));
                s.setArray(2, c.createArrayOf("bigint", quantities));
                s.executeUpdate();
            }
        }
        c.commit();
        c.setAutoCommit(true);
        progress.report(String.format("stock: %,d rows", numbers.length));
    }

    private static void writeProductIds(Connection c, Path file) throws SQLException, IOException {
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT id, code FROM product ORDER BY id")) {
            out.write("id,code\n");
            while (rs.next()) {
                out.write(rs.getLong(1) + "," + rs.getString(2) + "\n");
            }
        }
    }

    private static void analyze(Connection c, String table) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("VACUUM ANALYZE " + table);
        }
    }

    private static void writeScenarioFiles(Scale scale, Path dir, Progress progress) throws IOException {
        try (BufferedWriter out = Files.newBufferedWriter(dir.resolve(NEW_PRODUCTS_CSV), StandardCharsets.UTF_8)) {
            out.write("code,name,category,price\n");
            for (int i = 0; i < newProducts(scale); i++) {
                NewProduct p = SeedData.product(FIRST_NEW_PRODUCT + i);
                // names and categories hold no comma or quote (SeedData's vocabulary), so they need no quoting
                out.write(p.code() + "," + p.name() + "," + p.category() + "," + p.price().toPlainString() + "\n");
            }
        }
        Files.writeString(dir.resolve(INVALID_ORDERS_JSON), invalidOrdersJson(), StandardCharsets.UTF_8);
        List<String> names = new ArrayList<>();
        for (int k = 0; k < importFiles(scale); k++) {
            String name = String.format("import-%02d.csv", k + 1);
            int first = FIRST_IMPORT_FILE_CODE + k * SeedData.IMPORT_ROWS;
            List<NewProduct> rows = IntStream.range(0, SeedData.IMPORT_ROWS)
                    .mapToObj(i -> SeedData.product(first + i)).toList();
            Files.writeString(dir.resolve(name), ProductCsv.document(rows), StandardCharsets.UTF_8);
            names.add(name);
        }
        Files.writeString(dir.resolve(IMPORTS_CSV), "file\n" + String.join("\n", names) + "\n",
                StandardCharsets.UTF_8);
        progress.report(names.size() + " import files of " + SeedData.IMPORT_ROWS + " rows, "
                + newProducts(scale) + " fresh codes");
    }

    /** The body of the invalid-orders scenarios: {@code {"orders":[...]}} of {@link SeedData#invalidOrders()}. */
    public static String invalidOrdersJson() {
        StringBuilder json = new StringBuilder("{\"orders\":[");
        List<OrderLine> lines = SeedData.invalidOrders();
        for (int i = 0; i < lines.size(); i++) {
            OrderLine l = lines.get(i);
            json.append(i == 0 ? "" : ",").append("{\"orderNumber\":\"").append(l.orderNumber())
                    .append("\",\"productCode\":\"").append(l.productCode()).append("\",\"quantity\":")
                    .append(l.quantity()).append('}');
        }
        return json.append("]}").toString();
    }
}
