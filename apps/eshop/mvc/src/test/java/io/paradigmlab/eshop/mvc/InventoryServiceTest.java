package io.paradigmlab.eshop.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.eshop.domain.ReservationOutcome;
import io.paradigmlab.eshop.domain.SeedData;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import io.paradigmlab.eshop.domain.request.EshopRequests;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** InventoryService over HTTP, on PostgreSQL. */
class InventoryServiceTest {

    private static final AtomicInteger NEXT = new AtomicInteger(4_000_000);

    private static EshopTestServices.App inventory;

    @BeforeAll
    static void start() {
        inventory = EshopTestServices.get().inventory;
    }

    private static String freshCode() {
        return SeedData.code(NEXT.incrementAndGet());
    }

    static void putStock(EshopTestServices.App inventory, String code, long quantity) {
        Http.Response response = Http.json("PUT", inventory.url("/inventory/" + code),
                "{\"quantity\":" + quantity + "}");
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        assertThat(response.text()).isEqualTo("{\"code\":\"" + code + "\",\"quantity\":" + quantity + "}");
    }

    static long stock(EshopTestServices.App inventory, String code) {
        Http.Response response = Http.get(inventory.url("/inventory/" + code));
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        return response.json().get("quantity").asLong();
    }

    private static String line(String number, String code, long quantity) {
        return "{\"orderNumber\":\"" + number + "\",\"productCode\":\"" + code + "\",\"quantity\":" + quantity + "}";
    }

    @Test
    void stockIsSetAndRead() {
        String code = freshCode();
        Http.assertError(Http.get(inventory.url("/inventory/" + code)), 404, "/inventory/" + code,
                List.of(StandardErrors.STOCK_NOT_FOUND));
        putStock(inventory, code, 7);
        putStock(inventory, code, 0);
        assertThat(Http.get(inventory.url("/inventory/" + code)).text())
                .isEqualTo("{\"code\":\"" + code + "\",\"quantity\":0}");
    }

    @Test
    void badCodesAndQuantitiesAre400() {
        for (String code : List.of("X0000001", "P123", "p0000001", "P00000001", "P%200000001")) {
            Http.assertError(Http.get(inventory.url("/inventory/" + code)), 400, "/inventory/" + code,
                    List.of(EshopRequests.CODE));
            Http.assertError(Http.json("PUT", inventory.url("/inventory/" + code), "{\"quantity\":1}"), 400,
                    "/inventory/" + code, List.of(EshopRequests.CODE));
        }
        String code = freshCode();
        Http.assertError(Http.json("PUT", inventory.url("/inventory/" + code), "{\"quantity\":-5}"), 400,
                "/inventory/" + code, List.of(EshopRequests.STOCK_QUANTITY));
        Http.assertError(Http.json("PUT", inventory.url("/inventory/" + code), "{\"quantity\":2.5}"), 400,
                "/inventory/" + code, List.of(StandardErrors.MALFORMED_REQUEST));
        Http.assertError(Http.send("PUT", inventory.url("/inventory/" + code), "application/json", ""), 400,
                "/inventory/" + code, List.of(StandardErrors.BODY_REQUIRED));
    }

    @Test
    void aBulkReservationDecrementsPerLineInRequestOrder() {
        String a = freshCode();
        String b = freshCode();
        String unknown = freshCode();
        putStock(inventory, a, 6);
        putStock(inventory, b, 1);
        List<String> numbers = List.of(uuid(), uuid(), uuid(), uuid(), uuid());
        String body = "[" + String.join(",", line(numbers.get(0), a, 5), line(numbers.get(1), b, 2),
                line(numbers.get(2), a, 3), line(numbers.get(3), unknown, 1), line(numbers.get(4), a, 1)) + "]";
        Http.Response response = Http.json("POST", inventory.url("/inventory/reservations"), body);
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        assertThat(response.text()).isEqualTo("{\"rejected\":["
                + "{\"orderNumber\":\"" + numbers.get(1) + "\",\"productCode\":\"" + b + "\"},"
                + "{\"orderNumber\":\"" + numbers.get(2) + "\",\"productCode\":\"" + a + "\"},"
                + "{\"orderNumber\":\"" + numbers.get(3) + "\",\"productCode\":\"" + unknown + "\"}]}");
        assertThat(stock(inventory, a)).isZero();
        assertThat(stock(inventory, b)).isEqualTo(1);
    }

    @Test
    void badReservationsAre400() {
        String path = "/inventory/reservations";
        Http.assertError(Http.json("POST", inventory.url(path), "[]"), 400, path,
                List.of(EshopRequests.RESERVATIONS_SIZE));
        Http.assertError(Http.json("POST", inventory.url(path), "[" + line("nope", "P1", 0) + ",null]"), 400, path,
                List.of("[0].orderNumber " + EshopRequests.ORDER_NUMBER_RULE,
                        "[0].productCode " + EshopRequests.CODE_RULE,
                        "[0].quantity " + EshopRequests.LINE_QUANTITY_RULE, "[1] must not be null"));
        Http.assertError(Http.json("POST", inventory.url(path), "{\"orderNumber\":\"x\"}"), 400, path,
                List.of(StandardErrors.MALFORMED_REQUEST));
        Http.assertError(Http.json("POST", inventory.url("/inventory/releases"), "[]"), 400, "/inventory/releases",
                List.of(EshopRequests.RESERVATIONS_SIZE));
    }

    @Test
    void oneReservationWaitsItsDelayFirstThenReservesOnce() {
        String code = freshCode();
        putStock(inventory, code, 1);
        String number = uuid();
        long start = System.nanoTime();
        Http.Response response = Http.json("POST", inventory.url("/inventory/reservations/one?delayMs=100"),
                line(number.toUpperCase(), code, 1));
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(100_000_000L);
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        assertThat(response.text()).isEqualTo("{\"orderNumber\":\"" + number + "\",\"productCode\":\"" + code
                + "\",\"status\":\"RESERVED\"}");
        assertThat(Http.json("POST", inventory.url("/inventory/reservations/one"), line(uuid(), code, 1))
                .as(ReservationOutcome.class).status()).isEqualTo(ReservationOutcome.Status.REJECTED);
        for (String query : List.of("?delayMs=1001", "?delayMs=-1", "?delayMs=", "?delayMs=1&delayMs=1")) {
            Http.assertError(Http.json("POST", inventory.url("/inventory/reservations/one" + query),
                    line(uuid(), code, 1)), 400, "/inventory/reservations/one", List.of(EshopRequests.DELAY_MS));
        }
        Http.assertError(Http.json("POST", inventory.url("/inventory/reservations/one"), line(uuid(), code, 0)), 400,
                "/inventory/reservations/one", List.of("quantity " + EshopRequests.LINE_QUANTITY_RULE));
    }

    @Test
    void twentyConcurrentReservationsOnStockTenReserveExactlyTen() throws Exception {
        String code = freshCode();
        putStock(inventory, code, 10);
        CountDownLatch go = new CountDownLatch(1);
        List<Callable<ReservationOutcome>> calls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            calls.add(() -> {
                go.await();
                return Http.json("POST", inventory.url("/inventory/reservations/one"), line(uuid(), code, 1))
                        .as(ReservationOutcome.class);
            });
        }
        try (ExecutorService pool = Executors.newFixedThreadPool(20)) {
            List<Future<ReservationOutcome>> futures = calls.stream().map(pool::submit).toList();
            go.countDown();
            long reserved = 0;
            for (Future<ReservationOutcome> f : futures) {
                reserved += f.get().reserved() ? 1 : 0;
            }
            assertThat(reserved).isEqualTo(10);
        }
        assertThat(stock(inventory, code)).isZero();
    }

    @Test
    void aReleaseGivesStockBack() {
        String code = freshCode();
        putStock(inventory, code, 2);
        Http.Response response = Http.json("POST", inventory.url("/inventory/releases"),
                "[" + line(uuid(), code, 3) + "," + line(uuid(), code, 4) + "," + line(uuid(), freshCode(), 1) + "]");
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        assertThat(response.text()).isEqualTo("{\"released\":1}");
        assertThat(stock(inventory, code)).isEqualTo(9);
    }

    static String uuid() {
        return UUID.randomUUID().toString();
    }
}
