package io.paradigmlab.eshop.domain;

import io.paradigmlab.eshop.domain.csv.ProductCsv;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * The e-shop's data (spec 2.2 D-9), generated the same way by the lab's data generator and by the tests: 271,600
 * products with codes {@code P0000001..P0271600}, their initial stock, the 18,084-row import file with fresh codes,
 * and the 55 invalid orders. Product n is a pure function of {@link #SEED} and n (each number gets its own
 * {@link SplittableRandom}), so any slice can be made without the rest, in any order, in parallel.
 *
 * <p>Code ranges (codes are {@code P} and 7 digits, so they sort as their numbers):
 * <ul>
 *   <li>1..{@value #PRODUCTS}: the seeded products; loaded in code order into an empty table their ids equal n;</li>
 *   <li>{@value #FIRST_RESERVED}..{@value #PRODUCTS} (the last {@value #RESERVED}): stock 0, the invalid orders'
 *       codes; the stock-update scenario must pick other ids, or it would make them valid;</li>
 *   <li>{@value #FIRST_IMPORT}..{@value #LAST_IMPORT}: the import file's {@value #IMPORT_ROWS} fresh codes;</li>
 *   <li>{@value #FIRST_ADDED} and up: free for the products scenario A adds.</li>
 * </ul>
 * Between scenarios the lab deletes every product above {@value #PRODUCTS} and restores {@link #quantity} (D-9), so
 * the export always sees 271,600 rows.
 */
public final class SeedData {

    /** The seed of every product's generator: seed 003 of the study. */
    public static final long SEED = 3L;
    /** Products exported by the seed's scenario E. */
    public static final int PRODUCTS = 271_600;
    /** The codes at stock 0 that the invalid orders name. */
    public static final int RESERVED = 1_000;
    public static final int FIRST_RESERVED = PRODUCTS - RESERVED + 1;
    /** Rows of the seed's import file (scenario I). */
    public static final int IMPORT_ROWS = 18_084;
    public static final int FIRST_IMPORT = PRODUCTS + 1;
    public static final int LAST_IMPORT = PRODUCTS + IMPORT_ROWS;
    /** The first code number for products added by scenario A (up to 9,999,999). */
    public static final int FIRST_ADDED = 1_000_000;
    /** Lines of the seed's invalid order batch (scenarios O1, O2). */
    public static final int INVALID_ORDER_LINES = 55;
    /** Initial stock of a product outside the reserved block: {@value #MIN_STOCK}..{@value #MAX_STOCK}. */
    public static final int MIN_STOCK = 10;
    public static final int MAX_STOCK = 1_000;

    public static final List<String> CATEGORIES = List.of("Electronics", "Computers", "Phones", "Home & Living",
            "Kitchen", "Garden", "Tools", "Toys", "Books", "Sports", "Clothing", "Beauty", "Health", "Grocery",
            "Automotive", "Office", "Music", "Pets");

    private static final List<String> ADJECTIVES = List.of("Compact", "Classic", "Smart", "Sturdy", "Premium",
            "Portable", "Eco", "Deluxe", "Basic", "Pro", "Ultra", "Mini", "Silent", "Rugged", "Vintage", "Modern");
    private static final List<String> NOUNS = List.of("Kettle", "Lamp", "Backpack", "Speaker", "Blender", "Chair",
            "Drill", "Notebook", "Headphones", "Jacket", "Bottle", "Charger", "Toaster", "Keyboard", "Mouse", "Scarf",
            "Watch", "Camera", "Tent", "Helmet", "Brush", "Puzzle", "Router", "Pan");
    private static final List<String> USES = List.of("everyday use", "the office", "outdoor trips", "small flats",
            "busy families", "beginners", "daily training", "long journeys", "quiet evenings", "gifts");
    private static final List<String> FEATURES = List.of("easy to clean", "made to last", "light", "quiet",
            "energy saving", "water resistant", "simple to set up", "safe for kids", "recyclable", "well padded");

    private SeedData() {
    }

    /** The code of number n: {@code P} and n in 7 digits. */
    public static String code(int n) {
        if (n < 0 || n > 9_999_999) {
            throw new IllegalArgumentException("a code number has at most 7 digits: " + n);
        }
        String digits = Integer.toString(n);
        return "P" + "0000000".substring(digits.length()) + digits;
    }

    /** The number of a code ({@code P0000042} is 42). */
    public static int number(String code) {
        if (code == null || code.length() != 8 || code.charAt(0) != 'P') {
            throw new IllegalArgumentException("not a product code: " + code);
        }
        return Integer.parseInt(code, 1, 8, 10);
    }

    /** Whether n is in the reserved block (stock 0, named by the invalid orders). */
    public static boolean isReserved(int n) {
        return n >= FIRST_RESERVED && n <= PRODUCTS;
    }

    /**
     * Product n (any n of a code, seeded, imported or added): a name like {@code "Compact Kettle K-482"}, one of
     * {@link #CATEGORIES}, a price of 1.00..199.99 (nine in ten) or 200.00..2,499.99, and a description of about 60
     * characters, often with a comma (so the export quotes it, as real descriptions make it).
     */
    public static NewProduct product(int n) {
        SplittableRandom r = random(n, 1);
        String adjective = pick(r, ADJECTIVES);
        String noun = pick(r, NOUNS);
        String name = adjective + " " + noun + " " + (char) ('A' + r.nextInt(26)) + "-" + (100 + r.nextInt(900));
        String category = pick(r, CATEGORIES);
        int cents = r.nextInt(10) < 9 ? 100 + r.nextInt(19_900) : 20_000 + r.nextInt(230_000);
        BigDecimal price = BigDecimal.valueOf(cents, 2);
        String first = pick(r, FEATURES);
        String second = pick(r, FEATURES);
        while (second.equals(first)) {
            second = pick(r, FEATURES);
        }
        String description = switch (r.nextInt(3)) {
            case 0 -> adjective + " " + noun.toLowerCase(Locale.ROOT) + " for " + pick(r, USES) + ", " + first + " and "
                    + second + ".";
            case 1 -> "A " + noun.toLowerCase(Locale.ROOT) + " for " + pick(r, USES) + ": " + first + ", " + second
                    + ", reliable.";
            default -> "Our " + adjective.toLowerCase(Locale.ROOT) + " " + noun.toLowerCase(Locale.ROOT) + " is " + first + " and "
                    + second + ", for " + pick(r, USES) + ".";
        };
        return new NewProduct(code(n), name, category, price, description);
    }

    /** The 271,600 seeded products, by code. */
    public static Stream<NewProduct> products() {
        return IntStream.rangeClosed(1, PRODUCTS).mapToObj(SeedData::product);
    }

    /** Initial stock of product n: 0 in the reserved block, else {@value #MIN_STOCK}..{@value #MAX_STOCK}. */
    public static long quantity(int n) {
        return isReserved(n) ? 0 : MIN_STOCK + random(n, 2).nextInt(MAX_STOCK - MIN_STOCK + 1);
    }

    /** The initial inventory of every seeded product, by code. */
    public static Stream<StockLevel> inventory() {
        return IntStream.rangeClosed(1, PRODUCTS).mapToObj(n -> new StockLevel(code(n), quantity(n)));
    }

    /** The import file's products: fresh codes {@value #FIRST_IMPORT}..{@value #LAST_IMPORT}, by code. */
    public static Stream<NewProduct> importProducts() {
        return IntStream.rangeClosed(FIRST_IMPORT, LAST_IMPORT).mapToObj(SeedData::product);
    }

    /** The import file (scenario I): {@link ProductCsv}'s format, UTF-8, 18,084 rows, about 2.1 MB. */
    public static byte[] importCsv() {
        return ProductCsv.document(importProducts().toList()).getBytes(StandardCharsets.UTF_8);
    }

    /**
     * The seed's invalid batch: 55 lines, each one unit of a different reserved code (stock 0, so every line is
     * rejected and nothing is written), with fixed order numbers so that answers are equal byte for byte in every
     * variant. Sent again and again by the load: rejected lines are never stored, so the numbers never collide.
     */
    public static List<OrderLine> invalidOrders() {
        return IntStream.range(0, INVALID_ORDER_LINES).mapToObj(i -> new OrderLine(
                UUID.nameUUIDFromBytes(("eshop-invalid-order-" + i).getBytes(StandardCharsets.UTF_8)).toString(),
                code(FIRST_RESERVED + i * (RESERVED / INVALID_ORDER_LINES)), 1L)).toList();
    }

    private static SplittableRandom random(int n, int stream) {
        // one generator per (number, purpose): SplittableRandom mixes its seed, so neighbouring seeds are unrelated
        return new SplittableRandom(SEED * 0x9E3779B97F4A7C15L + (long) n * 8 + stream);
    }

    private static String pick(SplittableRandom r, List<String> from) {
        return from.get(r.nextInt(from.size()));
    }
}
