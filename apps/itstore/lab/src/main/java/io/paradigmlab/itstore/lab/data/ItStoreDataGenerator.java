package io.paradigmlab.itstore.lab.data;

import io.paradigmlab.itstore.domain.CesType;
import io.paradigmlab.itstore.schema.ItStoreSchema;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.data.BulkLoad;
import io.paradigmlab.lab.api.data.CopyStream;
import io.paradigmlab.lab.api.data.Meter;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.PostgresEndpoint;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * The IT store's benchmark data (spec 1.2, decision D-1; docs/data.md): customers, employees, suppliers and the shop;
 * products whose flat JSON averages {@value #JSON_MEAN} bytes, so that the original's 613,202 products make about
 * 100 MB; four characteristics per product of the first 100,000; four years of invoices, 70 % sales, with 1-9 items
 * each over 40 products of 8 categories that are both sold and bought, so every profit query has rows.
 *
 * <p>Deterministic: the same seed and scale give the same rows, byte for byte (every value comes from seeded
 * {@link SplittableRandom} streams, one per table). Loaded with COPY into the one database, with the keys built once
 * afterwards ({@link BulkLoad}), then frozen and analyzed.
 *
 * <p>The SPI's {@link Scale#users()} is Tweebyte's notion; here it counts <em>products</em>.
 */
public final class ItStoreDataGenerator implements DataGenerator {

    /** The service id whose database the generator fills (the only database also does). */
    public static final String SERVICE = "itstore";

    public static final String PRODUCTS_CSV = "products.csv";
    public static final String CHARACTERISTIC_PRODUCTS_CSV = "characteristic_products.csv";
    public static final String CES_TYPES_CSV = "ces_types.csv";
    public static final String ITEM_MONTHS_CSV = "item_months.csv";
    public static final String FIRST_N_CSV = "first_n.csv";
    /** The N of the large-responses scenario: a 10 MB and a 20 MB answer (Fig 17), or the whole table if smaller. */
    public static final String LARGE_N_CSV = "large_n.csv";

    /**
     * Each product's flat JSON is drawn between these sizes (bytes, the {@code Product} record as Jackson writes it),
     * and the shop notes ({@code add_info}) are cut so that the running mean stays on {@value #JSON_MEAN}: the size of
     * every {@code first_N_products} response, the response-size scenario's variable, depends on it.
     */
    static final int JSON_MIN = 150;
    static final int JSON_MAX = 180;
    static final int JSON_MEAN = (JSON_MIN + JSON_MAX) / 2;
    /** Products whose {@code add_info} is NULL (JSON {@code null}), in percent: the nullable column is exercised. */
    static final int NULL_ADD_INFO_PERCENT = 8;
    /** Customers without an address (NULL), in percent; one in five customers is a company (EIN, no SSN). */
    static final int NO_ADDRESS_PERCENT = 10;
    static final int COMPANY_CUSTOMER_PERCENT = 20;
    /** VAT on every invoice: Romania's standard rate in 2021-2024. */
    static final int VAT_PERCENT = 19;
    /** Rows of the sample files ({@link #PRODUCTS_CSV}, {@link #CHARACTERISTIC_PRODUCTS_CSV}). */
    static final int SAMPLE = 10_000;
    /** The stated size of the original's response-size test (§5.2): 613,202 products, "100MB". */
    static final int PAPER_RESPONSE_ROWS = 613_202;
    /** Response sizes of the concurrency test with large responses (Fig 17: "10MB" and "a little bit over 20MB"). */
    static final long[] LARGE_RESPONSE_BYTES = {10_000_000L, 20_000_000L};

    private static final int CES = 1;
    private static final int PRODUCTS = 2;
    private static final int CHARACTERISTICS = 3;
    private static final int SOLD = 4;
    private static final int INVOICES = 5;
    private static final int ITEMS = 6;
    private static final int FILES = 7;
    private static final int PRICES = 8;

    private static final List<Scale> SCALES = List.of(
            new Scale("ci", Plan.CI.products(), "20,000 products, 1,031"
                    + " customers/employees/suppliers, 80,000 characteristics, 1,000 invoices, ~4,000 items (17 MB):"
                    + " a few seconds; tests and CI"),
            new Scale("paper", Plan.PAPER.products(), "the paper's size: 700,000 products (the first"
                    + " 613,202 make 100 MB of JSON), 10,251 customers/employees/suppliers,"
                    + " 400,000 characteristics, 5,000 invoices, ~20,000 items (136 MB): about 10 s once, then reused"));

    @Override
    public List<Scale> scales() {
        return SCALES;
    }

    @Override
    public void generate(PostgresEndpoint postgres, Map<String, String> databases, Scale scale, long seed,
                         Path dataDir, Progress progress) {
        String database = database(databases);
        Plan plan = Plan.of(scale);
        Meter meter = new Meter(progress);
        long started = System.nanoTime();
        Products products;
        Sales sales;
        try (Connection c = connect(postgres, database)) {
            BulkLoad load = BulkLoad.prepare(c, ItStoreSchema.TABLES);
            loadCes(c, plan, seed, meter);
            products = loadProducts(c, plan, seed, meter);
            loadCharacteristics(c, plan, seed, meter);
            sales = loadInvoices(c, plan, products, seed, meter);
            load.finish(c, database, meter);
        } catch (SQLException e) {
            throw new LabException("Cannot generate the IT store data set (" + scale.name() + ", seed " + seed
                    + ") into " + database + ": " + e.getMessage(), e);
        }
        writeFiles(plan, products, sales, seed, dataDir);
        long paperRows = Math.min(PAPER_RESPONSE_ROWS, plan.products());
        meter.line(String.format(Locale.ROOT, "products: flat JSON %.1f bytes on average; first_N_products?N=%d"
                        + " answers %,d bytes", products.prefix[plan.products()] / (double) plan.products(), paperRows,
                ProductJson.array(paperRows, products.prefix[(int) paperRows])));
        meter.line(String.format(Locale.ROOT, "IT store data set %s (seed %d): %,d CES, %,d products, %,d"
                        + " characteristics, %,d invoices (%,d sales), %,d items, loaded in %.1f s", scale.name(), seed,
                plan.ces(), plan.products(), (long) plan.characterized() * Plan.CHARACTERISTICS_PER_PRODUCT,
                plan.invoices(), sales.saleInvoices, sales.items, (System.nanoTime() - started) / 1e9));
    }

    static String database(Map<String, String> databases) {
        if (databases.containsKey(SERVICE)) {
            return databases.get(SERVICE);
        }
        if (databases.size() == 1) {
            return databases.values().iterator().next();
        }
        throw new LabException("The IT store data generator fills one database (service '" + SERVICE + "'); got "
                + databases.keySet());
    }

    // ---- customer_employee_supplier

    private static void loadCes(Connection c, Plan plan, long seed, Meter meter) throws SQLException {
        SplittableRandom r = stream(seed, CES);
        try (CopyStream out = new CopyStream(c, "customer_employee_supplier",
                "id_ces, name, ein, type_ces, address, iban, ssn", meter, plan.ces())) {
            for (int id = 0; id < plan.ces(); id++) {
                CesType type = type(plan, id);
                boolean company = type == CesType.SHOP || type == CesType.SUPPLIER
                        || (type == CesType.CUSTOMER && r.nextInt(100) < COMPANY_CUSTOMER_PERCENT);
                out.number(id).text(id == Plan.shop() ? "IT Store SRL"
                        : company ? Texts.companyName(r) : Texts.personName(r));
                if (company) {
                    out.text(Texts.ein(r));
                } else {
                    out.nul();
                }
                out.text(type.letter());
                if (type == CesType.CUSTOMER && r.nextInt(100) < NO_ADDRESS_PERCENT) {
                    out.nul();
                } else {
                    out.text(Texts.address(r));
                }
                out.text(Texts.iban(r));
                if (company) {
                    out.nul();
                } else {
                    out.text(Texts.cnp(r));
                }
                out.endRow();
            }
        }
    }

    static CesType type(Plan plan, int id) {
        if (id == Plan.shop()) {
            return CesType.SHOP;
        }
        if (id < plan.firstSupplier()) {
            return CesType.EMPLOYEE;
        }
        return id < plan.firstCustomer() ? CesType.SUPPLIER : CesType.CUSTOMER;
    }

    // ---- products

    /**
     * What later tables and files need of the products.
     *
     * @param category each product's category (index into {@link Texts#CATEGORIES})
     * @param prefix   prefix[n]: the JSON bytes of products 0..n-1 together (their sizes, no separators)
     */
    record Products(byte[] category, long[] prefix) {
    }

    private static Products loadProducts(Connection c, Plan plan, long seed, Meter meter) throws SQLException {
        SplittableRandom r = stream(seed, PRODUCTS);
        int n = plan.products();
        byte[] category = new byte[n];
        long[] prefix = new long[n + 1];
        long codeOffset = r.nextLong(1L << 40);
        // bytes the products so far fell short of their drawn sizes (negative: over): the next ones make it up,
        // so the mean of any prefix of the table stays on JSON_MEAN despite NULL notes and clamped lengths
        long carry = 0;
        try (CopyStream out = new CopyStream(c, "products",
                "id_prod, prod_name, id_supplier, availability, category, add_info", meter, n)) {
            for (int id = 0; id < n; id++) {
                int cat = r.nextInt(Texts.CATEGORIES.length);
                category[id] = (byte) cat;
                int supplier = plan.firstSupplier() + r.nextInt(plan.suppliers());
                String availability = Texts.availability(r);
                int drawn = JSON_MIN + r.nextInt(JSON_MAX - JSON_MIN + 1);
                String name = Texts.productName(r, id, cat, codeOffset, 16 + r.nextInt(21));
                String categoryName = Texts.CATEGORIES[cat];
                String addInfo = null;
                if (r.nextInt(100) >= NULL_ADD_INFO_PERCENT) {
                    int base = ProductJson.size(id, name, supplier, availability, categoryName, "");
                    int wanted = drawn + (int) Math.max(-30, Math.min(30, carry));
                    addInfo = Texts.addInfo(r, Math.max(5, Math.min(100, wanted - base)));
                }
                int size = ProductJson.size(id, name, supplier, availability, categoryName, addInfo);
                carry += drawn - size;
                prefix[id + 1] = prefix[id] + size;
                out.number(id).text(name).number(supplier).text(availability).text(categoryName);
                if (addInfo == null) {
                    out.nul();
                } else {
                    out.text(addInfo);
                }
                out.endRow();
            }
        }
        return new Products(category, prefix);
    }

    // ---- characteristic

    private static void loadCharacteristics(Connection c, Plan plan, long seed, Meter meter) throws SQLException {
        SplittableRandom r = stream(seed, CHARACTERISTICS);
        int[] names = new int[Texts.CHARACTERISTICS.length];
        Arrays.setAll(names, i -> i);
        try (CopyStream out = new CopyStream(c, "characteristic", "id_prod, id_characteristic, name, value", meter,
                (long) plan.characterized() * Plan.CHARACTERISTICS_PER_PRODUCT)) {
            for (int id = 0; id < plan.characterized(); id++) {
                for (int k = 0; k < Plan.CHARACTERISTICS_PER_PRODUCT; k++) {
                    // a partial shuffle: four different names per product
                    int pick = k + r.nextInt(names.length - k);
                    int name = names[pick];
                    names[pick] = names[k];
                    names[k] = name;
                    String text = Texts.CHARACTERISTICS[name];
                    out.number(id).number(k + 1).text(text).text(Texts.characteristicValue(r, text)).endRow();
                }
            }
        }
    }

    // ---- invoice and item

    /**
     * What the files need of the invoices.
     *
     * @param saleInvoices invoices of type 'c'
     * @param items        item rows
     * @param sold         the products on the items
     */
    record Sales(int saleInvoices, int items, int[] sold) {
    }

    private record Item(int invoice, int number, int product, int quantity, long priceCents) {
    }

    /**
     * Invoices spread evenly over the 48 months (invoice k falls in month k mod 48, on a random day), in each month
     * the 3rd, 6th and 9th of every ten a purchase ('s') and the rest sales ('c'): 70 % sales, and every month,
     * October 2022 included, has both. Numbered 1.. in date order. Each has 1 + Binomial(8, 3/8) items (1-9, mean 4)
     * of the 40 sold products, quantities 1-10; a product sells at 105-140 % of its base price and is bought at
     * 60-95 %. The first 40 items of each kind go through the 40 products in turn, so each is both sold and bought
     * and the profit queries, which join sales and purchases, find all of them. An invoice's value is the sum of its
     * items, its VAT {@value #VAT_PERCENT} % of that.
     */
    private static Sales loadInvoices(Connection c, Plan plan, Products products, long seed, Meter meter)
            throws SQLException {
        int[] sold = soldProducts(plan, products, seed);
        SplittableRandom pr = stream(seed, PRICES);
        long[] baseCents = new long[sold.length];
        for (int i = 0; i < sold.length; i++) {
            baseCents[i] = 10_000 + pr.nextLong(340_001);
        }

        SplittableRandom r = stream(seed, INVOICES);
        int n = plan.invoices();
        LocalDate[] date = new LocalDate[n];
        boolean[] purchase = new boolean[n];
        for (int k = 0; k < n; k++) {
            int month = k % Plan.MONTHS;
            LocalDate first = LocalDate.of(Plan.FIRST_YEAR + month / 12, month % 12 + 1, 1);
            date[k] = first.plusDays(r.nextInt(first.lengthOfMonth()));
            int position = k / Plan.MONTHS % 10;
            purchase[k] = position == 2 || position == 5 || position == 8;
        }
        Integer[] order = new Integer[n];
        Arrays.setAll(order, i -> i);
        Arrays.sort(order, Comparator.comparing((Integer k) -> date[k]).thenComparing(k -> k));

        SplittableRandom ir = stream(seed, ITEMS);
        List<Item> items = new ArrayList<>(n * 5);
        int saleCursor = 0;
        int purchaseCursor = 0;
        int saleInvoices = 0;
        try (CopyStream out = new CopyStream(c, "invoice",
                "nr, invoice_date, id_vendor, type, value, vat, id_employee, id_buyer", meter, n)) {
            for (int i = 0; i < n; i++) {
                int k = order[i];
                int nr = i + 1;
                boolean buy = purchase[k];
                int count = 1;
                for (int t = 0; t < 8; t++) {
                    count += ir.nextInt(8) < 3 ? 1 : 0;
                }
                long value = 0;
                for (int item = 1; item <= count; item++) {
                    int s;
                    if (buy) {
                        s = purchaseCursor < sold.length ? purchaseCursor++ : ir.nextInt(sold.length);
                    } else {
                        s = saleCursor < sold.length ? saleCursor++ : ir.nextInt(sold.length);
                    }
                    int quantity = 1 + ir.nextInt(10);
                    int percent = buy ? 60 + ir.nextInt(36) : 105 + ir.nextInt(36);
                    long price = Math.max(1_000, Math.min(499_999, (baseCents[s] * percent + 50) / 100));
                    items.add(new Item(nr, item, sold[s], quantity, price));
                    value += quantity * price;
                }
                int employee = plan.firstEmployee() + r.nextInt(plan.employees());
                int vendor = buy ? plan.firstSupplier() + r.nextInt(plan.suppliers()) : Plan.shop();
                int buyer = buy ? Plan.shop() : plan.firstCustomer() + r.nextInt(plan.customers());
                saleInvoices += buy ? 0 : 1;
                out.number(nr).date(date[k]).number(vendor).text(buy ? "s" : "c").text(money(value))
                        .text(money((value * VAT_PERCENT + 50) / 100)).number(employee).number(buyer).endRow();
            }
        }
        try (CopyStream out = new CopyStream(c, "item",
                "invoice_nr, invoice_date, id_item, id_prod, unit, quantity, unit_price", meter, items.size())) {
            for (Item item : items) {
                out.number(item.invoice()).date(date[order[item.invoice() - 1]]).number(item.number())
                        .number(item.product()).text("pcs").number(item.quantity()).text(money(item.priceCents()))
                        .endRow();
            }
        }
        return new Sales(saleInvoices, items.size(), sold);
    }

    /** 5 products from each of 8 categories drawn from the 10, all at random. */
    private static int[] soldProducts(Plan plan, Products products, long seed) {
        SplittableRandom r = stream(seed, SOLD);
        int[] categories = shuffled(Texts.CATEGORIES.length, r);
        int perCategory = Plan.SOLD_PRODUCTS / Plan.SOLD_CATEGORIES;
        int[] sold = new int[Plan.SOLD_PRODUCTS];
        Set<Integer> chosen = new HashSet<>();
        for (int k = 0; k < Plan.SOLD_CATEGORIES; k++) {
            int found = 0;
            for (int attempt = 0; found < perCategory; attempt++) {
                if (attempt > 1_000_000) {
                    throw new IllegalStateException("too few products of category " + Texts.CATEGORIES[categories[k]]);
                }
                int id = r.nextInt(plan.products());
                if (products.category()[id] == categories[k] && chosen.add(id)) {
                    sold[k * perCategory + found++] = id;
                }
            }
        }
        return sold;
    }

    /** Cents as the text of a {@code DECIMAL(p,2)}. */
    static String money(long cents) {
        return cents / 100 + "." + (cents % 100 < 10 ? "0" : "") + cents % 100;
    }

    // ---- scenario data files

    private static void writeFiles(Plan plan, Products products, Sales sales, long seed, Path dir) {
        SplittableRandom r = stream(seed, FILES);
        try {
            Files.createDirectories(dir);
            try (BufferedWriter w = writer(dir.resolve(PRODUCTS_CSV), "product_id")) {
                for (int id : spread(plan.products(), SAMPLE, r)) {
                    line(w, Integer.toString(id));
                }
            }
            try (BufferedWriter w = writer(dir.resolve(CHARACTERISTIC_PRODUCTS_CSV), "product_id")) {
                for (int id : spread(plan.characterized(), SAMPLE, r)) {
                    line(w, Integer.toString(id));
                }
            }
            try (BufferedWriter w = writer(dir.resolve(CES_TYPES_CSV), "type,rows")) {
                line(w, CesType.CUSTOMER.letter(), Integer.toString(plan.customers()));
                line(w, CesType.EMPLOYEE.letter(), Integer.toString(plan.employees()));
                line(w, CesType.SUPPLIER.letter(), Integer.toString(plan.suppliers()));
                line(w, CesType.SHOP.letter(), "1");
            }
            try (BufferedWriter w = writer(dir.resolve(ITEM_MONTHS_CSV), "year,month")) {
                for (int m = 0; m < Plan.MONTHS; m++) {
                    line(w, Integer.toString(Plan.FIRST_YEAR + m / 12), Integer.toString(m % 12 + 1));
                }
            }
            try (BufferedWriter w = writer(dir.resolve(FIRST_N_CSV), "n,rows,json_bytes")) {
                for (int n : firstNs(plan, products)) {
                    int rows = Math.min(n, plan.products());
                    line(w, Integer.toString(n), Integer.toString(rows),
                            Long.toString(ProductJson.array(rows, products.prefix()[rows])));
                }
            }
            try (BufferedWriter w = writer(dir.resolve(LARGE_N_CSV), "n,json_bytes")) {
                for (long bytes : LARGE_RESPONSE_BYTES) {
                    int n = smallestReaching(plan, products, bytes);
                    line(w, Integer.toString(n), Long.toString(ProductJson.array(n, products.prefix()[n])));
                }
            }
        } catch (IOException e) {
            throw new LabException("Cannot write the scenario data files to " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * The N of the response-size scenarios: 0, 1, 1,000, 10,000, the smallest N whose answer reaches 10 MB and 20 MB
     * (Fig 17), 613,202 (Fig 15's first point), and the whole table, those the table holds.
     */
    static TreeSet<Integer> firstNs(Plan plan, Products products) {
        TreeSet<Integer> ns = new TreeSet<>(List.of(0, 1, 1_000, 10_000, PAPER_RESPONSE_ROWS, plan.products()));
        for (long bytes : LARGE_RESPONSE_BYTES) {
            int n = smallestReaching(plan, products, bytes);
            if (ProductJson.array(n, products.prefix()[n]) >= bytes) {
                ns.add(n);
            }
        }
        ns.removeIf(n -> n > plan.products());
        return ns;
    }

    /** The smallest N whose answer has at least {@code bytes} bytes, or the whole table when no N reaches it. */
    static int smallestReaching(Plan plan, Products products, long bytes) {
        // the answer grows with N: bisection
        int lo = 1;
        int hi = plan.products();
        if (ProductJson.array(hi, products.prefix()[hi]) < bytes) {
            return hi;
        }
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (ProductJson.array(mid, products.prefix()[mid]) >= bytes) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** Up to {@code n} of the ids 0..{@code range}-1: one drawn from each of {@code n} equal slices, shuffled. */
    private static int[] spread(int range, int n, SplittableRandom r) {
        int count = Math.min(n, range);
        int[] out = new int[count];
        for (int k = 0; k < count; k++) {
            long lo = (long) k * range / count;
            long hi = (long) (k + 1) * range / count;
            out[k] = (int) (lo + r.nextLong(Math.max(1, hi - lo)));
        }
        shuffle(out, r);
        return out;
    }

    private static int[] shuffled(int n, SplittableRandom r) {
        int[] out = new int[n];
        Arrays.setAll(out, i -> i);
        shuffle(out, r);
        return out;
    }

    private static void shuffle(int[] a, SplittableRandom r) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int tmp = a[i];
            a[i] = a[j];
            a[j] = tmp;
        }
    }

    private static BufferedWriter writer(Path file, String header) throws IOException {
        BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        w.write(header);
        w.write('\n');
        return w;
    }

    private static void line(BufferedWriter w, String... cells) throws IOException {
        w.write(String.join(",", cells));
        w.write('\n');
    }

    // ---- helpers

    /** One independent seeded stream per table, so each table's rows depend only on the seed. */
    static SplittableRandom stream(long seed, int purpose) {
        // hashed: a SplittableRandom seeded with s + its gamma is the stream of s shifted by one draw, so seeds
        // (or purposes) in arithmetic steps would give overlapping sequences
        return new SplittableRandom(mix64(mix64(seed) + purpose));
    }

    /** Stafford's variant 13 of the MurmurHash3 finalizer: a bijection on longs that scatters neighbours. */
    private static long mix64(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static Connection connect(PostgresEndpoint pg, String database) throws SQLException {
        Connection c = DriverManager.getConnection(pg.jdbcUrl(database), pg.user(), pg.password());
        try (Statement s = c.createStatement()) {
            s.execute("SET synchronous_commit = off");
        }
        return c;
    }
}
