package io.paradigmlab.eshop.webflux;

import static io.paradigmlab.eshop.webflux.Checks.assertError;
import static io.paradigmlab.eshop.webflux.Checks.assertJson;
import static io.paradigmlab.eshop.webflux.InventoryServiceTest.setStock;
import static io.paradigmlab.eshop.webflux.InventoryServiceTest.stock;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.domain.SeedData;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import io.paradigmlab.eshop.domain.request.EshopRequests;
import io.paradigmlab.eshop.webflux.order.OrderService;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * OrderService over HTTP on a real MariaDB, calling the live Inventory on PostgreSQL, under BlockHound: both modes,
 * the fan-out knob, the seed's invalid batch, concurrent orders on scarce stock, the compensation of a failed insert,
 * and Inventory down.
 */
class OrderServiceTest {

    private static EshopTestServices services;
    private static TestServer order;
    private static final List<OrderLine> INVALID = SeedData.invalidOrders();
    private static final String INVALID_BATCH = batch(INVALID);

    @BeforeAll
    static void start() throws SQLException {
        services = EshopTestServices.get();
        order = services.order;
        // the seed's reserved block: stock 0, so every line of the invalid batch is rejected
        try (Connection c = services.inventoryDb(); PreparedStatement s = c.prepareStatement(
                "INSERT INTO inventory (code, quantity) SELECT unnest(?), 0"
                        + " ON CONFLICT (code) DO UPDATE SET quantity = 0")) {
            Array codes = c.createArrayOf("varchar", INVALID.stream().map(OrderLine::productCode).toArray());
            s.setArray(1, codes);
            s.executeUpdate();
        }
    }

    static String batch(List<OrderLine> lines) {
        List<String> out = new ArrayList<>();
        for (OrderLine l : lines) {
            out.add("{" + (l.orderNumber() == null ? "" : "\"orderNumber\":\"" + l.orderNumber() + "\",")
                    + "\"productCode\":\"" + l.productCode() + "\",\"quantity\":" + l.quantity() + "}");
        }
        return "{\"orders\":[" + String.join(",", out) + "]}";
    }

    private static long orderRows() throws SQLException {
        try (Connection c = services.orderDb(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM orders")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static long rowsOf(String orderNumber) throws SQLException {
        try (Connection c = services.orderDb();
             PreparedStatement s = c.prepareStatement("SELECT count(*) FROM orders WHERE order_number = ?")) {
            s.setString(1, orderNumber);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    @Test
    void placesOrdersInBothModesAndReadsThemBack() throws SQLException {
        for (String mode : List.of("bulk", "individual")) {
            setStock("P7000001", 5);
            String a = UUID.randomUUID().toString();
            String b = UUID.randomUUID().toString();
            TestServer.Response r = order.post("/orders/batch?mode=" + mode,
                    batch(List.of(new OrderLine(a.toUpperCase(), "P7000001", 2L), new OrderLine(b, "P7999999", 1L))));
            assertThat(r.status()).as(r.toString()).isEqualTo(200);
            JsonNode accepted = r.json().get("accepted");
            assertThat(accepted).hasSize(1);
            long id = accepted.get(0).get("id").asLong();
            // order numbers are stored lower case
            assertThat(r.text()).isEqualTo("{\"accepted\":[{\"orderNumber\":\"" + a + "\",\"id\":" + id + "}],"
                    + "\"rejected\":[{\"orderNumber\":\"" + b + "\",\"productCode\":\"P7999999\"}]}");
            assertThat(stock("P7000001")).isEqualTo(3);
            assertJson(order.get("/orders/" + id), 200, "{\"id\":" + id + ",\"orderNumber\":\"" + a + "\","
                    + "\"productCode\":\"P7000001\",\"quantity\":2}");
        }
        // no number given: Order draws one
        setStock("P7000002", 1);
        TestServer.Response r = order.post("/orders/batch", "{\"orders\":[{\"productCode\":\"P7000002\","
                + "\"quantity\":1}]}");
        assertThat(EshopRequests.orderNumber(r.json().get("accepted").get(0).get("orderNumber").asString()))
                .isNotNull();
    }

    @Test
    void theSeedsInvalidBatchIsRejectedWholeInBothModes() throws SQLException {
        long rows = orderRows();
        for (String query : List.of("", "?mode=bulk", "?mode=individual", "?mode=individual&delayMs=0")) {
            TestServer.Response r = order.post("/orders/batch" + query, INVALID_BATCH);
            assertThat(r.status()).as(r.toString()).isEqualTo(200);
            assertThat(r.json().get("accepted")).isEmpty();
            JsonNode rejected = r.json().get("rejected");
            assertThat(rejected).hasSize(55);
            for (int i = 0; i < 55; i++) {
                assertThat(rejected.get(i).get("orderNumber").asString()).isEqualTo(INVALID.get(i).orderNumber());
                assertThat(rejected.get(i).get("productCode").asString()).isEqualTo(INVALID.get(i).productCode());
            }
        }
        assertThat(orderRows()).isEqualTo(rows);
        for (OrderLine l : INVALID) {
            assertThat(stock(l.productCode())).isZero();
        }
    }

    @Test
    void theFanOutOverlapsTheDelayedCalls() {
        services.takeInventoryPeakInFlight();
        long start = System.nanoTime();
        TestServer.Response r = order.post("/orders/batch?mode=individual&delayMs=100", INVALID_BATCH);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("rejected")).hasSize(55);
        assertThat(ms).isGreaterThanOrEqualTo(100);
        // fan-out 55: the waits of 100 ms overlap, seen where they happen, at Inventory, rather than as a wall-clock
        // bound a busy machine can break
        assertThat(services.takeInventoryPeakInFlight()).isGreaterThan(1);
    }

    @Test
    void fanOutOneMakesTheCallsOneAfterTheOther() {
        services.takeInventoryPeakInFlight();
        long start = System.nanoTime();
        TestServer.Response r = services.sequentialOrder.post("/orders/batch?mode=individual&delayMs=100",
                INVALID_BATCH);
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("rejected")).hasSize(55);
        assertThat(ms).isGreaterThanOrEqualTo(5_500);
        assertThat(services.takeInventoryPeakInFlight()).isEqualTo(1);
    }

    @Test
    void twentyConcurrentOrdersOnStockTenAcceptExactlyTen() throws SQLException {
        for (String mode : List.of("bulk", "individual")) {
            String code = mode.equals("bulk") ? "P7000010" : "P7000011";
            setStock(code, 10);
            long rows = orderRows();
            List<CompletableFuture<TestServer.Response>> calls = IntStream.range(0, 20)
                    .mapToObj(i -> CompletableFuture.supplyAsync(() -> order.post("/orders/batch?mode=" + mode,
                            "{\"orders\":[{\"productCode\":\"" + code + "\",\"quantity\":1}]}")))
                    .toList();
            int accepted = 0;
            for (CompletableFuture<TestServer.Response> call : calls) {
                TestServer.Response r = call.join();
                assertThat(r.status()).as(r.toString()).isEqualTo(200);
                accepted += r.json().get("accepted").size();
            }
            assertThat(accepted).isEqualTo(10);
            assertThat(orderRows() - rows).isEqualTo(10);
            assertThat(stock(code)).isZero();
        }
    }

    @Test
    void aFailedInsertReleasesTheReservedStock() throws SQLException {
        setStock("P7000020", 5);
        String number = UUID.randomUUID().toString();
        assertThat(order.post("/orders/batch", batch(List.of(new OrderLine(number, "P7000020", 1L)))).status())
                .isEqualTo(200);
        assertThat(stock("P7000020")).isEqualTo(4);
        // the same number again: reserved by Inventory, refused by MariaDB's UNIQUE, given back, 409
        for (String mode : List.of("bulk", "individual")) {
            String other = UUID.randomUUID().toString();
            assertError(order.post("/orders/batch?mode=" + mode, batch(List.of(new OrderLine(other, "P7000020", 1L),
                    new OrderLine(number, "P7000020", 2L)))), 409, "/orders/batch", OrderService.ORDER_NUMBER_EXISTS);
            assertThat(stock("P7000020")).isEqualTo(4);
            assertThat(rowsOf(number)).isEqualTo(1);
            assertThat(rowsOf(other)).isZero();
        }
    }

    @Test
    void aDatabaseFailureAfterTheReservationIs503AndReleasesTheStock() throws SQLException {
        setStock("P7000030", 3);
        try (Connection c = services.orderDb(); Statement s = c.createStatement()) {
            s.execute("RENAME TABLE orders TO orders_away");
            try {
                TestServer.Response r = order.post("/orders/batch",
                        "{\"orders\":[{\"productCode\":\"P7000030\",\"quantity\":2}]}");
                assertError(r, 503, "/orders/batch", ApiException.Unavailable.DATABASE);
                assertThat(r.header("Retry-After")).isEqualTo("10");
                assertThat(stock("P7000030")).isEqualTo(3);
            } finally {
                s.execute("RENAME TABLE orders_away TO orders");
            }
        }
    }

    @Test
    void inventoryDownIs503WithRetryAfterInBothModes() throws SQLException {
        long rows = orderRows();
        for (String mode : List.of("bulk", "individual")) {
            TestServer.Response r = services.orderWithoutInventory.post("/orders/batch?mode=" + mode, INVALID_BATCH);
            assertError(r, 503, "/orders/batch", StandardErrors.INVENTORY_UNAVAILABLE);
            assertThat(r.header("Retry-After")).isEqualTo("1");
        }
        assertThat(orderRows()).isEqualTo(rows);
    }

    @Test
    void badBatchesAre400BeforeAnyCall() {
        int before = services.inventoryRequests();
        assertError(order.post("/orders/batch?mode=fast", INVALID_BATCH), 400, "/orders/batch", EshopRequests.MODE);
        assertError(order.post("/orders/batch?delayMs=100", INVALID_BATCH), 400, "/orders/batch",
                EshopRequests.DELAY_NEEDS_INDIVIDUAL);
        assertError(order.post("/orders/batch?mode=individual&delayMs=1001", INVALID_BATCH), 400, "/orders/batch",
                EshopRequests.DELAY_MS);
        assertError(order.post("/orders/batch?mode=bulk&mode=bulk", INVALID_BATCH), 400, "/orders/batch",
                EshopRequests.MODE);
        assertError(order.post("/orders/batch", "{\"orders\":[]}"), 400, "/orders/batch", EshopRequests.ORDERS_SIZE);
        assertError(order.post("/orders/batch", "{}"), 400, "/orders/batch", EshopRequests.ORDERS_SIZE);
        assertError(order.post("/orders/batch", "{\"orders\":[{\"productCode\":\"P1\",\"quantity\":0},null]}"), 400,
                "/orders/batch", "orders[0].productCode must be P followed by 7 digits",
                "orders[0].quantity must be an integer from 1 to 1000000000", "orders[1] must not be null");
        assertError(order.post("/orders/batch", "{\"orders\":[{\"productCode\":\"P\\u00007000001\",\"quantity\":1}]}"),
                400, "/orders/batch", "orders[0].productCode must be P followed by 7 digits");
        assertError(order.post("/orders/batch", "{\"orders\":[{\"productCode\":\"P7000001\",\"quantity\":1.0}]}"),
                400, "/orders/batch", StandardErrors.MALFORMED_REQUEST);
        assertError(order.post("/orders/batch", "{\"orders\":"), 400, "/orders/batch",
                StandardErrors.MALFORMED_REQUEST);
        assertThat(services.inventoryRequests()).isEqualTo(before);
    }

    @Test
    void unknownAndMalformedOrderIds() {
        assertError(order.get("/orders/999999999"), 404, "/orders/999999999", StandardErrors.ORDER_NOT_FOUND);
        assertError(order.get("/orders/abc"), 400, "/orders/abc", EshopRequests.ID);
        assertError(order.get("/orders/0"), 400, "/orders/0", EshopRequests.ID);
    }
}
