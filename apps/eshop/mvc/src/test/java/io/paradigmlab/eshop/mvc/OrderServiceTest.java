package io.paradigmlab.eshop.mvc;

import static io.paradigmlab.eshop.mvc.InventoryServiceTest.putStock;
import static io.paradigmlab.eshop.mvc.InventoryServiceTest.stock;
import static io.paradigmlab.eshop.mvc.InventoryServiceTest.uuid;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.eshop.domain.BatchResult;
import io.paradigmlab.eshop.domain.OrderBatch;
import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.domain.Rejected;
import io.paradigmlab.eshop.domain.SeedData;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import io.paradigmlab.eshop.domain.request.EshopRequests;
import io.paradigmlab.eshop.mvc.order.OrderService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** OrderService over HTTP, on MariaDB, calling a real Inventory: platform and virtual threads, fan-out 55 and 1. */
class OrderServiceTest {

    private static final AtomicInteger NEXT = new AtomicInteger(5_000_000);

    private static EshopTestServices services;
    private static EshopTestServices.App inventory;
    private static List<OrderLine> invalid;

    @BeforeAll
    static void start() {
        services = EshopTestServices.get();
        inventory = services.inventory;
        // the seed's 55 invalid orders: one unit each of a reserved code at stock 0
        invalid = SeedData.invalidOrders();
        invalid.forEach(l -> putStock(inventory, l.productCode(), 0));
    }

    private static String freshCode() {
        return SeedData.code(NEXT.incrementAndGet());
    }

    private static EshopTestServices.App order(String variant) {
        return variant.equals("virtual") ? services.orderVirtual() : services.orderPlatform();
    }

    private static Http.Response batch(EshopTestServices.App order, String query, List<OrderLine> lines) {
        return Http.json("POST", order.url("/orders/batch" + query), new OrderBatch(lines));
    }

    private static int orderRows(List<OrderLine> lines) {
        return services.orderDb.sql("SELECT count(*) FROM orders WHERE order_number IN (:numbers)")
                .param("numbers", lines.stream().map(OrderLine::orderNumber).toList()).query(Integer.class).single();
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform", "virtual"})
    void fiftyFiveInvalidOrdersAreRejectedInBothModesAndNothingIsStored(String variant) {
        EshopTestServices.App order = order(variant);
        List<Rejected> expected = invalid.stream().map(Rejected::of).toList();
        int bulkCalls = services.inventoryCalls().count("POST /inventory/reservations");
        Http.Response bulk = batch(order, "", invalid);
        assertThat(bulk.status()).as(bulk.text()).isEqualTo(200);
        assertThat(bulk.as(BatchResult.class)).isEqualTo(new BatchResult(List.of(), expected));
        assertThat(services.inventoryCalls().count("POST /inventory/reservations")).isEqualTo(bulkCalls + 1);

        int oneCalls = services.inventoryCalls().count("POST /inventory/reservations/one");
        Http.Response individual = batch(order, "?mode=individual", invalid);
        assertThat(individual.status()).as(individual.text()).isEqualTo(200);
        assertThat(individual.text()).isEqualTo(bulk.text());
        assertThat(services.inventoryCalls().count("POST /inventory/reservations/one")).isEqualTo(oneCalls + 55);

        assertThat(orderRows(invalid)).isZero();
        invalid.forEach(l -> assertThat(stock(inventory, l.productCode())).isZero());
    }

    @ParameterizedTest
    @ValueSource(strings = {"platform", "virtual"})
    void theIndividualModeOverlapsItsCallsWithFanOut55(String variant) {
        EshopTestServices.App order = order(variant);
        batch(order, "?mode=individual", invalid); // warm
        services.inventoryCalls().takePeakInFlight();
        long start = System.nanoTime();
        Http.Response response = batch(order, "?mode=individual&delayMs=100", invalid);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        assertThat(response.as(BatchResult.class).rejected()).hasSize(55);
        assertThat(took).isGreaterThanOrEqualTo(Duration.ofMillis(100));
        // overlap seen where it happens, at Inventory, rather than as a wall-clock bound a busy machine can break:
        // each call waits 100 ms there, so calls sent together are in flight together
        assertThat(services.inventoryCalls().takePeakInFlight()).isGreaterThan(1);
    }

    @Test
    void withFanOut1TheIndividualCallsAreSequential() {
        services.inventoryCalls().takePeakInFlight();
        long start = System.nanoTime();
        Http.Response response = batch(services.orderSequential(), "?mode=individual&delayMs=100", invalid);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        assertThat(response.as(BatchResult.class).rejected()).hasSize(55);
        assertThat(took).isGreaterThanOrEqualTo(Duration.ofMillis(5_500));
        assertThat(services.inventoryCalls().takePeakInFlight()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"bulk", "individual"})
    void twentyConcurrentOrdersOnStockTenAcceptExactlyTen(String mode) throws Exception {
        EshopTestServices.App order = mode.equals("bulk") ? services.orderPlatform() : services.orderVirtual();
        String code = freshCode();
        putStock(inventory, code, 10);
        CountDownLatch go = new CountDownLatch(1);
        List<OrderLine> lines = new ArrayList<>();
        List<Callable<BatchResult>> calls = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            OrderLine line = new OrderLine(uuid(), code, 1L);
            lines.add(line);
            calls.add(() -> {
                go.await();
                Http.Response response = batch(order, "?mode=" + mode, List.of(line));
                assertThat(response.status()).as(response.text()).isEqualTo(200);
                return response.as(BatchResult.class);
            });
        }
        int accepted = 0;
        try (ExecutorService pool = Executors.newFixedThreadPool(20)) {
            List<Future<BatchResult>> futures = calls.stream().map(pool::submit).toList();
            go.countDown();
            for (Future<BatchResult> f : futures) {
                BatchResult result = f.get();
                accepted += result.accepted().size();
                assertThat(result.accepted().size() + result.rejected().size()).isEqualTo(1);
            }
        }
        assertThat(accepted).isEqualTo(10);
        assertThat(orderRows(lines)).isEqualTo(10);
        assertThat(stock(inventory, code)).isZero();
    }

    @Test
    void anAcceptedOrderIsStoredAndReadBack() {
        String code = freshCode();
        putStock(inventory, code, 5);
        String number = uuid();
        Http.Response response = Http.json("POST", services.orderPlatform().url("/orders/batch"),
                "{\"orders\":[{\"orderNumber\":\"" + number.toUpperCase() + "\",\"productCode\":\"" + code
                        + "\",\"quantity\":2},{\"productCode\":\"" + code + "\",\"quantity\":4}]}");
        assertThat(response.status()).as(response.text()).isEqualTo(200);
        BatchResult result = response.as(BatchResult.class);
        assertThat(result.accepted()).hasSize(1);
        assertThat(result.accepted().getFirst().orderNumber()).isEqualTo(number);
        assertThat(result.rejected()).hasSize(1);
        assertThat(result.rejected().getFirst().orderNumber()).matches("[0-9a-f-]{36}");
        long id = result.accepted().getFirst().id();
        assertThat(response.text()).isEqualTo("{\"accepted\":[{\"orderNumber\":\"" + number + "\",\"id\":" + id
                + "}],\"rejected\":[{\"orderNumber\":\"" + result.rejected().getFirst().orderNumber()
                + "\",\"productCode\":\"" + code + "\"}]}");
        assertThat(stock(inventory, code)).isEqualTo(3);

        Http.Response read = Http.get(services.orderVirtual().url("/orders/" + id));
        assertThat(read.status()).isEqualTo(200);
        assertThat(read.text()).isEqualTo("{\"id\":" + id + ",\"orderNumber\":\"" + number + "\",\"productCode\":\""
                + code + "\",\"quantity\":2}");
        Http.assertError(Http.get(services.orderVirtual().url("/orders/" + Long.MAX_VALUE)), 404,
                "/orders/" + Long.MAX_VALUE, List.of(StandardErrors.ORDER_NOT_FOUND));
        Http.assertError(Http.get(services.orderVirtual().url("/orders/0")), 400, "/orders/0",
                List.of(EshopRequests.ID));
    }

    @Test
    void badBatchesAre400() {
        EshopTestServices.App order = services.orderPlatform();
        List<OrderLine> one = List.of(new OrderLine(null, freshCode(), 1L));
        Http.assertError(batch(order, "?mode=all", one), 400, "/orders/batch", List.of(EshopRequests.MODE));
        Http.assertError(batch(order, "?delayMs=5", one), 400, "/orders/batch",
                List.of(EshopRequests.DELAY_NEEDS_INDIVIDUAL));
        Http.assertError(batch(order, "?mode=individual&delayMs=1001", one), 400, "/orders/batch",
                List.of(EshopRequests.DELAY_MS));
        Http.assertError(batch(order, "", List.of()), 400, "/orders/batch", List.of(EshopRequests.ORDERS_SIZE));
        Http.assertError(Http.json("POST", order.url("/orders/batch"), "{\"orders\":[{\"productCode\":\"P\\u0000\","
                + "\"quantity\":1}]}"), 400, "/orders/batch",
                List.of("orders[0].productCode " + EshopRequests.CODE_RULE));
        Http.assertError(Http.json("POST", order.url("/orders/batch"), "{\"orders\":[{\"productCode\":\"P0000001\","
                + "\"quantity\":1.0}]}"), 400, "/orders/batch", List.of(StandardErrors.MALFORMED_REQUEST));
        Http.assertError(Http.json("POST", order.url("/orders/batch"), "{\"orders\":"), 400, "/orders/batch",
                List.of(StandardErrors.MALFORMED_REQUEST));
    }

    @Test
    void aDuplicateOrderNumberAfterTheReservationReleasesTheStockAndIs409() {
        EshopTestServices.App order = services.orderVirtual();
        String code = freshCode();
        putStock(inventory, code, 5);
        OrderLine line = new OrderLine(uuid(), code, 2L);
        assertThat(batch(order, "", List.of(line)).status()).isEqualTo(200);
        assertThat(stock(inventory, code)).isEqualTo(3);

        int releases = services.inventoryCalls().count("POST /inventory/releases");
        // Inventory reserves the same number again; the insert fails on the UNIQUE order number
        Http.assertError(batch(order, "?mode=individual", List.of(line)), 409, "/orders/batch",
                List.of(OrderService.ORDER_NUMBER_EXISTS));
        assertThat(services.inventoryCalls().count("POST /inventory/releases")).isEqualTo(releases + 1);
        assertThat(stock(inventory, code)).as("released").isEqualTo(3);
        assertThat(orderRows(List.of(line))).isEqualTo(1);
    }

    @Test
    void aFailingInsertReleasesTheStockAndIs503() {
        EshopTestServices.App order = services.orderPlatform();
        String code = freshCode();
        putStock(inventory, code, 5);
        List<OrderLine> lines = List.of(new OrderLine(uuid(), code, 1L), new OrderLine(uuid(), code, 3L));
        services.orderDb.sql("RENAME TABLE orders TO orders_away").update();
        try {
            Http.Response response = batch(order, "", lines);
            Http.assertError(response, 503, "/orders/batch", List.of(ApiException.Unavailable.DATABASE));
            assertThat(response.header("Retry-After"))
                    .isEqualTo(Integer.toString(ApiException.Unavailable.RETRY_AFTER_SECONDS));
        } finally {
            services.orderDb.sql("RENAME TABLE orders_away TO orders").update();
        }
        assertThat(stock(inventory, code)).as("released").isEqualTo(5);
        assertThat(orderRows(lines)).isZero();
    }
}
