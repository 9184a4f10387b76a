package io.paradigmlab.eshop.domain.csv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.eshop.domain.NewProduct;
import io.paradigmlab.eshop.domain.Product;
import io.paradigmlab.eshop.domain.SeedData;
import io.paradigmlab.common.contract.ApiException;
import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class ProductCsvTest {

    private static final String H = ProductCsv.HEADER + "\r\n";

    private static void badRequest(ThrowingCallable call, String... messages) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ApiException.BadRequest.class,
                e -> assertThat(e.errors()).containsExactly(messages));
    }

    private static List<NewProduct> parse(String text) {
        return ProductCsv.parse(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theExportRowIsTheHeadersColumns() {
        Product p = new Product(5, "P0000005", "Lamp, \"big\"", "Home", new BigDecimal("12.5"), "two\nlines");
        assertThat(ProductCsv.headerLine()).isEqualTo("code,name,category,price,description\r\n");
        assertThat(ProductCsv.row(p)).isEqualTo("P0000005,\"Lamp, \"\"big\"\"\",Home,12.50,\"two\nlines\"\r\n");
        assertThat(ProductCsv.row(new Product(1, "P0000001", "n", "c", new BigDecimal("7"), "")))
                .isEqualTo("P0000001,n,c,7.00,\r\n");
    }

    @Test
    void exportThenImportGivesTheSameProducts() {
        List<NewProduct> products = new ArrayList<>(SeedData.products().limit(2_000).toList());
        // the awkward cases a hand-written CSV must survive
        products.add(new NewProduct("P0900001", "Comma, \"quoted\" name", "A,B", new BigDecimal("0.01"),
                "line one\r\nline two\nline three\rend"));
        products.add(new NewProduct("P0900002", "x".repeat(100), "c".repeat(50), new BigDecimal("9999.99"),
                "d".repeat(200)));
        products.add(new NewProduct("P0900003", "Zażółć gęślą jaźń 😀", "Dział", new BigDecimal("1.10"), ""));
        products.add(new NewProduct("P0900004", " padded ", "\"", new BigDecimal("10.00"), "\"\",\"\""));
        String exported = ProductCsv.document(products);
        assertThat(parse(exported)).containsExactlyElementsOf(products);
        // and from stored products, row by row, as the export streams them
        StringBuilder streamed = new StringBuilder(ProductCsv.headerLine());
        for (int i = 0; i < products.size(); i++) {
            streamed.append(ProductCsv.row(products.get(i).withId(i + 1)));
        }
        assertThat(streamed.toString()).isEqualTo(exported);
    }

    @Test
    void pricesAreNormalizedAndLineEndingsAndBomAccepted() {
        assertThat(parse("\uFEFF" + ProductCsv.HEADER + "\nP0000001,n,c,12.5,d\nP0000002,n,c,3,\n"))
                .containsExactly(new NewProduct("P0000001", "n", "c", new BigDecimal("12.50"), "d"),
                        new NewProduct("P0000002", "n", "c", new BigDecimal("3.00"), ""));
    }

    @Test
    void everyBadFieldIsReportedWithItsLine() {
        String file = H
                + "P0000001,ok,c,1.00,d\r\n"          // line 2: fine
                + "P1,,c,0,\r\n"                      // line 3: code, name, price
                + "P0000003,n,\"multi\nline\",1.00,\r\n" // lines 4-5: fine, two physical lines
                + "P0000004,n,c,1.234,d\r\n"          // line 6: price
                + "P0000005,n,c,1.00\r\n"             // line 7: columns
                + "P0000001,n,,1.00," + "x".repeat(201) + "\r\n"; // line 8: duplicate code, category, description
        badRequest(() -> parse(file), "line 3: code", "line 3: name", "line 3: price", "line 6: price",
                "line 7: columns", "line 8: code duplicates line 2", "line 8: category", "line 8: description");
    }

    @Test
    void nulInAFieldIsRefused() {
        badRequest(() -> parse(H + "P0000001,a\u0000b,c,1.00,d\r\n"), "line 2: name");
    }

    @Test
    void theHeaderMustBeExact() {
        badRequest(() -> parse(""), "line 1: header");
        badRequest(() -> parse("code,name,category,price\r\n"), "line 1: header");
        badRequest(() -> parse("Code,Name,Category,Price,Description\r\nP0000001,n,c,1,d\r\n"), "line 1: header");
        badRequest(() -> parse("\r\n\r\nfoo\r\n"), "line 3: header");
        badRequest(() -> parse(H), ProductCsv.NO_ROWS);
    }

    @Test
    void quotesAndEncodingErrorsEndTheReadingWithTheirLine() {
        badRequest(() -> parse(H + "P0000001,n,c,x,d\r\nP0000002,\"open,c,1,d\r\nP0000003,n,c,1,d\r\n"),
                "line 2: price", "line 3: quote");
        byte[] latin1 = (H + "P0000001,n,c,1,d\r\nP0000002,caf\u00e9,c,1,d\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> ProductCsv.parse(latin1)).isInstanceOfSatisfying(ApiException.BadRequest.class,
                e -> assertThat(e.errors()).singleElement().asString().matches("line 3: encoding"));
    }

    @Test
    void atMostFiftyThousandRows() {
        StringBuilder ok = new StringBuilder(H);
        IntStream.rangeClosed(1, ProductCsv.MAX_ROWS)
                .forEach(n -> ProductCsv.appendRow(ok, SeedData.product(n)));
        assertThat(parse(ok.toString())).hasSize(ProductCsv.MAX_ROWS);
        ProductCsv.appendRow(ok, SeedData.product(ProductCsv.MAX_ROWS + 1));
        badRequest(() -> parse(ok.toString()), ProductCsv.TOO_MANY_ROWS);
    }

    @Test
    void manyBadRowsAreCapped() {
        StringBuilder bad = new StringBuilder(H);
        for (int i = 0; i < 500; i++) {
            bad.append("x,n,c,1,d\r\n");
        }
        assertThatThrownBy(() -> parse(bad.toString())).isInstanceOfSatisfying(ApiException.BadRequest.class,
                e -> assertThat(e.errors()).hasSize(101).startsWith("line 2: code")
                        .endsWith("line 101: code", "and 400 more errors"));
    }

    @Test
    void theSeedImportFileParsesToItsProducts() throws Exception {
        byte[] file = SeedData.importCsv();
        List<NewProduct> parsed = ProductCsv.parse(file);
        assertThat(parsed).hasSize(SeedData.IMPORT_ROWS).containsExactlyElementsOf(SeedData.importProducts().toList());
        // also through a stream, as a multipart upload arrives
        ByteArrayOutputStream copy = new ByteArrayOutputStream();
        copy.write(file);
        assertThat(ProductCsv.parse(new java.io.ByteArrayInputStream(copy.toByteArray()))).isEqualTo(parsed);
    }
}
