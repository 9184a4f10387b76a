package io.paradigmlab.eshop.mvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.eshop.domain.FanOut;
import io.paradigmlab.eshop.domain.NewProduct;
import io.paradigmlab.eshop.domain.OrderBatch;
import io.paradigmlab.eshop.domain.OrderLine;
import io.paradigmlab.eshop.domain.Product;
import io.paradigmlab.eshop.domain.SeedData;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import io.paradigmlab.eshop.domain.request.EshopRequests;
import io.paradigmlab.eshop.mvc.common.InventoryClient;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Failures the framework or the environment cause, all with the contract's body; Inventory down; start-up checks. */
class ErrorsTest {

    private static EshopTestServices services;

    @BeforeAll
    static void start() {
        services = EshopTestServices.get();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/nope", "/products/1/2", "/inventory", "/orders", "/error"})
    void anUnknownPathIs404(String path) {
        Http.assertError(Http.get(services.product().url(path + "?x=1")), 404, path,
                List.of(StandardErrors.NOT_FOUND));
    }

    @Test
    void aWrongMethodIs405WithAllow() {
        Http.Response response = Http.send("DELETE", services.product().url("/products/1"), null, (byte[]) null);
        Http.assertError(response, 405, "/products/1", List.of(StandardErrors.METHOD_NOT_ALLOWED));
        assertThat(response.header("Allow")).contains("GET");
        Http.assertError(Http.send("DELETE", services.orderPlatform().url("/orders/batch"), null, (byte[]) null), 405,
                "/orders/batch", List.of(StandardErrors.METHOD_NOT_ALLOWED));
        // GET /orders/batch is GET /orders/{id} with a malformed id
        Http.assertError(Http.get(services.orderPlatform().url("/orders/batch")), 400, "/orders/batch",
                List.of(EshopRequests.ID));
    }

    @Test
    void garbageInThePathOrQueryIs400() {
        Http.assertError(Http.raw(services.product().port(), "GET", "/products/delay?ms=%zz"), 400,
                "/products/delay", List.of(StandardErrors.MALFORMED_REQUEST));
        Http.assertError(Http.raw(services.orderPlatform().port(), "POST", "/orders/batch?mode=%4"), 400,
                "/orders/batch", List.of(StandardErrors.MALFORMED_REQUEST));
        // escapes that are not UTF-8
        Http.assertError(Http.raw(services.product().port(), "GET", "/products/delay?ms=%FF"), 400,
                "/products/delay", List.of(StandardErrors.MALFORMED_REQUEST));
        Http.assertError(Http.raw(services.product().port(), "GET", "/products/delay?x=%C3&ms=1"), 400,
                "/products/delay", List.of(StandardErrors.MALFORMED_REQUEST));
        Http.assertError(Http.get(services.product().url("/products/1%2F2")), 400, "/products/1%2F2",
                List.of(StandardErrors.MALFORMED_REQUEST));
        Http.assertError(Http.get(services.inventory.url("/inventory/P%000000001")), 400, "/inventory/P%000000001",
                List.of(StandardErrors.MALFORMED_REQUEST));
        Http.assertError(Http.get(services.product().url("/products/1%00")), 400, "/products/1%00",
                List.of(StandardErrors.MALFORMED_REQUEST));
    }

    @Test
    void theHealthEndpointAnswers() {
        assertThat(Http.get(services.inventory.url("/actuator/health")).status()).isEqualTo(200);
        assertThat(Http.get(services.product().url("/actuator/health")).status()).isEqualTo(200);
    }

    @Test
    void inventoryDownIs503WithRetryAfter() {
        int dead = EshopTestServices.deadPort();
        EshopTestServices.App product = services.startProduct(false, dead, List.of());
        EshopTestServices.App order = services.startOrder(true, dead, List.of());
        try {
            NewProduct p = SeedData.product(6_000_001);
            Http.Response added = Http.json("POST", product.url("/products"), p);
            assertThat(added.status()).isEqualTo(201);
            long id = added.as(Product.class).id();
            Http.Response response = Http.json("PUT", product.url("/products/" + id + "/stock"), "{\"quantity\":1}");
            Http.assertError(response, 503, "/products/" + id + "/stock",
                    List.of(StandardErrors.INVENTORY_UNAVAILABLE));
            assertThat(response.header("Retry-After")).isEqualTo(Integer.toString(InventoryClient.RETRY_AFTER_SECONDS));
            for (String query : List.of("", "?mode=individual&delayMs=10")) {
                response = Http.json("POST", order.url("/orders/batch" + query),
                        new OrderBatch(List.of(new OrderLine(null, SeedData.code(6_000_002), 1L),
                                new OrderLine(null, SeedData.code(6_000_003), 1L))));
                Http.assertError(response, 503, "/orders/batch", List.of(StandardErrors.INVENTORY_UNAVAILABLE));
                assertThat(response.header("Retry-After"))
                        .isEqualTo(Integer.toString(InventoryClient.RETRY_AFTER_SECONDS));
            }
        } finally {
            product.context().close();
            order.context().close();
        }
    }

    @Test
    void databaseDownIs503WithRetryAfter() {
        EshopTestServices.App inventory = services.startInventory(
                "jdbc:postgresql://127.0.0.1:" + EshopTestServices.deadPort() + "/eshop_inventory", List.of());
        try {
            assertThat(Http.get(inventory.url("/actuator/health")).status()).as("no SQL in a health poll")
                    .isEqualTo(200);
            for (int i = 0; i < 2; i++) {
                Http.Response response = Http.get(inventory.url("/inventory/P0000001"));
                Http.assertError(response, 503, "/inventory/P0000001", List.of(ApiException.Unavailable.DATABASE));
                assertThat(response.header("Retry-After"))
                        .isEqualTo(Integer.toString(ApiException.Unavailable.RETRY_AFTER_SECONDS));
            }
        } finally {
            inventory.context().close();
        }
    }

    @Test
    void aboveTheInFlightBoundRequestsAre503() throws Exception {
        EshopTestServices.App product = services.startProduct(true, services.inventory.port(),
                List.of("eshop.limits.max-concurrent-requests=1"));
        try {
            CompletableFuture<Http.Response> slow =
                    CompletableFuture.supplyAsync(() -> Http.get(product.url("/products/delay?ms=1500")));
            Thread.sleep(500);
            Http.assertError(Http.get(product.url("/products/delay?ms=0")), 503, "/products/delay",
                    List.of(StandardErrors.OVERLOADED));
            assertThat(slow.get().status()).isEqualTo(200);
            assertThat(Http.get(product.url("/products/delay?ms=0")).status()).isEqualTo(200);
        } finally {
            product.context().close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "1001", "x"})
    void aBadFanOutStopsTheStart(String fanOut) {
        assertThatThrownBy(() -> services.startOrder(false, services.inventory.port(),
                List.of(FanOut.PROPERTY + "=" + fanOut))).hasStackTraceContaining(FanOut.PROPERTY);
    }
}
