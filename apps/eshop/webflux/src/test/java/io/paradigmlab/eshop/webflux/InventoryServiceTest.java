package io.paradigmlab.eshop.webflux;

import static io.paradigmlab.eshop.webflux.Checks.assertError;
import static io.paradigmlab.eshop.webflux.Checks.assertJson;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import io.paradigmlab.eshop.domain.request.EshopRequests;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** InventoryService over HTTP on a real PostgreSQL, under BlockHound. */
class InventoryServiceTest {

    private static EshopTestServices services;
    private static TestServer inventory;

    @BeforeAll
    static void start() {
        services = EshopTestServices.get();
        inventory = services.inventory;
    }

    /** The stock of {@code code} in the database, -1 when it has no row. */
    static long stock(String code) throws SQLException {
        try (Connection c = EshopTestServices.get().inventoryDb();
             PreparedStatement s = c.prepareStatement("SELECT quantity FROM inventory WHERE code = ?")) {
            s.setString(1, code);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next() ? rs.getLong(1) : -1;
            }
        }
    }

    static void setStock(String code, long quantity) {
        TestServer.Response r = EshopTestServices.get().inventory.put("/inventory/" + code,
                "{\"quantity\":" + quantity + "}");
        assertThat(r.status()).as(r.toString()).isEqualTo(200);
    }

    static String line(String number, String code, long quantity) {
        return "{\"orderNumber\":\"" + number + "\",\"productCode\":\"" + code + "\",\"quantity\":" + quantity + "}";
    }

    @Test
    void setsAndReadsStock() throws SQLException {
        assertJson(inventory.put("/inventory/P6000001", "{\"quantity\":7}"), 200,
                "{\"code\":\"P6000001\",\"quantity\":7}");
        assertJson(inventory.put("/inventory/P6000001", "{\"quantity\":0}"), 200,
                "{\"code\":\"P6000001\",\"quantity\":0}");
        assertJson(inventory.get("/inventory/P6000001"), 200, "{\"code\":\"P6000001\",\"quantity\":0}");
        assertThat(stock("P6000001")).isZero();
        assertError(inventory.get("/inventory/P6999999"), 404, "/inventory/P6999999", StandardErrors.STOCK_NOT_FOUND);
    }

    @Test
    void badCodesAndQuantitiesAre400() {
        for (String code : List.of("X", "p6000001", "P600000", "P60000011", "P600000%C3%A9")) {
            assertError(inventory.get("/inventory/" + code), 400, "/inventory/" + code, EshopRequests.CODE);
        }
        assertError(inventory.put("/inventory/P6000002", "{\"quantity\":-5}"), 400, "/inventory/P6000002",
                EshopRequests.STOCK_QUANTITY);
        assertError(inventory.put("/inventory/P6000002", "{\"quantity\":\"5\"x}"), 400, "/inventory/P6000002",
                StandardErrors.MALFORMED_REQUEST);
        assertError(inventory.get("/inventory/P600%000"), 400, "/inventory/P600%000",
                StandardErrors.MALFORMED_REQUEST);
    }

    @Test
    void reservesInBulkLineByLineInRequestOrder() throws SQLException {
        setStock("P6000010", 6);
        setStock("P6000011", 0);
        String a = UUID.randomUUID().toString();
        String b = UUID.randomUUID().toString();
        String c = UUID.randomUUID().toString();
        String d = UUID.randomUUID().toString();
        String e = UUID.randomUUID().toString();
        // stock 6, lines 5, 3, 1 of one code: 5 and 1 reserved (greedy, in order), 3 rejected; the others rejected
        String body = "[" + line(a, "P6000010", 5) + "," + line(b, "P6000011", 1) + "," + line(c, "P6000010", 3)
                + "," + line(d, "P6999998", 1) + "," + line(e, "P6000010", 1) + "]";
        assertJson(inventory.post("/inventory/reservations", body), 200, "{\"rejected\":["
                + "{\"orderNumber\":\"" + b + "\",\"productCode\":\"P6000011\"},"
                + "{\"orderNumber\":\"" + c + "\",\"productCode\":\"P6000010\"},"
                + "{\"orderNumber\":\"" + d + "\",\"productCode\":\"P6999998\"}]}");
        assertThat(stock("P6000010")).isZero();
        assertThat(stock("P6000011")).isZero();
    }

    @Test
    void badReservationsAre400() {
        assertError(inventory.post("/inventory/reservations", "[]"), 400, "/inventory/reservations",
                EshopRequests.RESERVATIONS_SIZE);
        assertError(inventory.post("/inventory/reservations", "[{\"productCode\":\"P1\",\"quantity\":0}]"), 400,
                "/inventory/reservations", "[0].orderNumber must be a UUID", "[0].productCode must be P followed by 7"
                        + " digits", "[0].quantity must be an integer from 1 to 1000000000");
        assertError(inventory.post("/inventory/reservations", "{\"orders\":[]}"), 400, "/inventory/reservations",
                StandardErrors.MALFORMED_REQUEST);
        assertError(inventory.send("POST", "/inventory/reservations", "application/json", new byte[0]), 400,
                "/inventory/reservations", StandardErrors.BODY_REQUIRED);
    }

    @Test
    void twentyConcurrentSingleReservationsOnStockTenReserveExactlyTen() throws SQLException {
        setStock("P6000020", 10);
        List<CompletableFuture<TestServer.Response>> calls = IntStream.range(0, 20)
                .mapToObj(i -> CompletableFuture.supplyAsync(() -> inventory.post("/inventory/reservations/one",
                        line(UUID.randomUUID().toString(), "P6000020", 1))))
                .toList();
        long reserved = calls.stream().map(CompletableFuture::join)
                .peek(r -> assertThat(r.status()).as(r.toString()).isEqualTo(200))
                .filter(r -> r.json().get("status").asString().equals("RESERVED")).count();
        assertThat(reserved).isEqualTo(10);
        assertThat(stock("P6000020")).isZero();
    }

    @Test
    void aSingleReservationWaitsItsDelayFirst() throws SQLException {
        setStock("P6000030", 1);
        String n = UUID.randomUUID().toString();
        long start = System.nanoTime();
        assertJson(inventory.post("/inventory/reservations/one?delayMs=200", line(n, "P6000030", 1)), 200,
                "{\"orderNumber\":\"" + n + "\",\"productCode\":\"P6000030\",\"status\":\"RESERVED\"}");
        assertThat((System.nanoTime() - start) / 1_000_000).isGreaterThanOrEqualTo(200);
        assertJson(inventory.post("/inventory/reservations/one", line(n, "P6000030", 1)), 200,
                "{\"orderNumber\":\"" + n + "\",\"productCode\":\"P6000030\",\"status\":\"REJECTED\"}");
        assertThat(stock("P6000030")).isZero();
        assertError(inventory.post("/inventory/reservations/one?delayMs=1001", line(n, "P6000030", 1)), 400,
                "/inventory/reservations/one", EshopRequests.DELAY_MS);
        assertError(inventory.post("/inventory/reservations/one", "{\"orderNumber\":\"x\",\"productCode\":"
                + "\"P6000030\",\"quantity\":1}"), 400, "/inventory/reservations/one", "orderNumber must be a UUID");
    }

    @Test
    void releasesGiveStockBack() throws SQLException {
        setStock("P6000040", 2);
        String body = "[" + line(UUID.randomUUID().toString(), "P6000040", 3) + ","
                + line(UUID.randomUUID().toString(), "P6000040", 4) + ","
                + line(UUID.randomUUID().toString(), "P6999997", 4) + "]";
        assertJson(inventory.post("/inventory/releases", body), 200, "{\"released\":1}");
        assertThat(stock("P6000040")).isEqualTo(9);
    }

    @Test
    void wrongMethodsAndPaths() {
        TestServer.Response r = inventory.send("DELETE", "/inventory/P6000001", null, null);
        assertError(r, 405, "/inventory/P6000001", StandardErrors.METHOD_NOT_ALLOWED);
        assertThat(r.header("Allow")).contains("GET").contains("PUT");
        assertError(inventory.get("/nowhere"), 404, "/nowhere", StandardErrors.NOT_FOUND);
        assertError(inventory.get("/inventory"), 404, "/inventory", StandardErrors.NOT_FOUND);
    }
}
