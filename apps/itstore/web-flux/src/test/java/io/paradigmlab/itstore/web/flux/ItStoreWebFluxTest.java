package io.paradigmlab.itstore.web.flux;

import io.paradigmlab.common.web.flux.InFlightLimitFilter;
import io.paradigmlab.common.contract.InFlightLimit;
import static io.paradigmlab.itstore.domain.request.ItStoreRequests.ID_INVALID;
import static io.paradigmlab.itstore.domain.request.ItStoreRequests.MONTH_INVALID;
import static io.paradigmlab.itstore.domain.request.ItStoreRequests.N_INVALID;
import static io.paradigmlab.itstore.domain.request.ItStoreRequests.PRODUCT_ID_INVALID;
import static io.paradigmlab.itstore.domain.request.ItStoreRequests.TYPE_INVALID;
import static io.paradigmlab.itstore.domain.request.ItStoreRequests.YEAR_INVALID;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.paradigmlab.itstore.domain.Endpoints;
import io.paradigmlab.itstore.domain.Product;
import io.paradigmlab.itstore.domain.StaticSource;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.itstore.domain.error.StandardErrors;
import io.paradigmlab.itstore.domain.request.ItStoreRequests;
import io.paradigmlab.itstore.domain.request.ItemsPeriod;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.core.publisher.Sinks;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The web rules of docs/api/itstore.md on a running Reactor Netty server over an in-memory store, under BlockHound:
 * answers and their JSON, every 400 message, 404, 405, the refusals made in Netty and in the edge filter, 503 and 500,
 * and the streaming of {@code first_N_products} (not collected, byte-identical to the materialized answer, cancelled
 * when the client goes away).
 */
class ItStoreWebFluxTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static InMemoryStore store;
    private static TestServer server;
    private static TestServer materialized;

    @BeforeAll
    static void start() {
        store = new InMemoryStore();
        server = TestServer.start(store);
        materialized = TestServer.start(new InMemoryStore(), "itstore.materialize=true");
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        if (materialized != null) {
            materialized.close();
        }
    }

    @AfterEach
    void reset() {
        store.reset();
    }

    // ---- answers

    @Test
    void answersEveryEndpointAsJson() {
        assertOk(Endpoints.MAX_INVOICE, "{\"maxValue\":2000.00}");
        assertOk(Endpoints.SALES_COST, "[{\"year\":2022,\"month\":9,\"sales\":1500.00,\"costs\":800.00}]");
        assertOk(Endpoints.CATEGORY_PROFIT, "[{\"category\":\"laptops\",\"profit\":0.00}]");
        assertOk(Endpoints.PROFIT_ON_EACH_PRODUCT, "[{\"prodName\":\"Laptop A\",\"profit\":-30.00}]");
        assertOk(Endpoints.PRODUCT_MAX_PROFIT,
                "[{\"category\":\"laptops\",\"prodName\":\"Laptop A\",\"profit\":12.50}]");
        assertOk(Endpoints.MONTH_WITH_GREATEST_SALE, "[{\"year\":2021,\"month\":1,\"sales\":2000.00}]");
        assertOk(Endpoints.CES_BY_TYPE + "?type=s", "[{\"idCes\":2,\"name\":\"Tech Supply SA\",\"ein\":\"7654321\","
                + "\"typeCes\":\"s\",\"address\":\"Bd. Unirii 5\",\"iban\":\"RO66BACX0000001234567890\",\"ssn\":null}]");
        assertOk(Endpoints.CES_BY_TYPE + "?type=e", "[]");
        assertOk(Endpoints.CHARACTERISTICS_FOR_PRODUCT + "?productId=0",
                "[{\"idProd\":0,\"idCharacteristic\":1,\"name\":\"Color\",\"value\":\"silver\"},"
                        + "{\"idProd\":0,\"idCharacteristic\":2,\"name\":\"Weight\",\"value\":\"1.4 kg\"}]");
        assertOk(Endpoints.CHARACTERISTICS_FOR_PRODUCT + "?productId=0007", "[]");
        assertOk(Endpoints.ITEMS_BETWEEN_DATES,
                "[{\"prodName\":\"Laptop A\",\"quantity\":2},{\"prodName\":\"Phone B\",\"quantity\":4}]");
        assertThat(store.lastPeriod.get()).isEqualTo(ItemsPeriod.DEFAULT);
        assertThat(server.get(Endpoints.ITEMS_BETWEEN_DATES + "?year=2021&month=01&other=x&other=y").status())
                .isEqualTo(200);
        assertThat(store.lastPeriod.get()).isEqualTo(new ItemsPeriod(2021, 1));
        assertOk(Endpoints.PRODUCTS + "/7", "{\"idProd\":7,\"prodName\":\"Product 7\",\"idSupplier\":5,"
                + "\"availability\":\"in stock\",\"category\":\"category 7\",\"addInfo\":null}");
        assertOk(Endpoints.PRODUCTS + "/0", "{\"idProd\":0,\"prodName\":\"Product 0\",\"idSupplier\":2,"
                + "\"availability\":\"in stock\",\"category\":\"category 0\",\"addInfo\":null}");
    }

    @Test
    void answersTheStaticListAsAJsonArrayWhateverTheAcceptHeader() throws Exception {
        TestServer.Response response = server.get(Endpoints.TEST_CONTROLLER_ONLY);
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.header("Content-Type")).isEqualTo("application/json");
        assertThat(response.body()).isEqualTo(JSON.writeValueAsBytes(StaticSource.NAMES)).hasSize(135);
        // a Flux<String> could be written as concatenated text, or NDJSON: never here
        for (String accept : List.of("text/plain", "application/x-ndjson", "text/event-stream", "application/xml")) {
            String raw = server.raw("GET " + Endpoints.FIRST_N_PRODUCTS + "?N=2 HTTP/1.1\r\nHost: x\r\nAccept: "
                    + accept + "\r\nConnection: close\r\n\r\n");
            assertThat(raw).startsWith("HTTP/1.1 200").contains("[{\"idProd\":0,").contains(",{\"idProd\":1,");
            assertThat(raw.toLowerCase()).contains("content-type: application/json\r\n");
        }
    }

    @Test
    void amountsKeepScaleTwoAndNullColumnsAreWritten() {
        JsonNode product = json(server.get(Endpoints.PRODUCTS + "/14"));
        assertThat(product.has("addInfo")).isTrue();
        assertThat(product.get("addInfo").isNull()).isTrue();
        assertThat(server.get(Endpoints.PRODUCT_MAX_PROFIT).text()).contains("12.50").doesNotContain("E");
    }

    // ---- 400s for parameters

    static Stream<Arguments> badParameters() {
        String first = Endpoints.FIRST_N_PRODUCTS;
        String ces = Endpoints.CES_BY_TYPE;
        String chars = Endpoints.CHARACTERISTICS_FOR_PRODUCT;
        String items = Endpoints.ITEMS_BETWEEN_DATES;
        String product = Endpoints.PRODUCTS + "/";
        return Stream.of(
                Arguments.of(first, List.of(N_INVALID)),
                Arguments.of(first + "?N=", List.of(N_INVALID)),
                Arguments.of(first + "?N", List.of(N_INVALID)),
                Arguments.of(first + "?n=5", List.of(N_INVALID)),
                Arguments.of(first + "?N=1&N=2", List.of(N_INVALID)),
                Arguments.of(first + "?N=1&N=1", List.of(N_INVALID)),
                Arguments.of(first + "?N=-1", List.of(N_INVALID)),
                Arguments.of(first + "?N=%2B1", List.of(N_INVALID)),
                Arguments.of(first + "?N=1+", List.of(N_INVALID)),
                Arguments.of(first + "?N=%201", List.of(N_INVALID)),
                Arguments.of(first + "?N=1e3", List.of(N_INVALID)),
                Arguments.of(first + "?N=1.0", List.of(N_INVALID)),
                Arguments.of(first + "?N=abc", List.of(N_INVALID)),
                Arguments.of(first + "?N=%00", List.of(N_INVALID)),
                Arguments.of(first + "?N=1%00", List.of(N_INVALID)),
                Arguments.of(first + "?N=%D9%A1", List.of(N_INVALID)),
                Arguments.of(first + "?N=99999999999", List.of(N_INVALID)),
                Arguments.of(first + "?N=" + "9".repeat(1000), List.of(N_INVALID)),
                Arguments.of(first + "?N=1000001", List.of(N_INVALID)),
                Arguments.of(ces, List.of(TYPE_INVALID)),
                Arguments.of(ces + "?type=", List.of(TYPE_INVALID)),
                Arguments.of(ces + "?type=x", List.of(TYPE_INVALID)),
                Arguments.of(ces + "?type=C", List.of(TYPE_INVALID)),
                Arguments.of(ces + "?type=c%00", List.of(TYPE_INVALID)),
                Arguments.of(ces + "?type=c&type=c", List.of(TYPE_INVALID)),
                Arguments.of(chars, List.of(PRODUCT_ID_INVALID)),
                Arguments.of(chars + "?productId=", List.of(PRODUCT_ID_INVALID)),
                Arguments.of(chars + "?productId=-1", List.of(PRODUCT_ID_INVALID)),
                Arguments.of(chars + "?productId=1e3", List.of(PRODUCT_ID_INVALID)),
                Arguments.of(chars + "?productId=%00", List.of(PRODUCT_ID_INVALID)),
                Arguments.of(chars + "?productId=2147483648", List.of(PRODUCT_ID_INVALID)),
                Arguments.of(chars + "?productId=99999999999", List.of(PRODUCT_ID_INVALID)),
                Arguments.of(chars + "?productId=1&productId=2", List.of(PRODUCT_ID_INVALID)),
                Arguments.of(items + "?month=13", List.of(MONTH_INVALID)),
                Arguments.of(items + "?month=", List.of(MONTH_INVALID)),
                Arguments.of(items + "?month", List.of(MONTH_INVALID)),
                Arguments.of(items + "?month=-1", List.of(MONTH_INVALID)),
                Arguments.of(items + "?month=1e1", List.of(MONTH_INVALID)),
                Arguments.of(items + "?month=%00", List.of(MONTH_INVALID)),
                Arguments.of(items + "?month=1&month=2", List.of(MONTH_INVALID)),
                Arguments.of(items + "?year=0", List.of(YEAR_INVALID)),
                Arguments.of(items + "?year=", List.of(YEAR_INVALID)),
                Arguments.of(items + "?year=99999999999", List.of(YEAR_INVALID)),
                Arguments.of(items + "?year=2022&year=2022", List.of(YEAR_INVALID)),
                Arguments.of(items + "?year=0&month=0", List.of(YEAR_INVALID, MONTH_INVALID)),
                Arguments.of(items + "?month=0&year=10000", List.of(YEAR_INVALID, MONTH_INVALID)),
                Arguments.of(product + "-1", List.of(ID_INVALID)),
                Arguments.of(product + "1e3", List.of(ID_INVALID)),
                Arguments.of(product + "abc", List.of(ID_INVALID)),
                Arguments.of(product + "%20", List.of(ID_INVALID)),
                Arguments.of(product + "2147483648", List.of(ID_INVALID)),
                Arguments.of(product + "99999999999", List.of(ID_INVALID)));
    }

    @ParameterizedTest
    @MethodSource("badParameters")
    void refusesBadParametersWithTheirMessage(String pathAndQuery, List<String> errors) {
        assertError(server.get(pathAndQuery), 400, path(pathAndQuery), errors);
    }

    // ---- 404, 405

    @Test
    void answers404ForAnUnknownProduct() {
        assertError(server.get(Endpoints.PRODUCTS + "/5000"), 404, Endpoints.PRODUCTS + "/5000",
                List.of(ItStoreRequests.PRODUCT_NOT_FOUND));
        assertError(server.get(Endpoints.PRODUCTS + "/2147483647"), 404, Endpoints.PRODUCTS + "/2147483647",
                List.of(ItStoreRequests.PRODUCT_NOT_FOUND));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/nope", "/itStore", "/itStore/nope", "/itStore/max_invoice/",
            "/itStore/products/", "/itStore/products/1/2", "/itStore/MAX_INVOICE", "/actuator/health"})
    void answers404ForAnUnknownPath(String path) {
        assertError(server.get(path + "?N=1"), 404, path, List.of(StandardErrors.NOT_FOUND));
    }

    @ParameterizedTest
    @ValueSource(strings = {"POST", "PUT", "DELETE", "PATCH"})
    void answers405ForAnythingButGet(String method) {
        TestServer.Response response = server.send(method, Endpoints.FIRST_N_PRODUCTS + "?N=1");
        assertError(response, 405, Endpoints.FIRST_N_PRODUCTS, List.of(StandardErrors.METHOD_NOT_ALLOWED));
        assertThat(response.header("Allow")).contains("GET");
        // an unknown path stays a 404 whatever the method
        assertError(server.send(method, "/nope"), 404, "/nope", List.of(StandardErrors.NOT_FOUND));
    }

    // ---- refusals before any handler

    @Test
    void refusesABadPercentEscapeInNetty() {
        for (String target : List.of(Endpoints.FIRST_N_PRODUCTS + "?N=%zz", Endpoints.FIRST_N_PRODUCTS + "?N=1%4",
                Endpoints.FIRST_N_PRODUCTS + "?x=%", Endpoints.PRODUCTS + "/%zz")) {
            String raw = server.raw("GET " + target + " HTTP/1.1\r\nHost: x\r\n\r\n");
            assertRawError(raw, 400, path(target), StandardErrors.MALFORMED_REQUEST);
        }
    }

    @Test
    void refusesAQueryThatIsNotUtf8() {
        assertError(server.get(Endpoints.FIRST_N_PRODUCTS + "?N=%ff"), 400, Endpoints.FIRST_N_PRODUCTS,
                List.of(StandardErrors.MALFORMED_REQUEST));
        assertError(server.get(Endpoints.MAX_INVOICE + "?other=%C3"), 400, Endpoints.MAX_INVOICE,
                List.of(StandardErrors.MALFORMED_REQUEST));
        // well-formed UTF-8, escaped or not, is fine on a parameter nobody reads
        assertThat(server.get(Endpoints.MAX_INVOICE + "?other=%C3%A9").status()).isEqualTo(200);
    }

    @Test
    void refusesAnOversizedRequestHead() {
        String header = "GET " + Endpoints.MAX_INVOICE + " HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(9_000)
                + "\r\n\r\n";
        assertRawError(server.raw(header), 400, Endpoints.MAX_INVOICE, StandardErrors.MALFORMED_REQUEST);
        String line = "GET " + Endpoints.FIRST_N_PRODUCTS + "?N=1&pad=" + "a".repeat(9_000) + " HTTP/1.1\r\n"
                + "Host: x\r\n\r\n";
        // the request line itself could not be read: no path, as Tomcat
        assertRawError(server.raw(line), 400, "", StandardErrors.MALFORMED_REQUEST);
        // just under the limit is served
        String fits = "GET " + Endpoints.MAX_INVOICE + "?pad=" + "a".repeat(7_000) + " HTTP/1.1\r\nHost: x\r\n"
                + "Connection: close\r\n\r\n";
        assertThat(server.raw(fits)).startsWith("HTTP/1.1 200");
    }

    @Test
    void refusesNulAndEncodedSlashInThePath() {
        assertError(server.get(Endpoints.PRODUCTS + "/%00"), 400, Endpoints.PRODUCTS + "/%00",
                List.of(StandardErrors.NUL_IN_PATH));
        assertError(server.get("/itStore%00/max_invoice?N=1"), 400, "/itStore%00/max_invoice",
                List.of(StandardErrors.NUL_IN_PATH));
        assertError(server.get(Endpoints.PRODUCTS + "/1%2f2"), 400, Endpoints.PRODUCTS + "/1%2f2",
                List.of(StandardErrors.MALFORMED_REQUEST));
    }

    // ---- 5xx

    @Test
    void answers503WithRetryAfterWhenTheDatabaseIsUnavailable() {
        store.failure.set(new ApiException.Unavailable(ApiException.Unavailable.DATABASE));
        for (String target : List.of(Endpoints.MAX_INVOICE, Endpoints.SALES_COST, Endpoints.PRODUCTS + "/1",
                Endpoints.FIRST_N_PRODUCTS + "?N=10")) {
            TestServer.Response response = server.get(target);
            assertError(response, 503, path(target), List.of(ApiException.Unavailable.DATABASE));
            assertThat(response.header("Retry-After")).isEqualTo("10");
        }
    }

    @Test
    void answers500WithoutTheCauseForAnythingElse() {
        store.failure.set(new IllegalStateException("secret detail"));
        TestServer.Response response = server.get(Endpoints.CATEGORY_PROFIT);
        assertError(response, 500, Endpoints.CATEGORY_PROFIT, List.of(StandardErrors.INTERNAL));
        assertThat(response.text()).doesNotContain("secret");
        assertThat(response.header("Retry-After")).isNull();
    }

    @Test
    void failsARequestThatBlocksTheEventLoop() {
        // BlockHound is installed (TestServer): a store that blocks its subscribing thread, the faithful defect
        store.blockInline = true;
        assertError(server.get(Endpoints.MAX_INVOICE), 500, Endpoints.MAX_INVOICE, List.of(StandardErrors.INTERNAL));
        store.blockInline = false;
        assertOk(Endpoints.MAX_INVOICE, "{\"maxValue\":2000.00}");
    }

    @Test
    void closesTheConnectionWhenAStreamFailsAfterItsFirstRow() throws Exception {
        Sinks.Many<Product> sink = Sinks.many().unicast().onBackpressureBuffer();
        store.live = sink;
        sink.tryEmitNext(InMemoryStore.product(0));
        HttpResponse<InputStream> response = server.open(Endpoints.FIRST_N_PRODUCTS + "?N=10");
        assertThat(response.statusCode()).isEqualTo(200);
        sink.tryEmitError(new IllegalStateException("connection lost half-way"));
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        Throwable failure = catchThrowable(() -> response.body().transferTo(read));
        // a truncated array, never a well-formed shorter one
        assertThat(failure).isInstanceOf(IOException.class);
        assertThat(read.toString(StandardCharsets.UTF_8)).doesNotEndWith("]");
    }

    // ---- first_N_products

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 2500, InMemoryStore.PRODUCTS, 1_000_000})
    void streamsExactlyNRowsByteIdenticalToTheMaterializedAnswer(int n) {
        TestServer.Response streamed = server.get(Endpoints.FIRST_N_PRODUCTS + "?N=" + n);
        TestServer.Response whole = materialized.get(Endpoints.FIRST_N_PRODUCTS + "?N=" + n);
        assertThat(streamed.status()).isEqualTo(200);
        assertThat(whole.status()).isEqualTo(200);
        assertThat(streamed.header("Content-Type")).isEqualTo("application/json");
        assertThat(whole.header("Content-Type")).isEqualTo("application/json");
        JsonNode rows = json(streamed);
        int expected = Math.min(n, InMemoryStore.PRODUCTS);
        assertThat(rows.isArray()).isTrue();
        assertThat(rows.size()).isEqualTo(expected);
        for (int i = 0; i < expected; i++) {
            assertThat(rows.get(i).get("idProd").asInt()).isEqualTo(i);
        }
        assertThat(streamed.body()).isEqualTo(whole.body());
        List<Product> list = new ArrayList<>();
        for (int i = 0; i < expected; i++) {
            list.add(InMemoryStore.product(i));
        }
        assertThat(streamed.body()).isEqualTo(JSON.writeValueAsBytes(list));
    }

    @Test
    void streamsRowsBeforeTheStoreHasFinished() throws Exception {
        Sinks.Many<Product> sink = Sinks.many().unicast().onBackpressureBuffer();
        store.live = sink;
        sink.tryEmitNext(InMemoryStore.product(0));
        sink.tryEmitNext(InMemoryStore.product(1));
        HttpResponse<InputStream> response = server.open(Endpoints.FIRST_N_PRODUCTS + "?N=3");
        assertThat(response.statusCode()).isEqualTo(200);
        InputStream body = response.body();
        String start = readUntil(body, "\"idProd\":1,");
        // the first rows arrived while the store's Flux has neither completed nor produced its last row
        assertThat(start).startsWith("[{\"idProd\":0,").contains("},{\"idProd\":1,");
        assertThat(sink.currentSubscriberCount()).isEqualTo(1);
        sink.tryEmitNext(InMemoryStore.product(2));
        sink.tryEmitComplete();
        String all = start + new String(body.readAllBytes(), StandardCharsets.UTF_8);
        assertThat(all).isEqualTo(JSON.writeValueAsString(
                List.of(InMemoryStore.product(0), InMemoryStore.product(1), InMemoryStore.product(2))));
    }

    @Test
    void cancelsTheStoreWhenTheClientGoesAway() throws Exception {
        Sinks.Many<Product> sink = Sinks.many().unicast().onBackpressureBuffer();
        store.live = sink;
        int cancels = store.firstNCancels.get();
        sink.tryEmitNext(InMemoryStore.product(0));
        try (Socket socket = new Socket("localhost", server.port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET " + Endpoints.FIRST_N_PRODUCTS + "?N=100 HTTP/1.1\r\nHost: x\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            readUntil(socket.getInputStream(), "\"idProd\":0,");
        }
        InFlightLimit limit = server.bean(InFlightLimitFilter.class).limit();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while ((store.firstNCancels.get() == cancels || limit.inFlight() > 0) && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(store.firstNCancels.get()).isEqualTo(cancels + 1);
        assertThat(limit.inFlight()).isZero();
    }

    @Test
    void makesRowsOnlyAsFastAsTheClientReads() throws Exception {
        // a million rows (about 120 MB of JSON) for a client that reads nothing: the writer asks the store for rows
        // only as the connection takes them, so what is made stays at what the socket buffers hold
        store.unbounded = true;
        int made = store.firstNRowsMade.get();
        int cancels = store.firstNCancels.get();
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(16 * 1024);
            socket.connect(new java.net.InetSocketAddress("localhost", server.port));
            socket.getOutputStream().write(("GET " + Endpoints.FIRST_N_PRODUCTS + "?N=1000000 HTTP/1.1\r\nHost: x\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            int previous = -1;
            int now = 0;
            for (int i = 0; i < 100 && (now == 0 || now != previous); i++) {
                Thread.sleep(200);
                previous = now;
                now = store.firstNRowsMade.get() - made;
            }
            assertThat(now).as("rows made for a client that reads nothing").isPositive().isLessThan(100_000);
            // reading resumes the stream
            readUntil(socket.getInputStream(), "\"idProd\":10,");
        }
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (store.firstNCancels.get() == cancels && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(store.firstNCancels.get()).isEqualTo(cancels + 1);
        assertThat(store.firstNRowsMade.get() - made).isLessThan(200_000);
    }

    // ---- the error body

    @Test
    void errorBodyHasTheContractsShape() {
        TestServer.Response response = server.get(Endpoints.FIRST_N_PRODUCTS + "?N=x&other=1");
        assertThat(response.header("Content-Type")).isEqualTo("application/json");
        JsonNode body = json(response);
        assertThat(body.propertyNames()).containsExactly("timestamp", "status", "path", "errors");
        assertThat(Instant.parse(body.get("timestamp").asString())).isBetween(Instant.now().minusSeconds(60),
                Instant.now().plusSeconds(1));
        assertThat(body.get("status").asInt()).isEqualTo(400);
        assertThat(body.get("path").asString()).isEqualTo(Endpoints.FIRST_N_PRODUCTS);
        assertThat(body.get("errors").isArray()).isTrue();
        assertThat(body.get("errors").size()).isEqualTo(1);
    }

    @Test
    void keepsServingOnAKeepAliveConnectionAfterErrors() {
        // several quick errors and answers on one connection (the JDK client reuses it): none may hang
        for (int i = 0; i < 20; i++) {
            assertThat(server.get(Endpoints.FIRST_N_PRODUCTS + "?N=-1").status()).isEqualTo(400);
            assertThat(server.get("/nope").status()).isEqualTo(404);
            assertThat(server.get(Endpoints.MAX_INVOICE).status()).isEqualTo(200);
        }
    }

    // ---- helpers

    private static void assertOk(String pathAndQuery, String expectedJson) {
        TestServer.Response response = server.get(pathAndQuery);
        assertThat(response.status()).as(pathAndQuery).isEqualTo(200);
        assertThat(response.header("Content-Type")).as(pathAndQuery).isEqualTo("application/json");
        assertThat(response.text()).as(pathAndQuery).isEqualTo(expectedJson);
    }

    private static void assertError(TestServer.Response response, int status, String path, List<String> errors) {
        assertThat(response.status()).as(response.text()).isEqualTo(status);
        assertThat(response.header("Content-Type")).isEqualTo("application/json");
        JsonNode body = json(response);
        assertThat(body.propertyNames()).containsExactly("timestamp", "status", "path", "errors");
        assertThat(body.get("status").asInt()).isEqualTo(status);
        assertThat(body.get("path").asString()).isEqualTo(path);
        List<String> actual = new ArrayList<>();
        body.get("errors").forEach(e -> actual.add(e.asString()));
        assertThat(actual).isEqualTo(errors);
    }

    private static void assertRawError(String raw, int status, String path, String error) {
        assertThat(raw).startsWith("HTTP/1.1 " + status + " ");
        assertThat(raw.toLowerCase()).contains("content-type: application/json\r\n");
        JsonNode body = JSON.readTree(raw.substring(raw.indexOf("\r\n\r\n") + 4));
        assertThat(body.get("status").asInt()).isEqualTo(status);
        assertThat(body.get("path").asString()).isEqualTo(path);
        assertThat(body.get("errors").get(0).asString()).isEqualTo(error);
    }

    private static JsonNode json(TestServer.Response response) {
        return JSON.readTree(response.body());
    }

    private static String path(String pathAndQuery) {
        int query = pathAndQuery.indexOf('?');
        return query < 0 ? pathAndQuery : pathAndQuery.substring(0, query);
    }

    /** Reads until the text read so far contains {@code marker}; fails on end of stream. */
    private static String readUntil(InputStream in, String marker) throws IOException {
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        byte[] buffer = new byte[1024];
        while (!read.toString(StandardCharsets.UTF_8).contains(marker)) {
            int n = in.read(buffer);
            if (n < 0) {
                throw new IOException("ended before " + marker + ": " + read.toString(StandardCharsets.UTF_8));
            }
            read.write(buffer, 0, n);
        }
        return read.toString(StandardCharsets.UTF_8);
    }
}
