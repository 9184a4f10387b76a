package io.paradigmlab.eshop.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.eshop.domain.Barcodes;
import io.paradigmlab.eshop.domain.NewProduct;
import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.domain.Product;
import io.paradigmlab.eshop.domain.Rejected;
import io.paradigmlab.eshop.domain.SeedData;
import io.paradigmlab.eshop.domain.csv.ProductCsv;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import io.paradigmlab.eshop.domain.request.EshopRequests;
import io.paradigmlab.eshop.lab.EshopDataGenerator;
import io.paradigmlab.eshop.lab.EshopDeployment;
import io.paradigmlab.eshop.lab.EshopService;
import io.paradigmlab.eshop.lab.EshopVariant;
import io.paradigmlab.lab.api.CallCounter;
import io.paradigmlab.lab.api.LaunchedService;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * The e-shop's behaviour, black-box over HTTP, run unchanged against each variant with one and with three instances of
 * each service (one subclass per variant and instance count). The deployment is shared by the tests of a class (each test
 * touches products, codes and order numbers of its own, so their order does not matter), except the Inventory-down
 * test, which runs last and takes the deployment over as its own; the class stops the deployment when it is done. With
 * several instances, each request goes to the next instance of the entry service in turn.
 *
 * <p>Product ids 1 to 99 of the ci data set and new codes from {@code P3000000} belong to these tests;
 * {@link EshopEquivalenceIT}, which shares the one-instance deployments, keeps to ids 100 to 199 and codes from
 * {@code P4000000}.
 */
@ExtendWith(EshopFixture.Resolver.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class EshopSpec {

    static final String INVALID_ORDERS = EshopDataGenerator.invalidOrdersJson();
    /** The sequential floor of the delayed scenario: 55 calls of 100 ms one after the other. */
    static final Duration SEQUENTIAL_FLOOR = Duration.ofMillis(SeedData.INVALID_ORDER_LINES * 100L);
    /** "Well under" the sequential floor: half of it, which a fan-out of 55 meets many times over. */
    static final Duration FANNED_OUT_LIMIT = SEQUENTIAL_FLOOR.dividedBy(2);

    EshopFixture fixture;
    EshopDeployment shop;
    Client product;
    Client inventory;
    Client order;

    abstract EshopVariant variant();

    /** Instances of each service. */
    int instances() {
        return 1;
    }

    @BeforeEach
    void start(EshopFixture fixture) {
        this.fixture = fixture;
        this.shop = fixture.deployment(variant(), instances());
        this.product = new Client(shop.urls(EshopService.PRODUCT));
        this.inventory = new Client(shop.urls(EshopService.INVENTORY));
        this.order = new Client(shop.urls(EshopService.ORDER));
    }

    /** The class's deployment is stopped once its tests are done: the next class's JVMs need the room. */
    @AfterAll
    void release(EshopFixture fixture) {
        fixture.release(variant(), instances());
    }

    // ---- orders (scenarios O1, O2)

    @ParameterizedTest
    @ValueSource(strings = {"bulk", "individual"})
    void theFiftyFiveInvalidOrdersAreAllRejectedAndNothingIsStored(String mode) throws SQLException {
        List<OrderLine> lines = SeedData.invalidOrders();
        List<String> codes = lines.stream().map(OrderLine::productCode).toList();
        Map<String, Long> stockBefore = stockInDatabase(codes);
        assertThat(stockBefore).hasSize(SeedData.INVALID_ORDER_LINES).containsOnlyKeys(codes);

        Client.Response r = ok(order.post("/orders/batch?mode=" + mode, INVALID_ORDERS));

        JsonNode body = r.json();
        assertThat(body.propertyNames()).containsExactly("accepted", "rejected");
        assertThat(body.get("accepted").size()).isZero();
        assertThat(body.get("rejected")).isEqualTo(Json.tree(lines.stream()
                .map(l -> new Rejected(l.orderNumber(), l.productCode())).toList()));
        assertThat(orderRows("order_number IN (" + placeholders(lines.size()) + ")",
                lines.stream().map(OrderLine::orderNumber).toArray())).isZero();
        assertThat(stockInDatabase(codes)).isEqualTo(stockBefore);
        assertThat(stockBefore.values()).containsOnly(0L);
    }

    @Test
    void individualModeWithADelayFansOutTheFiftyFiveCalls() {
        // the first batch warms the path up (JIT, connections); the second is measured
        ok(order.post("/orders/batch?mode=individual&delayMs=100", INVALID_ORDERS));
        Client.Response r = ok(order.post("/orders/batch?mode=individual&delayMs=100", INVALID_ORDERS));

        System.out.printf("%s x%d: 55 delayed reservation calls fanned out in %d ms%n", variant().id(), instances(),
                r.took().toMillis());
        assertThat(r.json().get("rejected").size()).isEqualTo(SeedData.INVALID_ORDER_LINES);
        assertThat(r.took()).as("55 calls of 100 ms, fanned out").isGreaterThanOrEqualTo(Duration.ofMillis(100))
                .isLessThan(FANNED_OUT_LIMIT);
    }

    @Test
    void aValidOrderDecrementsTheStockOnceAndIsReadableById() throws SQLException {
        for (String mode : List.of("bulk", "individual")) {
            long id = mode.equals("bulk") ? 11 : 12;
            String code = fixture.code(id);
            long before = stock(code);
            assertThat(before).isEqualTo(SeedData.quantity(SeedData.number(code)));
            String number = UUID.randomUUID().toString();

            Client.Response r = ok(order.post("/orders/batch?mode=" + mode, batch(line(number, code, 3))));

            JsonNode body = r.json();
            assertThat(body.get("rejected").size()).as("%s", r).isZero();
            assertThat(body.get("accepted").size()).as("%s", r).isEqualTo(1);
            JsonNode accepted = body.get("accepted").get(0);
            assertThat(accepted.propertyNames()).containsExactly("orderNumber", "id");
            assertThat(accepted.get("orderNumber").asString()).isEqualTo(number);
            long orderId = accepted.get("id").asLong();
            assertThat(stock(code)).as(mode).isEqualTo(before - 3);
            assertThat(orderRows("order_number = ?", number)).isEqualTo(1);

            Client.Response read = ok(order.get("/orders/" + orderId));
            assertThat(read.json()).isEqualTo(Json.tree(new io.paradigmlab.eshop.domain.Order(orderId, number, code,
                    3)));
            // again: reading changes nothing
            assertThat(ok(order.get("/orders/" + orderId)).json()).isEqualTo(read.json());
            assertThat(stock(code)).isEqualTo(before - 3);
        }
    }

    @Test
    void anOrderWithoutANumberGetsAGeneratedOne() throws SQLException {
        String code = fixture.code(13);
        long before = stock(code);
        Client.Response r = ok(order.post("/orders/batch", "{\"orders\":[{\"productCode\":\"" + code
                + "\",\"quantity\":2}]}"));

        JsonNode accepted = r.json().get("accepted");
        assertThat(accepted.size()).as("%s", r).isEqualTo(1);
        String number = accepted.get(0).get("orderNumber").asString();
        assertThat(UUID.fromString(number).toString()).isEqualTo(number);
        assertThat(orderRows("order_number = ?", number)).isEqualTo(1);
        assertThat(stock(code)).isEqualTo(before - 2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"bulk", "individual"})
    void twentyConcurrentOrdersOnAStockOfTenAcceptExactlyTen(String mode) throws SQLException {
        long id = mode.equals("bulk") ? 21 : 22;
        String code = fixture.code(id);
        Client.Response set = ok(product.put("/products/" + id + "/stock", "{\"quantity\":10}"));
        assertThat(set.json()).isEqualTo(Json.parse("{\"code\":\"" + code + "\",\"quantity\":10}"));

        List<CompletableFuture<Client.Response>> sent = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            sent.add(order.sendAsync("POST", "/orders/batch?mode=" + mode, Client.JSON,
                    batch(line(UUID.randomUUID().toString(), code, 1)).getBytes(StandardCharsets.UTF_8)));
        }
        int accepted = 0;
        int rejected = 0;
        for (CompletableFuture<Client.Response> f : sent) {
            Client.Response r = ok(Client.await(f));
            accepted += r.json().get("accepted").size();
            rejected += r.json().get("rejected").size();
        }

        assertThat(accepted).isEqualTo(10);
        assertThat(rejected).isEqualTo(10);
        assertThat(stock(code)).isZero();
        assertThat(orderRows("product_code = ?", code)).isEqualTo(10);
    }

    // ---- products (scenarios U, E, I, A, F, D, B)

    @Test
    void aSeededProductIsItsRow() {
        for (long id : List.of(1L, 2L, (long) EshopDataGenerator.CI_PRODUCTS)) {
            String code = fixture.code(id);
            NewProduct p = SeedData.product(SeedData.number(code));
            Client.Response r = ok(product.get("/products/" + id));
            assertThat(r.mediaType()).isEqualTo(Client.JSON);
            assertThat(r.json().propertyNames()).containsExactly("id", "code", "name", "category", "price",
                    "description");
            assertThat(r.json()).isEqualTo(Json.tree(product(id, p)));
        }
        assertThat(ok(product.get("/products/00001")).json().get("id").asLong()).isEqualTo(1);
    }

    @Test
    void anAddedProductIs201WithItsLocationAndADuplicateCodeIs409() {
        NewProduct added = new NewProduct("P3000101", "Zażółć Lamp 🎉 \"quoted\", with comma", "Home & Living",
                new BigDecimal("12.5"), null);
        Client.Response r = product.post("/products", Json.write(added));

        assertThat(r.status()).as("%s", r).isEqualTo(201);
        assertThat(r.mediaType()).isEqualTo(Client.JSON);
        long id = r.json().get("id").asLong();
        assertThat(r.header("location")).isEqualTo("/products/" + id);
        Product stored = new Product(id, added.code(), added.name(), added.category(), new BigDecimal("12.50"), "");
        assertThat(r.json()).isEqualTo(Json.tree(stored));
        assertThat(ok(product.get("/products/" + id)).json()).isEqualTo(Json.tree(stored));

        Client.Response again = product.post("/products", Json.write(new NewProduct("P3000101", "Other", "Toys",
                BigDecimal.ONE, "x")));
        assertError(again, 409, "/products", StandardErrors.DUPLICATE_CODE);
        assertThat(ok(product.get("/products/" + id)).json()).isEqualTo(Json.tree(stored));
    }

    @Test
    void aStockUpdateSetsTheStockThroughInventoryWithOneCall() {
        long id = 31;
        String code = fixture.code(id);
        Map<String, Long> before = calls();

        Client.Response r = ok(product.put("/products/" + id + "/stock", "{\"quantity\":77}"));

        assertThat(r.json()).isEqualTo(Json.parse("{\"code\":\"" + code + "\",\"quantity\":77}"));
        assertThat(added(before, calls())).isEqualTo(Map.of("inventory PUT /inventory/" + code, 1L));
        assertThat(stock(code)).isEqualTo(77);
        // zero is a stock level too
        ok(product.put("/products/" + id + "/stock", "{\"quantity\":0}"));
        assertThat(stock(code)).isZero();
    }

    @Test
    void aStockUpdateOfAMissingProductIs404WithoutAnyCallToInventory() {
        Map<String, Long> before = calls();

        assertError(product.put("/products/999999/stock", "{\"quantity\":5}"), 404, "/products/999999/stock",
                StandardErrors.PRODUCT_NOT_FOUND);
        // a bad quantity is refused before the product is even looked up
        assertError(product.put("/products/999999/stock", "{\"quantity\":-5}"), 400, "/products/999999/stock",
                EshopRequests.STOCK_QUANTITY);

        assertThat(added(before, calls())).isEmpty();
    }

    @Test
    void exportThenImportRoundTrips() {
        Client.Response first = ok(product.get("/products/export"));
        assertThat(first.mediaType()).isEqualTo(ProductCsv.MEDIA_TYPE);
        assertThat(first.header("content-type").toLowerCase().replace(" ", "")).contains("charset=utf-8");
        String text = first.body();
        assertThat(text).startsWith(ProductCsv.headerLine());
        List<NewProduct> rows = ProductCsv.parse(first.bytes());
        // the one format: what the export wrote is what the writer makes of what the parser read
        assertThat(text).isEqualTo(ProductCsv.document(rows));
        assertThat(rows.size()).isGreaterThanOrEqualTo(fixture.products());
        assertThat(rows).extracting(NewProduct::code).isSorted().doesNotHaveDuplicates();
        assertThat(rows.getFirst()).isEqualTo(SeedData.product(1));
        assertThat(rows).contains(SeedData.product(SeedData.PRODUCTS));

        // 1,500 seeded rows under fresh codes: two batches of the import's statement
        List<NewProduct> seeded = rows.stream().filter(p -> SeedData.number(p.code()) <= SeedData.PRODUCTS)
                .limit(1_500).toList();
        List<NewProduct> fresh = IntStream.range(0, seeded.size()).mapToObj(i -> {
            NewProduct p = seeded.get(i);
            return new NewProduct(SeedData.code(3_100_000 + i), p.name(), p.category(), p.price(), p.description());
        }).toList();
        Client.Response imported = product.send("POST", "/products/import", ProductCsv.MEDIA_TYPE,
                ProductCsv.document(fresh).getBytes(StandardCharsets.UTF_8));
        assertThat(imported.status()).as("%s", imported).isEqualTo(201);
        assertThat(imported.json()).isEqualTo(Json.parse("{\"imported\":1500}"));

        List<NewProduct> after = ProductCsv.parse(ok(product.get("/products/export")).bytes());
        assertThat(after).hasSize(rows.size() + fresh.size()).containsAll(fresh).containsAll(rows);
        assertThat(after).extracting(NewProduct::code).isSorted();
    }

    @Test
    void anImportAsAMultipartFileIsStoredToo() throws SQLException {
        List<NewProduct> rows = List.of(SeedData.product(3_400_001), SeedData.product(3_400_002));
        String boundary = "----eshop-spec-" + UUID.randomUUID();
        String body = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"products.csv\""
                + "\r\nContent-Type: text/csv\r\n\r\n" + ProductCsv.document(rows) + "\r\n--" + boundary + "--\r\n";

        Client.Response r = product.send("POST", "/products/import", "multipart/form-data; boundary=" + boundary,
                body.getBytes(StandardCharsets.UTF_8));

        assertThat(r.status()).as("%s", r).isEqualTo(201);
        assertThat(r.json()).isEqualTo(Json.parse("{\"imported\":2}"));
        assertThat(productRows("P34%")).isEqualTo(2);
    }

    @Test
    void anImportWithBadRowsIs400NamingTheLinesAndSavesNothing() throws SQLException {
        String csv = ProductCsv.headerLine()
                + "P3200001,Good One,Toys,10.00,fine\r\n"
                + "P3200002,Good Two,Toys,11.00,fine\r\n"
                + "P3200003,Bad Price,Toys,12.345,too many decimals\r\n"
                + "X,Bad Code,Toys,1.00,\r\n";

        Client.Response r = product.send("POST", "/products/import", ProductCsv.MEDIA_TYPE,
                csv.getBytes(StandardCharsets.UTF_8));

        assertError(r, 400, "/products/import", "line 4: price", "line 5: code");
        assertThat(productRows("P32%")).isZero();
    }

    @Test
    void anImportDuplicatingAnExistingCodeIs409AndSavesNothing() throws SQLException {
        // the duplicate is in the second batch: the first batch's rows must be rolled back with it
        List<NewProduct> rows = new ArrayList<>(IntStream.rangeClosed(1, 1_199)
                .mapToObj(i -> SeedData.product(3_300_000 + i)).toList());
        List<NewProduct> withDuplicate = new ArrayList<>(rows);
        withDuplicate.add(SeedData.product(1));

        Client.Response r = product.send("POST", "/products/import", ProductCsv.MEDIA_TYPE,
                ProductCsv.document(withDuplicate).getBytes(StandardCharsets.UTF_8));

        assertError(r, 409, "/products/import", StandardErrors.DUPLICATE_CODE);
        assertThat(productRows("P33%")).isZero();
        // nothing half done is left in the way: the same rows without the duplicate import
        Client.Response clean = product.send("POST", "/products/import", ProductCsv.MEDIA_TYPE,
                ProductCsv.document(rows).getBytes(StandardCharsets.UTF_8));
        assertThat(clean.status()).as("%s", clean).isEqualTo(201);
        assertThat(clean.json()).isEqualTo(Json.parse("{\"imported\":1199}"));
        assertThat(productRows("P33%")).isEqualTo(1_199);
    }

    @Test
    void theDelayEndpointAnswersAfterTheDelay() {
        ok(product.get("/products/delay?ms=100"));
        Client.Response r = ok(product.get("/products/delay?ms=100"));

        assertThat(r.json()).isEqualTo(Json.parse("{\"delayedMs\":100}"));
        assertThat(r.took()).isGreaterThanOrEqualTo(Duration.ofMillis(100));
        assertThat(ok(product.get("/products/delay?ms=0")).json()).isEqualTo(Json.parse("{\"delayedMs\":0}"));
    }

    @Test
    void aBarcodeIsAPngOfTheProductsCode() {
        for (long id : List.of(41L, 42L)) {
            Client.Response r = ok(product.get("/products/" + id + "/barcode"));

            assertThat(r.mediaType()).isEqualTo(Barcodes.MEDIA_TYPE);
            assertThat(Barcodes.decode(r.bytes())).isEqualTo(fixture.code(id));
            assertThat(Barcodes.size(r.bytes())).containsExactly(Barcodes.WIDTH, Barcodes.HEIGHT);
            assertThat(r.bytes()).isEqualTo(Barcodes.code128Png(fixture.code(id)));
        }
        assertError(product.get("/products/999999/barcode"), 404, "/products/999999/barcode",
                StandardErrors.PRODUCT_NOT_FOUND);
    }

    // ---- inventory

    @Test
    void inventorySetsAndReadsStockByCode() {
        String code = fixture.code(61);
        Client.Response put = ok(inventory.put("/inventory/" + code, "{\"quantity\":123}"));
        assertThat(put.json()).isEqualTo(Json.parse("{\"code\":\"" + code + "\",\"quantity\":123}"));
        assertThat(stock(code)).isEqualTo(123);
        // an upsert: a code without a row gets one
        ok(inventory.put("/inventory/P3500001", "{\"quantity\":4}"));
        assertThat(stock("P3500001")).isEqualTo(4);
    }

    // ---- bad input and unknown ids

    static Stream<Arguments> badRequests() {
        String ok = "{\"orderNumber\":\"" + UUID.randomUUID() + "\",\"productCode\":\"P0000001\",\"quantity\":1}";
        String malformed = StandardErrors.MALFORMED_REQUEST;
        return Stream.of(
                // malformed JSON, wrong types, missing bodies
                bad("product", "POST", "/products", "{\"code\":\"P3000001\",", malformed),
                bad("product", "POST", "/products", "[1,2]", malformed),
                bad("product", "POST", "/products", "{\"code\":\"P3000002\",\"name\":\"A\",\"category\":\"B\","
                        + "\"price\":\"cheap\"}", malformed),
                bad("product", "POST", "/products", "{\"code\":7,\"name\":{},\"category\":\"B\",\"price\":1}",
                        malformed),
                bad("product", "POST", "/products", "", EshopRequests.BODY_REQUIRED),
                bad("product", "POST", "/products", "{}", EshopRequests.CODE, EshopRequests.NAME,
                        EshopRequests.CATEGORY, EshopRequests.PRICE),
                bad("product", "PUT", "/products/1/stock", "{\"quantity\":1.5}", malformed),
                bad("product", "PUT", "/products/1/stock", "{\"quantity\":\"ten\"}", malformed),
                bad("product", "PUT", "/products/1/stock", "{\"quantity\":true}", malformed),
                bad("product", "PUT", "/products/1/stock", "", EshopRequests.BODY_REQUIRED),
                bad("product", "PUT", "/products/1/stock", "{}", EshopRequests.STOCK_QUANTITY),
                bad("order", "POST", "/orders/batch", "{\"orders\":[", malformed),
                bad("order", "POST", "/orders/batch", "{\"orders\":\"all\"}", malformed),
                bad("order", "POST", "/orders/batch", "{\"orders\":[{\"productCode\":\"P0000001\",\"quantity\":1.0}]}",
                        malformed),
                bad("order", "POST", "/orders/batch", "", EshopRequests.BODY_REQUIRED),
                bad("inventory", "POST", "/inventory/reservations", "{\"not\":\"a list\"}", malformed),
                // U+0000 in text
                bad("product", "POST", "/products", "{\"code\":\"P3000003\",\"name\":\"Na\\u0000me\","
                        + "\"category\":\"B\",\"price\":1.00}", EshopRequests.NAME),
                bad("product", "POST", "/products", "{\"code\":\"P300000\\u0000\",\"name\":\"A\",\"category\":\"B\\u0000\","
                        + "\"price\":1.00,\"description\":\"\\u0000\"}", EshopRequests.CODE, EshopRequests.CATEGORY,
                        EshopRequests.DESCRIPTION),
                bad("order", "POST", "/orders/batch", "{\"orders\":[{\"orderNumber\":\"\\u0000\",\"productCode\":"
                        + "\"P000000\\u0000\",\"quantity\":0}]}", "orders[0].orderNumber must be a UUID",
                        "orders[0].productCode must be P followed by 7 digits",
                        "orders[0].quantity must be an integer from 1 to 1000000000"),
                // out of range and huge numbers
                bad("product", "POST", "/products", "{\"code\":\"P3000004\",\"name\":\"A\",\"category\":\"B\","
                        + "\"price\":1e400}", EshopRequests.PRICE),
                bad("product", "POST", "/products", "{\"code\":\"P3000005\",\"name\":\"A\",\"category\":\"B\","
                        + "\"price\":99999999999999999999999999999999.99}", EshopRequests.PRICE),
                bad("product", "POST", "/products", "{\"code\":\"P3000006\",\"name\":\"A\",\"category\":\"B\","
                        + "\"price\":12.345}", EshopRequests.PRICE),
                bad("product", "POST", "/products", "{\"code\":\"P3000007\",\"name\":\"" + "n".repeat(101)
                        + "\",\"category\":\"B\",\"price\":1}", EshopRequests.NAME),
                bad("product", "PUT", "/products/1/stock", "{\"quantity\":1000000001}", EshopRequests.STOCK_QUANTITY),
                bad("product", "PUT", "/products/1/stock", "{\"quantity\":-1}", EshopRequests.STOCK_QUANTITY),
                bad("product", "PUT", "/products/1/stock", "{\"quantity\":123456789012345678901234567890}"),
                bad("order", "POST", "/orders/batch", "{\"orders\":[{\"productCode\":\"P0000001\",\"quantity\":"
                        + "99999999999999999999999}]}"),
                bad("order", "POST", "/orders/batch", "{\"orders\":[]}", EshopRequests.ORDERS_SIZE),
                bad("order", "POST", "/orders/batch", "{\"orders\":[" + ok + "," + ok + "]}",
                        "orders[1].orderNumber duplicates orders[0]"),
                bad("order", "POST", "/orders/batch?mode=fast", "{\"orders\":[" + ok + "]}", EshopRequests.MODE),
                bad("order", "POST", "/orders/batch?mode=bulk&delayMs=10", "{\"orders\":[" + ok + "]}",
                        EshopRequests.DELAY_NEEDS_INDIVIDUAL),
                bad("order", "POST", "/orders/batch?mode=individual&delayMs=1001", "{\"orders\":[" + ok + "]}",
                        EshopRequests.DELAY_MS),
                bad("order", "POST", "/orders/batch?mode=individual&delayMs=-1", "{\"orders\":[" + ok + "]}",
                        EshopRequests.DELAY_MS),
                bad("inventory", "PUT", "/inventory/P0000001", "{\"quantity\":-1}", EshopRequests.STOCK_QUANTITY),
                bad("inventory", "POST", "/inventory/reservations", "[]", EshopRequests.RESERVATIONS_SIZE),
                bad("inventory", "POST", "/inventory/reservations",
                        "[{\"orderNumber\":\"x\",\"productCode\":\"P0000001\",\"quantity\":1}]",
                        "[0].orderNumber must be a UUID"),
                bad("inventory", "POST", "/inventory/reservations/one?delayMs=5000", ok, EshopRequests.DELAY_MS),
                bad("product", "GET", "/products/delay?ms=10001", null, EshopRequests.MS),
                bad("product", "GET", "/products/delay?ms=abc", null, EshopRequests.MS),
                bad("product", "GET", "/products/delay", null, EshopRequests.MS),
                bad("product", "GET", "/products/delay?ms=1&ms=2", null, EshopRequests.MS),
                // bad ids and codes
                bad("product", "GET", "/products/abc", null, EshopRequests.ID),
                bad("product", "GET", "/products/0", null, EshopRequests.ID),
                bad("product", "GET", "/products/-5", null, EshopRequests.ID),
                bad("product", "GET", "/products/1.5", null, EshopRequests.ID),
                bad("product", "GET", "/products/99999999999999999999", null, EshopRequests.ID),
                bad("product", "GET", "/products/%D9%A1", null, EshopRequests.ID),
                bad("product", "GET", "/products/abc/barcode", null, EshopRequests.ID),
                bad("product", "PUT", "/products/x1/stock", "{\"quantity\":1}", EshopRequests.ID),
                bad("order", "GET", "/orders/abc", null, EshopRequests.ID),
                bad("order", "GET", "/orders/0", null, EshopRequests.ID),
                bad("order", "GET", "/orders/" + "9".repeat(1000), null, EshopRequests.ID),
                bad("inventory", "GET", "/inventory/p0000001", null, EshopRequests.CODE),
                bad("inventory", "GET", "/inventory/P12", null, EshopRequests.CODE));
    }

    /** A request answered 400 with exactly {@code errors}, or with any error body when none are given. */
    private static Arguments bad(String service, String method, String target, String body, String... errors) {
        return Arguments.of(service, method, target, body, List.of(errors));
    }

    @ParameterizedTest(name = "{1} {2} {3}")
    @MethodSource("badRequests")
    void aBadRequestIs400WithTheErrorBody(String service, String method, String target, String body,
                                          List<String> errors) {
        Client client = client(service);
        Client.Response r = body == null ? client.send(method, target, null, null)
                : client.send(method, target, Client.JSON, body.getBytes(StandardCharsets.UTF_8));
        String path = target.contains("?") ? target.substring(0, target.indexOf('?')) : target;
        if (errors.isEmpty()) {
            assertErrorBody(r, 400, path);
        } else {
            assertError(r, 400, path, errors.toArray(String[]::new));
        }
    }

    @Test
    void requestsTheHttpClientWouldNotSendAre400Too() {
        for (String target : List.of("/products/%00", "/products/1%00", "/orders/%00", "/inventory/P000000%00")) {
            Client client = target.startsWith("/orders") ? order
                    : target.startsWith("/inventory") ? inventory : product;
            Client.Response r = client.raw("GET", target, null);
            assertThat(r.status()).as("%s", r).isEqualTo(400);
            assertThat(r.mediaType()).as("%s", r).isEqualTo(Client.JSON);
            assertThat(r.json().get("errors").size()).as("%s", r).isPositive();
        }
        Client.Response r = product.raw("GET", "/products/delay?ms=%zz", null);
        assertThat(r.status()).as("%s", r).isEqualTo(400);
        assertThat(r.mediaType()).as("%s", r).isEqualTo(Client.JSON);
    }

    @Test
    void unknownIdsAre404AndUnknownPathsAndMethodsTheirStatus() {
        assertError(product.get("/products/999999"), 404, "/products/999999", StandardErrors.PRODUCT_NOT_FOUND);
        assertError(order.get("/orders/999999999"), 404, "/orders/999999999", StandardErrors.ORDER_NOT_FOUND);
        assertError(inventory.get("/inventory/P9999999"), 404, "/inventory/P9999999", StandardErrors.STOCK_NOT_FOUND);
        assertError(product.get("/nothing/here"), 404, "/nothing/here", StandardErrors.NOT_FOUND);
        assertError(order.get("/orders"), 404, "/orders", StandardErrors.NOT_FOUND);
        assertError(product.send("DELETE", "/products/1", null, null), 405, "/products/1",
                StandardErrors.METHOD_NOT_ALLOWED);
        assertError(product.send("POST", "/products/import", Client.JSON, "{}".getBytes(StandardCharsets.UTF_8)),
                415, "/products/import", StandardErrors.UNSUPPORTED_MEDIA_TYPE);
    }

    // ---- Inventory down, and every Inventory instance in use

    /**
     * With every Inventory instance stopped, what needs Inventory answers 503 with {@code Retry-After} and the error
     * body, and stores nothing; what does not (reading a product) still answers. Twice: first with the counting
     * proxies still in front (they answer 502, a 5xx of Inventory), then without them (connection refused).
     *
     * <p>The class's last test: it takes the class's deployment over as its own ({@link EshopFixture#takeOver}: no
     * other test gets it afterwards) instead of starting another one, which with three instances would be nine more
     * JVMs to start.
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void withInventoryDownOrdersAndStockUpdatesAre503WithRetryAfter() throws SQLException {
        EshopDeployment down = fixture.takeOver(variant(), instances());
        try {
            Client products = new Client(down.urls(EshopService.PRODUCT));
            Client orders = new Client(down.urls(EshopService.ORDER));
            // up first: the path works, so the 503 below is Inventory's absence and nothing else
            ok(products.put("/products/71/stock", "{\"quantity\":50}"));
            long rowsBefore = rows(down);
            down.processes(EshopService.INVENTORY).parallelStream().forEach(LaunchedService::close);
            assertThat(down.processes(EshopService.INVENTORY)).noneMatch(LaunchedService::isAlive);

            for (String phase : List.of("proxies answering 502", "connection refused")) {
                if (phase.equals("connection refused")) {
                    down.proxies().forEach(CallCounter::close);
                }
                for (String mode : List.of("bulk", "individual")) {
                    for (int i = 0; i < instances(); i++) {
                        Client.Response r = orders.post("/orders/batch?mode=" + mode,
                                batch(line(UUID.randomUUID().toString(), fixture.code(71), 1)));
                        assertUnavailable(r, "/orders/batch", phase);
                    }
                }
                for (int i = 0; i < instances(); i++) {
                    assertUnavailable(products.put("/products/71/stock", "{\"quantity\":5}"), "/products/71/stock",
                            phase);
                }
                for (int i = 0; i < instances(); i++) {
                    assertThat(ok(products.get("/products/71")).json().get("code").asString())
                            .isEqualTo(fixture.code(71));
                }
                assertThat(rows(down)).as(phase).isEqualTo(rowsBefore);
            }
        } finally {
            EshopFixture.stop(down);
        }
    }

    private long rows(EshopDeployment deployment) throws SQLException {
        try (Connection c = fixture.connect(deployment, EshopService.ORDER);
             PreparedStatement s = c.prepareStatement("SELECT count(*) FROM orders");
             ResultSet rs = s.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    /**
     * Product and Order reach every Inventory instance, round-robin: each instance of each caller, sent 3 x N
     * requests, spreads them 3 to each of the N Inventory instances (counted by the proxy in front of each).
     */
    @Test
    void everyInventoryInstanceTakesItsTurn() {
        int n = instances();
        List<CallCounter> proxies = shop.proxies();
        assertThat(proxies).hasSize(n);
        assertThat(shop.urls(EshopService.INVENTORY)).hasSize(n);
        List<Map<String, Long>> before = proxies.stream().map(CallCounter::counts).toList();
        String code = fixture.code(51);
        String reserved = SeedData.invalidOrders().getFirst().productCode();

        for (String url : shop.urls(EshopService.PRODUCT)) {
            Client one = new Client(url);
            for (int i = 0; i < 3 * n; i++) {
                ok(one.put("/products/51/stock", "{\"quantity\":" + (100 + i) + "}"));
            }
        }
        for (String url : shop.urls(EshopService.ORDER)) {
            Client one = new Client(url);
            for (int i = 0; i < 3 * n; i++) {
                Client.Response r = ok(one.post("/orders/batch", batch(line(UUID.randomUUID().toString(), reserved,
                        1))));
                assertThat(r.json().get("rejected").size()).isEqualTo(1);
            }
        }

        for (int i = 0; i < n; i++) {
            assertThat(added(before.get(i), proxies.get(i).counts())).as("Inventory instance %d of %d", i + 1, n)
                    .isEqualTo(Map.of("inventory PUT /inventory/" + code, 3L * n,
                            "inventory POST /inventory/reservations", 3L * n));
        }
        assertThat(shop.processes(EshopService.INVENTORY)).hasSize(n).allMatch(LaunchedService::isAlive);
    }

    // ---- helpers

    Client client(String service) {
        return switch (service) {
            case "product" -> product;
            case "inventory" -> inventory;
            case "order" -> order;
            default -> throw new IllegalArgumentException(service);
        };
    }

    static Client.Response ok(Client.Response r) {
        assertThat(r.status()).as("%s", r).isEqualTo(200);
        return r;
    }

    static String line(String orderNumber, String code, long quantity) {
        return Json.write(new OrderLine(orderNumber, code, quantity));
    }

    static String batch(String... lines) {
        return "{\"orders\":[" + String.join(",", lines) + "]}";
    }

    static Product product(long id, NewProduct p) {
        return new Product(id, p.code(), p.name(), p.category(), p.price(), p.description());
    }

    /** The stock of {@code code} as Inventory answers it. */
    long stock(String code) {
        Client.Response r = ok(inventory.get("/inventory/" + code));
        assertThat(r.json().get("code").asString()).isEqualTo(code);
        return r.json().get("quantity").asLong();
    }

    /** The stock of each code as Inventory's database holds it (codes without a row left out). */
    Map<String, Long> stockInDatabase(List<String> codes) throws SQLException {
        Map<String, Long> out = new LinkedHashMap<>();
        try (Connection c = fixture.connect(shop, EshopService.INVENTORY);
             PreparedStatement s = c.prepareStatement("SELECT code, quantity FROM inventory WHERE code = ANY(?)"
                     + " ORDER BY code")) {
            s.setArray(1, c.createArrayOf("varchar", codes.toArray()));
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    out.put(rs.getString(1), rs.getLong(2));
                }
            }
        }
        return out;
    }

    /** Rows of MariaDB's {@code orders} matching {@code where}. */
    long orderRows(String where, Object... params) throws SQLException {
        try (Connection c = fixture.connect(shop, EshopService.ORDER);
             PreparedStatement s = c.prepareStatement("SELECT count(*) FROM orders WHERE " + where)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    /** Products whose code is {@code LIKE pattern}, in Product's database. */
    long productRows(String pattern) throws SQLException {
        try (Connection c = fixture.connect(shop, EshopService.PRODUCT);
             PreparedStatement s = c.prepareStatement("SELECT count(*) FROM product WHERE code LIKE ?")) {
            s.setString(1, pattern);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    static String placeholders(int n) {
        return String.join(",", java.util.Collections.nCopies(n, "?"));
    }

    /** Calls to Inventory so far, over every instance's counting proxy. */
    Map<String, Long> calls() {
        Map<String, Long> out = new java.util.TreeMap<>();
        shop.proxies().forEach(p -> p.counts().forEach((k, v) -> out.merge(k, v, Long::sum)));
        return out;
    }

    /** What {@code after} counts beyond {@code before}. */
    static Map<String, Long> added(Map<String, Long> before, Map<String, Long> after) {
        Map<String, Long> out = new java.util.TreeMap<>();
        after.forEach((k, v) -> {
            long d = v - before.getOrDefault(k, 0L);
            if (d != 0) {
                out.put(k, d);
            }
        });
        return out;
    }

    static void assertUnavailable(Client.Response r, String path, String phase) {
        assertError(r, 503, path, StandardErrors.INVENTORY_UNAVAILABLE);
        assertThat(r.header("retry-after")).as("%s: %s", phase, r).isNotNull().matches("[1-9][0-9]*");
    }

    static void assertError(Client.Response r, int status, String path, String... errors) {
        JsonNode body = assertErrorBody(r, status, path);
        List<String> messages = new ArrayList<>();
        body.get("errors").forEach(e -> messages.add(e.asString()));
        assertThat(messages).as("%s", r).containsExactly(errors);
    }

    /** The contract's error body: {@code {timestamp, status, path, errors}} in that order, JSON. */
    static JsonNode assertErrorBody(Client.Response r, int status, String path) {
        assertThat(r.status()).as("%s", r).isEqualTo(status);
        assertThat(r.mediaType()).as("%s", r).isEqualTo(Client.JSON);
        JsonNode body = r.json();
        assertThat(body.propertyNames()).as("%s", r).containsExactly("timestamp", "status", "path", "errors");
        assertThat(body.get("status").asInt()).isEqualTo(status);
        assertThat(body.get("path").asString()).as("%s", r).isEqualTo(path);
        assertThat(Instant.parse(body.get("timestamp").asString())).isBefore(Instant.now().plusSeconds(5));
        assertThat(body.get("errors").isArray()).isTrue();
        assertThat(body.get("errors").size()).as("%s", r).isPositive();
        return body;
    }
}
