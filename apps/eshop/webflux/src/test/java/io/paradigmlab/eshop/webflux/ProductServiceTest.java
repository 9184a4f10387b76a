package io.paradigmlab.eshop.webflux;

import static io.paradigmlab.eshop.webflux.Checks.assertError;
import static io.paradigmlab.eshop.webflux.Checks.assertJson;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.eshop.domain.Barcodes;
import io.paradigmlab.eshop.domain.NewProduct;
import io.paradigmlab.eshop.domain.SeedData;
import io.paradigmlab.eshop.domain.csv.ProductCsv;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import io.paradigmlab.eshop.domain.request.EshopRequests;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * ProductService over HTTP on a real PostgreSQL, calling the live Inventory, under BlockHound: every endpoint's
 * answers and errors, the stock update's single call (none for an unknown product), the streamed export and the
 * transactional import.
 */
class ProductServiceTest {

    private static EshopTestServices services;
    private static TestServer product;

    @BeforeAll
    static void start() {
        services = EshopTestServices.get();
        product = services.product;
    }

    private static String productJson(String code, String name, String price) {
        return "{\"code\":\"" + code + "\",\"name\":\"" + name + "\",\"category\":\"Tools\",\"price\":" + price
                + ",\"description\":\"A, b\"}";
    }

    private static long add(String code) {
        TestServer.Response r = product.post("/products", productJson(code, "Hammer", "12.5"));
        assertThat(r.status()).as(r.toString()).isEqualTo(201);
        return r.json().get("id").asLong();
    }

    // ---- POST /products, GET /products/{id}

    @Test
    void addsAProductAndReadsItBack() {
        TestServer.Response created = product.post("/products", productJson("P5000001", "Hammer", "12.5"));
        long id = created.json().get("id").asLong();
        String body = "{\"id\":" + id + ",\"code\":\"P5000001\",\"name\":\"Hammer\",\"category\":\"Tools\","
                + "\"price\":12.50,\"description\":\"A, b\"}";
        assertThat(created.status()).isEqualTo(201);
        assertThat(created.header("Location")).isEqualTo("/products/" + id);
        assertThat(created.text()).isEqualTo(body);
        assertJson(product.get("/products/" + id), 200, body);
        // an absent description is stored empty
        TestServer.Response bare = product.post("/products",
                "{\"code\":\"P5000002\",\"name\":\"N\",\"category\":\"C\",\"price\":1}");
        assertThat(bare.text()).endsWith("\"price\":1.00,\"description\":\"\"}");
    }

    @Test
    void aDuplicateCodeIs409() {
        add("P5000003");
        assertError(product.post("/products", productJson("P5000003", "Other", "1")), 409, "/products",
                StandardErrors.DUPLICATE_CODE);
    }

    @Test
    void invalidProductsAre400WithEveryMessage() {
        assertError(product.post("/products", "{\"code\":\"X1\",\"name\":\"\",\"category\":\"C\",\"price\":0}"),
                400, "/products", EshopRequests.CODE, EshopRequests.NAME, EshopRequests.PRICE);
        // U+0000, escaped in the JSON: 400, never 500
        assertError(product.post("/products", productJson("P5000004", "a\\u0000b", "1")), 400, "/products",
                EshopRequests.NAME);
        assertError(product.post("/products", "{\"code\":\"P5000004\",\"name\":\"n\",\"category\":\"c\","
                + "\"price\":1.001}"), 400, "/products", EshopRequests.PRICE);
        assertError(product.send("POST", "/products", "application/json", new byte[0]), 400, "/products",
                StandardErrors.BODY_REQUIRED);
        assertError(product.post("/products", "null"), 400, "/products", StandardErrors.BODY_REQUIRED);
        assertError(product.send("POST", "/products", null, null), 400, "/products", StandardErrors.BODY_REQUIRED);
        assertError(product.send("POST", "/products", "text/plain", "{}".getBytes()), 415, "/products",
                StandardErrors.UNSUPPORTED_MEDIA_TYPE);
    }

    @Test
    void malformedJsonIs400() {
        for (String body : List.of("{", "{\"code\":", "[1]", "{\"price\":\"abc\"}", "{\"price\":{}}",
                "{\"name\":\"a\u0000b\"}", "{} {}")) {
            assertError(product.post("/products", body), 400, "/products", StandardErrors.MALFORMED_REQUEST);
        }
        assertError(product.send("POST", "/products", "application/json", new byte[] {'{', '"', (byte) 0xff, '"'}),
                400, "/products", StandardErrors.MALFORMED_REQUEST);
    }

    @Test
    void unknownOrMalformedIds() {
        assertError(product.get("/products/999999999"), 404, "/products/999999999",
                StandardErrors.PRODUCT_NOT_FOUND);
        for (String id : List.of("abc", "0", "-1", "1.5", "99999999999999999999", "%20")) {
            assertError(product.get("/products/" + id), 400, "/products/" + id, EshopRequests.ID);
        }
        assertError(product.get("/products/%00"), 400, "/products/%00", StandardErrors.MALFORMED_REQUEST);
    }

    // ---- PUT /products/{id}/stock

    @Test
    void setsTheStockThroughInventory() throws SQLException {
        long id = add("P5000010");
        int before = services.inventoryRequests();
        assertJson(product.put("/products/" + id + "/stock", "{\"quantity\":42}"), 200,
                "{\"code\":\"P5000010\",\"quantity\":42}");
        assertThat(services.inventoryRequests() - before).isEqualTo(1);
        assertThat(InventoryServiceTest.stock("P5000010")).isEqualTo(42);
    }

    @Test
    void aMissingProductIs404WithoutACallToInventory() {
        int before = services.inventoryRequests();
        assertError(product.put("/products/888888888/stock", "{\"quantity\":1}"), 404, "/products/888888888/stock",
                StandardErrors.PRODUCT_NOT_FOUND);
        assertThat(services.inventoryRequests()).isEqualTo(before);
    }

    @Test
    void theStockRequestIsCheckedBeforeAnyStatement() {
        int before = services.inventoryRequests();
        assertError(product.put("/products/1/stock", "{\"quantity\":-1}"), 400, "/products/1/stock",
                EshopRequests.STOCK_QUANTITY);
        assertError(product.put("/products/1/stock", "{\"quantity\":1000000001}"), 400, "/products/1/stock",
                EshopRequests.STOCK_QUANTITY);
        assertError(product.put("/products/1/stock", "{}"), 400, "/products/1/stock", EshopRequests.STOCK_QUANTITY);
        assertError(product.put("/products/x/stock", "{\"quantity\":1}"), 400, "/products/x/stock",
                EshopRequests.ID);
        // a float for an integer is refused (ACCEPT_FLOAT_AS_INT off), not truncated
        assertError(product.put("/products/1/stock", "{\"quantity\":1.5}"), 400, "/products/1/stock",
                StandardErrors.MALFORMED_REQUEST);
        assertThat(services.inventoryRequests()).isEqualTo(before);
    }

    @Test
    void inventoryDownIs503WithRetryAfter() {
        long id = add("P5000011");
        TestServer.Response r = services.productWithoutInventory.put("/products/" + id + "/stock",
                "{\"quantity\":3}");
        assertError(r, 503, "/products/" + id + "/stock", StandardErrors.INVENTORY_UNAVAILABLE);
        assertThat(r.header("Retry-After")).isEqualTo("1");
    }

    // ---- GET /products/delay

    @Test
    void delaysWithoutBlocking() {
        long start = System.nanoTime();
        assertJson(product.get("/products/delay?ms=150"), 200, "{\"delayedMs\":150}");
        assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(150);
        assertJson(product.get("/products/delay?ms=0"), 200, "{\"delayedMs\":0}");
        // 20 at once on a 2-core machine: overlapped, not one after the other
        long many = System.nanoTime();
        List<CompletableFuture<TestServer.Response>> calls = IntStream.range(0, 20)
                .mapToObj(i -> CompletableFuture.supplyAsync(() -> product.get("/products/delay?ms=300"))).toList();
        calls.forEach(c -> assertThat(c.join().status()).isEqualTo(200));
        assertThat((System.nanoTime() - many) / 1_000_000).isLessThan(3_000);
    }

    @Test
    void badDelaysAre400() {
        for (String query : List.of("", "?ms=", "?ms", "?ms=abc", "?ms=10001", "?ms=-1", "?ms=1&ms=2", "?ms=%00")) {
            assertError(product.get("/products/delay" + query), 400, "/products/delay", EshopRequests.MS);
        }
        assertError(product.get("/products/delay?ms=%ff"), 400, "/products/delay", StandardErrors.MALFORMED_REQUEST);
    }

    // ---- GET /products/{id}/barcode

    @Test
    void drawsTheBarcodeOfTheCode() {
        long id = add("P5000020");
        TestServer.Response r = product.get("/products/" + id + "/barcode");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.header("Content-Type")).isEqualTo("image/png");
        assertThat(Barcodes.decode(r.body())).isEqualTo("P5000020");
        assertThat(r.body()).isEqualTo(Barcodes.code128Png("P5000020"));
        assertError(product.get("/products/777777777/barcode"), 404, "/products/777777777/barcode",
                StandardErrors.PRODUCT_NOT_FOUND);
        assertError(product.get("/products/0/barcode"), 400, "/products/0/barcode", EshopRequests.ID);
    }

    // ---- export and import

    /** Products of fresh codes {@code P3nnnnnn}, as the seed draws them. */
    private static List<NewProduct> generated(int first, int count) {
        return IntStream.range(first, first + count).mapToObj(SeedData::product).toList();
    }

    private static byte[] csv(List<NewProduct> products) {
        return ProductCsv.document(products).getBytes(StandardCharsets.UTF_8);
    }

    private static TestServer.Response importCsv(byte[] csv) {
        return product.send("POST", "/products/import", "text/csv", csv);
    }

    static long count(String where) throws SQLException {
        try (Connection c = services.productDb(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM product" + where)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    @Test
    void exportImportRoundTrip() throws SQLException {
        // 2,500 rows: three import statements and three fetches of the export's cursor
        List<NewProduct> batch = generated(3_000_001, 2_500);
        assertJson(importCsv(csv(batch)), 201, "{\"imported\":2500}");
        TestServer.Response first = product.get("/products/export");
        assertThat(first.status()).isEqualTo(200);
        assertThat(first.header("Content-Type")).isEqualTo("text/csv;charset=UTF-8");
        // streamed: no length known up front
        assertThat(first.header("Content-Length")).isNull();
        assertThat(first.header("Transfer-Encoding")).isEqualTo("chunked");
        List<NewProduct> exported = ProductCsv.parse(first.body());
        assertThat(exported).hasSize((int) count(""));
        assertThat(exported).extracting(NewProduct::code).isSorted();
        assertThat(exported.stream().filter(p -> p.code().startsWith("P300")).toList()).isEqualTo(batch);
        assertThat(first.text()).startsWith(ProductCsv.headerLine()).containsOnlyOnce(ProductCsv.HEADER);

        // the whole table out, emptied, imported back, exported again: the same bytes
        try (Connection c = services.productDb(); Statement s = c.createStatement()) {
            s.execute("DELETE FROM product");
        }
        assertJson(importCsv(first.body()), 201, "{\"imported\":" + exported.size() + "}");
        TestServer.Response second = product.get("/products/export");
        assertThat(second.body()).isEqualTo(first.body());
    }

    @Test
    void importsAMultipartFile() throws SQLException {
        List<NewProduct> batch = generated(3_100_001, 3);
        String boundary = "eshop-boundary";
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n"
                + "--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.csv\"\r\n"
                + "Content-Type: text/csv\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        body.writeBytes(csv(batch));
        body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        assertJson(product.send("POST", "/products/import", "multipart/form-data; boundary=" + boundary,
                body.toByteArray()), 201, "{\"imported\":3}");
        assertThat(count(" WHERE code LIKE 'P31%'")).isEqualTo(3);

        String noFile = "--" + boundary + "\r\nContent-Disposition: form-data; name=\"note\"\r\n\r\nhello\r\n--"
                + boundary + "--\r\n";
        assertError(product.send("POST", "/products/import", "multipart/form-data; boundary=" + boundary,
                noFile.getBytes(StandardCharsets.UTF_8)), 400, "/products/import", StandardErrors.BODY_REQUIRED);
    }

    @Test
    void aDuplicateInTheImportIs409AndNothingIsSaved() throws SQLException {
        long before = count("");
        add("P3201150");
        // 1,200 rows; row 1,150 (the second statement) exists: the first 1,000 rows are rolled back too
        List<NewProduct> batch = generated(3_200_001, 1_200);
        assertThat(batch.get(1_149).code()).isEqualTo("P3201150");
        assertError(importCsv(csv(batch)), 409, "/products/import", StandardErrors.DUPLICATE_CODE);
        assertThat(count("")).isEqualTo(before + 1);
        assertThat(count(" WHERE code LIKE 'P32%'")).isEqualTo(1);
    }

    @Test
    void aBadRowIs400NamingItsLineAndNothingIsSaved() throws SQLException {
        String file = ProductCsv.headerLine()
                + "P3300001,Good,Tools,1.00,ok\r\n"
                + "P3300002,Bad,Tools,abc,ok\r\n"
                + "P3300003,,Tools,1.00,ok\r\n";
        assertError(importCsv(file.getBytes(StandardCharsets.UTF_8)), 400, "/products/import", "line 3: price",
                "line 4: name");
        assertThat(count(" WHERE code LIKE 'P33%'")).isZero();
        assertError(importCsv("code,name\r\n".getBytes(StandardCharsets.UTF_8)), 400, "/products/import",
                "line 1: header");
        assertError(importCsv(new byte[0]), 400, "/products/import", "line 1: header");
    }

    @Test
    void uploadsAreBounded() {
        byte[] tooLarge = new byte[16 * 1024 * 1024 + 1];
        java.util.Arrays.fill(tooLarge, (byte) 'a');
        assertError(importCsv(tooLarge), 413, "/products/import", StandardErrors.PAYLOAD_TOO_LARGE);
        assertError(product.send("POST", "/products/import", "application/json", "{}".getBytes()), 415,
                "/products/import", StandardErrors.UNSUPPORTED_MEDIA_TYPE);
    }

    @Test
    void exportWhileProductsAreAdded() {
        // the export is a cursor, not a lock: adds keep working meanwhile
        CompletableFuture<TestServer.Response> export = CompletableFuture.supplyAsync(
                () -> product.get("/products/export"));
        add("P5000030");
        assertThat(export.join().status()).isEqualTo(200);
    }

    @Test
    void productJsonHasTheRecordsFieldOrder() {
        long id = add("P5000040");
        JsonNode node = product.get("/products/" + id).json();
        assertThat(node.propertyNames()).containsExactly("id", "code", "name", "category", "price", "description");
    }
}
