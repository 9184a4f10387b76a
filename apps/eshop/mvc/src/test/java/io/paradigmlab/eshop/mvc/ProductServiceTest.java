package io.paradigmlab.eshop.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.eshop.domain.Barcodes;
import io.paradigmlab.eshop.domain.NewProduct;
import io.paradigmlab.eshop.domain.Product;
import io.paradigmlab.eshop.domain.SeedData;
import io.paradigmlab.eshop.domain.csv.ProductCsv;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import io.paradigmlab.eshop.domain.request.EshopRequests;
import io.paradigmlab.eshop.mvc.product.ProductController;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** ProductService over HTTP, on PostgreSQL, calling a real Inventory. */
class ProductServiceTest {

    /** Fresh code numbers per test, away from the other test classes' ranges. */
    private static final AtomicInteger NEXT = new AtomicInteger(3_000_000);

    private static EshopTestServices services;
    private static EshopTestServices.App product;

    @BeforeAll
    static void start() {
        services = EshopTestServices.get();
        product = services.product();
    }

    private static NewProduct fresh() {
        return SeedData.product(NEXT.incrementAndGet());
    }

    private static Product add(NewProduct p) {
        Http.Response response = Http.json("POST", product.url("/products"), p);
        assertThat(response.status()).as(response.text()).isEqualTo(201);
        return response.as(Product.class);
    }

    @Test
    void anAddedProductIsCreatedWithItsLocationAndReadBack() {
        NewProduct p = new NewProduct(SeedData.code(NEXT.incrementAndGet()), "Żółw ✓ 😀", "Toys",
                new java.math.BigDecimal("12.5"), null);
        Http.Response response = Http.json("POST", product.url("/products"), p);
        assertThat(response.status()).isEqualTo(201);
        Product stored = response.as(Product.class);
        assertThat(response.header("Location")).isEqualTo("/products/" + stored.id());
        assertThat(response.header("Content-Type")).isEqualTo("application/json");
        assertThat(response.text()).isEqualTo("{\"id\":" + stored.id() + ",\"code\":\"" + p.code()
                + "\",\"name\":\"Żółw ✓ 😀\",\"category\":\"Toys\",\"price\":12.50,\"description\":\"\"}");

        Http.Response read = Http.get(product.url("/products/" + stored.id()));
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.text()).isEqualTo(response.text());
    }

    @Test
    void unknownPropertiesAreIgnoredAsSpringBootsDefault() {
        String code = SeedData.code(NEXT.incrementAndGet());
        Http.Response response = Http.json("POST", product.url("/products"), "{\"code\":\"" + code
                + "\",\"name\":\"n\",\"category\":\"c\",\"price\":\"1.5\",\"id\":7,\"extra\":{\"a\":[1]}}");
        assertThat(response.status()).as(response.text()).isEqualTo(201);
        assertThat(response.as(Product.class).price()).isEqualByComparingTo("1.50");
    }

    @Test
    void aDuplicateCodeIs409() {
        NewProduct p = fresh();
        add(p);
        Http.assertError(Http.json("POST", product.url("/products"), p), 409, "/products",
                List.of(StandardErrors.DUPLICATE_CODE));
    }

    @Test
    void anInvalidProductIs400WithEveryProblem() {
        Http.assertError(Http.json("POST", product.url("/products"),
                        "{\"code\":\"X1\",\"name\":\"\",\"category\":\"c\",\"price\":0,\"description\":\"d\"}"),
                400, "/products", List.of(EshopRequests.CODE, EshopRequests.NAME, EshopRequests.PRICE));
    }

    @Test
    void aNulCharacterInAnyFieldIs400() {
        String code = SeedData.code(NEXT.incrementAndGet());
        Http.assertError(Http.json("POST", product.url("/products"), "{\"code\":\"" + code
                        + "\",\"name\":\"a\\u0000b\",\"category\":\"c\",\"price\":1,\"description\":\"\\u0000\"}"),
                400, "/products", List.of(EshopRequests.NAME, EshopRequests.DESCRIPTION));
        Http.assertError(Http.json("POST", product.url("/products"), "{\"code\":\"P\\u00001234567\"}"), 400,
                "/products", List.of(EshopRequests.CODE, EshopRequests.NAME, EshopRequests.CATEGORY,
                        EshopRequests.PRICE));
        // a raw NUL byte is not JSON at all
        Http.assertError(Http.json("POST", product.url("/products"), "{\"code\":\"\u0000\"}"), 400, "/products",
                List.of(StandardErrors.MALFORMED_REQUEST));
    }

    @ParameterizedTest
    @ValueSource(strings = {"{", "{\"code\":}", "[]", "\"x\"", "{\"price\":\"abc\"}", "{\"code\":1}x",
            "{\"code\":\"P0000001\"} {}"})
    void malformedJsonIs400(String body) {
        Http.assertError(Http.json("POST", product.url("/products"), body), 400, "/products",
                List.of(StandardErrors.MALFORMED_REQUEST));
    }

    @Test
    void aMissingBodyIs400AndAnotherMediaTypeIs415() {
        Http.assertError(Http.send("POST", product.url("/products"), "application/json", ""), 400, "/products",
                List.of(StandardErrors.BODY_REQUIRED));
        Http.assertError(Http.send("POST", product.url("/products"), "text/plain", "x"), 415, "/products",
                List.of(StandardErrors.UNSUPPORTED_MEDIA_TYPE));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "0", "-1", "1.0", "99999999999999999999", "%20", "%C2%B9"})
    void aMalformedIdIs400(String id) {
        Http.assertError(Http.get(product.url("/products/" + id)), 400, "/products/" + id, List.of(EshopRequests.ID));
    }

    @Test
    void anUnknownProductIs404() {
        Http.assertError(Http.get(product.url("/products/" + Long.MAX_VALUE)), 404, "/products/" + Long.MAX_VALUE,
                List.of(StandardErrors.PRODUCT_NOT_FOUND));
        Http.assertError(Http.get(product.url("/products/" + Long.MAX_VALUE + "/barcode")), 404,
                "/products/" + Long.MAX_VALUE + "/barcode", List.of(StandardErrors.PRODUCT_NOT_FOUND));
    }

    @Test
    void aStockUpdateSetsInventorysQuantity() {
        Product p = add(fresh());
        Http.Response response = Http.json("PUT", product.url("/products/" + p.id() + "/stock"), "{\"quantity\":42}");
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        assertThat(response.text()).isEqualTo("{\"code\":\"" + p.code() + "\",\"quantity\":42}");
        assertThat(services.inventoryDb.sql("SELECT quantity FROM inventory WHERE code = :c").param("c", p.code())
                .query(Long.class).single()).isEqualTo(42L);
    }

    @Test
    void aStockUpdateOfAnUnknownProductIs404WithoutCallingInventory() {
        int before = services.inventoryCalls().count("PUT /inventory/");
        Http.assertError(Http.json("PUT", product.url("/products/" + Long.MAX_VALUE + "/stock"), "{\"quantity\":1}"),
                404, "/products/" + Long.MAX_VALUE + "/stock", List.of(StandardErrors.PRODUCT_NOT_FOUND));
        assertThat(services.inventoryCalls().count("PUT /inventory/")).isEqualTo(before);
    }

    @Test
    void aBadStockUpdateIs400BeforeAnySql() {
        Product p = add(fresh());
        String path = "/products/" + p.id() + "/stock";
        for (String body : List.of("{\"quantity\":-1}", "{\"quantity\":1000000001}", "{}", "{\"quantity\":null}")) {
            Http.assertError(Http.json("PUT", product.url(path), body), 400, path,
                    List.of(EshopRequests.STOCK_QUANTITY));
        }
        for (String body : List.of("{\"quantity\":1.5}", "{\"quantity\":1e3}", "{\"quantity\":\"x\"}",
                "{\"quantity\":99999999999999999999}")) {
            Http.assertError(Http.json("PUT", product.url(path), body), 400, path,
                    List.of(StandardErrors.MALFORMED_REQUEST));
        }
        Http.assertError(Http.json("PUT", product.url("/products/x/stock"), "{\"quantity\":-1}"), 400,
                "/products/x/stock", List.of(EshopRequests.ID));
    }

    @Test
    void theDelayWaitsAtLeastItsMilliseconds() {
        long start = System.nanoTime();
        Http.Response response = Http.get(product.url("/products/delay?ms=100"));
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(100_000_000L);
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.text()).isEqualTo("{\"delayedMs\":100}");
        for (String query : List.of("", "?ms=", "?ms=10001", "?ms=-1", "?ms=1&ms=2", "?ms=%00", "?ms=1.0")) {
            Http.assertError(Http.get(product.url("/products/delay" + query)), 400, "/products/delay",
                    List.of(EshopRequests.MS));
        }
    }

    @Test
    void theBarcodeIsAPngOfTheCode() {
        Product p = add(fresh());
        Http.Response response = Http.get(product.url("/products/" + p.id() + "/barcode"));
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).isEqualTo("image/png");
        assertThat(Barcodes.decode(response.bytes())).isEqualTo(p.code());
        assertThat(Barcodes.size(response.bytes())).containsExactly(Barcodes.WIDTH, Barcodes.HEIGHT);
    }

    @Test
    void anExportImportsBackUnchanged() {
        List<NewProduct> products = IntStream.range(0, 2_345).mapToObj(i -> fresh()).toList();
        String csv = ProductCsv.document(products);
        Http.Response imported = Http.send("POST", product.url("/products/import"), "text/csv", csv);
        assertThat(imported.status()).as(imported.text()).isEqualTo(201);
        assertThat(imported.text()).isEqualTo("{\"imported\":2345}");

        Http.Response export = Http.get(product.url("/products/export"));
        assertThat(export.status()).isEqualTo(200);
        assertThat(export.header("Content-Type")).isEqualTo("text/csv;charset=UTF-8");
        assertThat(export.header("Content-Length")).as("streamed").isNull();
        String all = export.text();
        assertThat(all).startsWith(ProductCsv.headerLine());
        // the rows of this import, in code order, as the document that was imported
        String first = products.getFirst().code();
        String last = products.getLast().code();
        String mine = ProductCsv.headerLine() + Arrays.stream(all.split("\r\n", -1)).skip(1)
                .filter(line -> line.length() >= 8 && line.substring(0, 8).compareTo(first) >= 0
                        && line.substring(0, 8).compareTo(last) <= 0)
                .map(line -> line + "\r\n").reduce("", String::concat);
        assertThat(mine).isEqualTo(csv);
        // and it parses back to the same products
        assertThat(ProductCsv.parse(all.getBytes(StandardCharsets.UTF_8))).containsAll(products);
    }

    @Test
    void aMultipartUploadImportsToo() {
        List<NewProduct> products = IntStream.range(0, 3).mapToObj(i -> fresh()).toList();
        Http.Response imported = multipart("file", ProductCsv.document(products).getBytes(StandardCharsets.UTF_8));
        assertThat(imported.status()).as(imported.text()).isEqualTo(201);
        assertThat(imported.text()).isEqualTo("{\"imported\":3}");
        assertThat(count(products)).isEqualTo(3);
        Http.assertError(multipart("other", "x".getBytes(StandardCharsets.UTF_8)), 400, "/products/import",
                List.of(StandardErrors.BODY_REQUIRED));
    }

    @Test
    void aLargeMultipartUploadIsTakenWhole() {
        // more than Tomcat's 2 MB form and swallow limits: the seed's import file is about 2.2 MB
        List<NewProduct> products = IntStream.range(0, 20_000).mapToObj(i -> fresh()).toList();
        byte[] csv = ProductCsv.document(products).getBytes(StandardCharsets.UTF_8);
        assertThat(csv.length).isGreaterThan(2_200_000);
        Http.Response imported = multipart("file", csv);
        assertThat(imported.status()).as(imported.text()).isEqualTo(201);
        assertThat(count(products)).isEqualTo(products.size());
    }

    @Test
    void anImportWithACodeThatExistsIs409AndSavesNothing() {
        Product existing = add(fresh());
        // 1,500 fresh rows, then the existing code: the first batch of 1,000 is inserted, then rolled back
        List<NewProduct> products = new ArrayList<>(IntStream.range(0, 1_500).mapToObj(i -> fresh()).toList());
        products.add(existing.withoutId());
        Http.assertError(Http.send("POST", product.url("/products/import"), "text/csv",
                ProductCsv.document(products)), 409, "/products/import", List.of(StandardErrors.DUPLICATE_CODE));
        assertThat(count(products)).isEqualTo(1);
    }

    @Test
    void aBadRowIs400NamingTheLineAndSavesNothing() {
        List<NewProduct> products = IntStream.range(0, 3).mapToObj(i -> fresh()).toList();
        String csv = ProductCsv.document(products).replace("," + products.get(1).price().toPlainString() + ",",
                ",12.345,");
        Http.assertError(Http.send("POST", product.url("/products/import"), "text/csv", csv), 400,
                "/products/import", List.of("line 3: price"));
        Http.assertError(Http.send("POST", product.url("/products/import"), "text/csv", "a,b\r\n"), 400,
                "/products/import", List.of("line 1: header"));
        Http.assertError(Http.send("POST", product.url("/products/import"), "application/json", "{}"), 415,
                "/products/import", List.of(StandardErrors.UNSUPPORTED_MEDIA_TYPE));
        assertThat(count(products)).isZero();
    }

    @Test
    void aTooLargeImportIs413() {
        byte[] big = new byte[ProductController.MAX_IMPORT_BYTES + 1];
        Arrays.fill(big, (byte) 'a');
        Http.Response response = Http.send("POST", product.url("/products/import"), "text/csv", big);
        Http.assertError(response, 413, "/products/import", List.of(StandardErrors.PAYLOAD_TOO_LARGE));
    }

    private static Http.Response multipart(String part, byte[] content) {
        String boundary = "eshop-boundary-42";
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + part
                + "\"; filename=\"products.csv\"\r\nContent-Type: text/csv\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        body.writeBytes(content);
        body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return Http.send("POST", product.url("/products/import"), "multipart/form-data; boundary=" + boundary,
                body.toByteArray());
    }

    private static int count(List<NewProduct> products) {
        return services.productDb.sql("SELECT count(*) FROM product WHERE code = ANY(:codes)")
                .param("codes", products.stream().map(NewProduct::code).toArray(String[]::new))
                .query(Integer.class).single();
    }
}
