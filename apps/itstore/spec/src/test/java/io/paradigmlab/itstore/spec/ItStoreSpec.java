package io.paradigmlab.itstore.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.itstore.domain.StaticSource;
import io.paradigmlab.itstore.domain.error.StandardErrors;
import io.paradigmlab.itstore.domain.request.ItStoreRequests;
import io.paradigmlab.itstore.lab.ItStoreDeployment;
import io.paradigmlab.itstore.lab.ItStoreVariant;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * The IT store's behaviour, black-box over HTTP, run unchanged against each variant (one subclass per variant): every
 * endpoint's answer on the seeded {@code ci} data equals the one computed from the raw rows ({@link Expected}),
 * {@code first_N_products} answers exactly N rows, bad input gets the contract's 400 body, a missing product 404, an
 * exhausted pool 503 with {@code Retry-After}, and an abandoned stream gives its connection back.
 */
@ExtendWith(ItStoreFixture.Resolver.class)
abstract class ItStoreSpec {

    /** The rows of the ci data set's products table. */
    static final int PRODUCTS = 20_000;

    ItStoreFixture fixture;
    ItStoreDeployment variant;
    Client client;
    Expected expected;

    abstract ItStoreVariant variant();

    @BeforeEach
    void start(ItStoreFixture fixture) {
        this.fixture = fixture;
        this.variant = fixture.deployment(variant());
        this.client = new Client(variant.url());
        this.expected = fixture.expected();
    }

    // ---- answers on the seeded data

    @ParameterizedTest
    @ValueSource(strings = {"c", "e", "s", "m"})
    void cesByTypeAnswersEveryRowOfTheTypeInIdOrder(String type) {
        Client.Response r = ok("/itStore/ces_by_type?type=" + type);

        assertThat(Expected.elements(r.json())).isNotEmpty().containsExactlyElementsOf(expected.cesByType(type));
    }

    @Test
    void characteristicsOfAProductAreItsFourRowsAndAnUnknownProductHasNone() throws SQLException {
        for (int id : List.of(0, 7, PRODUCTS - 1)) {
            Client.Response r = ok("/itStore/characteristics_for_product?productId=" + id);
            assertThat(Expected.set(Expected.elements(r.json()))).hasSize(4).isEqualTo(characteristics(id));
        }
        assertThat(ok("/itStore/characteristics_for_product?productId=999999").body()).isEqualTo("[]");
    }

    @Test
    void maxInvoiceIsTheGreatestInvoiceValueWithTwoDecimals() {
        Client.Response r = ok("/itStore/max_invoice");

        assertThat(r.body()).isEqualTo(expected.maxInvoice());
        assertThat(r.body()).matches("\\{\"maxValue\":\\d+\\.\\d\\d}");
    }

    @Test
    void itemsBetweenDatesSumsTheUnitsSoldPerProductInTheMonth() {
        List<String> october2022 = expected.itemsBetweenDates(2022, 10);
        assertThat(october2022).isNotEmpty();
        assertThat(Expected.set(Expected.elements(ok("/itStore/items_between_dates").json()))).isEqualTo(october2022);
        assertThat(Expected.set(Expected.elements(ok("/itStore/items_between_dates?year=2022&month=10").json())))
                .isEqualTo(october2022);
        assertThat(Expected.set(Expected.elements(ok("/itStore/items_between_dates?year=2024&month=03").json())))
                .isNotEmpty().isEqualTo(expected.itemsBetweenDates(2024, 3));
        assertThat(ok("/itStore/items_between_dates?year=1999&month=1").body()).isEqualTo("[]");
    }

    @Test
    void salesCostIsSalesAndPurchasesPerMonthInYearAndMonthOrder() {
        assertThat(Expected.elements(ok("/itStore/sales_cost").json())).hasSize(48)
                .containsExactlyElementsOf(expected.salesCost());
    }

    @Test
    void monthWithGreatestSaleIsTheMonthNoOtherOutsells() {
        assertThat(Expected.set(Expected.elements(ok("/itStore/month_with_greatest_sale").json())))
                .isNotEmpty().isEqualTo(expected.monthWithGreatestSale());
    }

    @Test
    void profitOnEachProductIsSalesMinusPurchasesByName() {
        assertThat(Expected.elements(ok("/itStore/profit_on_each_product").json())).isNotEmpty()
                .containsExactlyElementsOf(expected.profitOnEachProduct());
    }

    @Test
    void productMaxProfitIsTheBestProductOfEachCategory() {
        assertThat(Expected.set(Expected.elements(ok("/itStore/product_max_profit").json())))
                .hasSizeGreaterThanOrEqualTo(8).isEqualTo(expected.productMaxProfit());
    }

    @Test
    void categoryProfitIsTheProfitOfEachCategoryByName() {
        assertThat(Expected.elements(ok("/itStore/category_profit").json())).hasSize(8)
                .containsExactlyElementsOf(expected.categoryProfit());
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 1_000, PRODUCTS, ItStoreRequests.MAX_N})
    void firstNProductsAnswersExactlyTheProductsBelowNInIdOrder(int n) {
        Client.Response r = ok("/itStore/first_N_products?N=" + n);

        List<String> rows = Expected.elements(r.json());
        assertThat(rows).hasSize(Math.min(n, PRODUCTS)).containsExactlyElementsOf(expected.firstNProducts(n));
        assertThat(r.header("content-type")).startsWith("application/json");
    }

    @Test
    void aProductByIdIsItsRowAndAMissingOneIs404() {
        assertThat(ok("/itStore/products/0").body()).isEqualTo(expected.productById(0));
        assertThat(ok("/itStore/products/" + (PRODUCTS - 1)).body()).isEqualTo(expected.productById(PRODUCTS - 1));
        assertThat(ok("/itStore/products/00042").body()).isEqualTo(expected.productById(42));
        assertError(client.get("/itStore/products/" + PRODUCTS), 404, "/itStore/products/" + PRODUCTS,
                ItStoreRequests.PRODUCT_NOT_FOUND);
    }

    @Test
    void testControllerOnlyAnswersTheEightNamesWithoutTheDatabase() {
        Client.Response r = ok("/itStore/test_controller_only");

        assertThat(r.body()).isEqualTo(Json.MAPPER.writeValueAsString(StaticSource.NAMES)).hasSize(135);
    }

    // ---- bad input

    static Stream<Arguments> badParameters() {
        String type = ItStoreRequests.TYPE_INVALID;
        String productId = ItStoreRequests.PRODUCT_ID_INVALID;
        String n = ItStoreRequests.N_INVALID;
        String year = ItStoreRequests.YEAR_INVALID;
        String month = ItStoreRequests.MONTH_INVALID;
        return Stream.of(
                Arguments.of("/itStore/ces_by_type", List.of(type)),
                Arguments.of("/itStore/ces_by_type?type=", List.of(type)),
                Arguments.of("/itStore/ces_by_type?type=C", List.of(type)),
                Arguments.of("/itStore/ces_by_type?type=cc", List.of(type)),
                Arguments.of("/itStore/ces_by_type?type=c&type=c", List.of(type)),
                Arguments.of("/itStore/ces_by_type?type=c%00", List.of(type)),
                Arguments.of("/itStore/characteristics_for_product", List.of(productId)),
                Arguments.of("/itStore/characteristics_for_product?productId=-1", List.of(productId)),
                Arguments.of("/itStore/characteristics_for_product?productId=1e3", List.of(productId)),
                Arguments.of("/itStore/characteristics_for_product?productId=99999999999", List.of(productId)),
                Arguments.of("/itStore/characteristics_for_product?productId=%D9%A1", List.of(productId)),
                Arguments.of("/itStore/characteristics_for_product?productId=" + "9".repeat(1000), List.of(productId)),
                Arguments.of("/itStore/items_between_dates?year=0", List.of(year)),
                Arguments.of("/itStore/items_between_dates?month=13", List.of(month)),
                Arguments.of("/itStore/items_between_dates?month=", List.of(month)),
                Arguments.of("/itStore/items_between_dates?year=x&month=y", List.of(year, month)),
                Arguments.of("/itStore/first_N_products", List.of(n)),
                Arguments.of("/itStore/first_N_products?N=-1", List.of(n)),
                Arguments.of("/itStore/first_N_products?N=1000001", List.of(n)),
                Arguments.of("/itStore/first_N_products?N=1&N=2", List.of(n)),
                Arguments.of("/itStore/first_N_products?n=10", List.of(n)),
                Arguments.of("/itStore/products/abc", List.of(ItStoreRequests.ID_INVALID)),
                Arguments.of("/itStore/products/-1", List.of(ItStoreRequests.ID_INVALID)),
                Arguments.of("/itStore/products/99999999999", List.of(ItStoreRequests.ID_INVALID)));
    }

    @ParameterizedTest
    @MethodSource("badParameters")
    void aBadParameterIs400WithItsMessage(String target, List<String> errors) {
        int query = target.indexOf('?');
        assertError(client.get(target), 400, query < 0 ? target : target.substring(0, query), errors.toArray(String[]::new));
    }

    @Test
    void anUnknownPathIs404AndAnotherMethodIs405() {
        assertError(client.get("/itStore/nothing_here"), 404, "/itStore/nothing_here", StandardErrors.NOT_FOUND);
        Client.Response post = client.send("POST", "/itStore/max_invoice");
        assertError(post, 405, "/itStore/max_invoice", StandardErrors.METHOD_NOT_ALLOWED);
        assertThat(post.header("allow")).contains("GET");
        assertError(client.send("DELETE", "/itStore/products/1"), 405, "/itStore/products/1",
                StandardErrors.METHOD_NOT_ALLOWED);
    }

    @Test
    void requestsTheHttpServerRefusesStillGetTheErrorBody() {
        assertError(client.raw("/itStore/first_N_products?N=%zz"), 400, "/itStore/first_N_products",
                StandardErrors.MALFORMED_REQUEST);
        assertError(client.raw("/itStore/products/%00"), 400, "/itStore/products/%00", StandardErrors.NUL_IN_PATH);
    }

    // ---- the pool and the stream

    /**
     * A request that cannot get a connection within the acquire timeout (2 s) answers 503 with {@code Retry-After};
     * the ones holding the pool's connections complete once the database lets them.
     */
    @Test
    void anExhaustedPoolAnswers503WithRetryAfter() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        List<CompletableFuture<HttpResponse<String>>> holders = new ArrayList<>();
        try (Connection lock = fixture.connect(variant.database())) {
            lock.setAutoCommit(false);
            try (Statement s = lock.createStatement()) {
                // every max_invoice now waits for this transaction, holding its pooled connection
                s.execute("lock table invoice in access exclusive mode");
            }
            for (int i = 0; i < ItStoreFixture.POOL_SIZE; i++) {
                holders.add(http.sendAsync(HttpRequest.newBuilder(URI.create(variant.url() + "/itStore/max_invoice"))
                        .timeout(Client.TIMEOUT).build(), HttpResponse.BodyHandlers.ofString()));
            }
            awaitWaitingOnLock(variant.database(), ItStoreFixture.POOL_SIZE);
            Instant sent = Instant.now();
            Client.Response refused = client.get("/itStore/ces_by_type?type=m");
            assertError(refused, 503, "/itStore/ces_by_type", "Database unavailable");
            assertThat(refused.header("retry-after")).isEqualTo("10");
            assertThat(Duration.between(sent, Instant.now())).isGreaterThanOrEqualTo(Duration.ofMillis(1_500));
            lock.rollback();
        }
        for (CompletableFuture<HttpResponse<String>> holder : holders) {
            HttpResponse<String> r = holder.get();
            assertThat(r.statusCode()).isEqualTo(200);
            assertThat(r.body()).isEqualTo(expected.maxInvoice());
        }
    }

    /** Clients that go away in the middle of the whole table leave no connection behind: the pool still serves. */
    @Test
    void abandonedStreamsGiveTheirConnectionsBack() throws Exception {
        for (int i = 0; i < ItStoreFixture.POOL_SIZE + 2; i++) {
            URI base = URI.create(variant.url());
            try (var socket = new java.net.Socket(base.getHost(), base.getPort())) {
                socket.getOutputStream().write(("GET /itStore/first_N_products?N=" + ItStoreRequests.MAX_N
                        + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                assertThat(new String(socket.getInputStream().readNBytes(12), java.nio.charset.StandardCharsets.US_ASCII))
                        .isEqualTo("HTTP/1.1 200");
            }
        }
        for (int i = 0; i < ItStoreFixture.POOL_SIZE + 2; i++) {
            assertThat(ok("/itStore/max_invoice").body()).isEqualTo(expected.maxInvoice());
        }
    }

    // ---- helpers

    Client.Response ok(String target) {
        Client.Response r = client.get(target);
        assertThat(r.status()).as("%s", r).isEqualTo(200);
        return r;
    }

    static void assertError(Client.Response r, int status, String path, String... errors) {
        assertThat(r.status()).as("%s", r).isEqualTo(status);
        assertThat(r.header("content-type")).as("%s", r).startsWith("application/json");
        JsonNode body = r.json();
        assertThat(body.get("status").asInt()).isEqualTo(status);
        assertThat(body.get("path").asString()).isEqualTo(path);
        assertThat(Instant.parse(body.get("timestamp").asString())).isBefore(Instant.now().plusSeconds(5));
        List<String> messages = new ArrayList<>();
        body.get("errors").forEach(e -> messages.add(e.asString()));
        assertThat(messages).containsExactly(errors);
    }

    private List<String> characteristics(int productId) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection c = fixture.connect("itstore_expected");
             PreparedStatement s = c.prepareStatement("select * from characteristic where id_prod = ?")) {
            s.setInt(1, productId);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    rows.add(Expected.json("idProd", r.getInt("id_prod"), "idCharacteristic",
                            r.getInt("id_characteristic"), "name", r.getString("name"), "value", r.getString("value")));
                }
            }
        }
        return Expected.set(rows);
    }

    private void awaitWaitingOnLock(String database, int count) throws Exception {
        Instant deadline = Instant.now().plusSeconds(30);
        try (Connection c = fixture.connect(database);
             PreparedStatement s = c.prepareStatement("select count(*) from pg_stat_activity where datname = ?"
                     + " and wait_event_type = 'Lock'")) {
            s.setString(1, database);
            while (true) {
                try (ResultSet r = s.executeQuery()) {
                    r.next();
                    if (r.getInt(1) >= count) {
                        return;
                    }
                }
                assertThat(Instant.now()).as("%d requests waiting on the lock", count).isBefore(deadline);
                Thread.sleep(50);
            }
        }
    }
}
