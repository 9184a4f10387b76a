package io.paradigmlab.eshop.webflux;

import static io.paradigmlab.eshop.webflux.Checks.assertError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.eshop.domain.error.StandardErrors;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.blockhound.BlockingOperationError;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

/**
 * What every service refuses before a handler runs, with the contract's body: bad escapes and oversized heads (in
 * Netty), NUL and encoded slashes in the path, undecodable queries, unknown paths, wrong methods, overload. And that
 * BlockHound is really on in these tests.
 */
class EdgeRulesTest {

    private static EshopTestServices services;

    @BeforeAll
    static void start() {
        services = EshopTestServices.get();
    }

    @Test
    void blockHoundIsInstalled() {
        assertThatThrownBy(() -> Mono.fromCallable(() -> {
            Thread.sleep(1);
            return 1;
        }).subscribeOn(Schedulers.parallel()).block(Duration.ofSeconds(5)))
                .hasCauseInstanceOf(BlockingOperationError.class);
    }

    @Test
    void malformedRequestsAre400InEveryService() {
        for (TestServer server : new TestServer[] {services.product, services.inventory, services.order}) {
            String badEscape = server.raw("GET /products/%zz HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(badEscape).startsWith("HTTP/1.1 400").contains("\"errors\":[\"Malformed request\"]")
                    .contains("\"path\":\"/products/%zz\"");
            String longLine = server.raw("GET /" + "a".repeat(9_000) + " HTTP/1.1\r\nHost: x\r\n\r\n");
            assertThat(longLine).startsWith("HTTP/1.1 400").contains("\"path\":\"\"");
            assertError(server.get("/products/1%2F2"), 400, "/products/1%2F2", StandardErrors.MALFORMED_REQUEST);
            assertError(server.get("/x%00"), 400, "/x%00", StandardErrors.MALFORMED_REQUEST);
            assertError(server.get("/nowhere?q=%C3"), 400, "/nowhere", StandardErrors.MALFORMED_REQUEST);
            assertError(server.get("/nowhere"), 404, "/nowhere", StandardErrors.NOT_FOUND);
        }
        TestServer.Response r = services.product.send("PATCH", "/products/1", "application/json", "{}".getBytes());
        assertError(r, 405, "/products/1", StandardErrors.METHOD_NOT_ALLOWED);
        assertThat(r.header("Allow")).isEqualTo("GET");
        assertError(services.order.send("POST", "/orders/batch", "text/plain", "x".getBytes()), 415,
                "/orders/batch", StandardErrors.UNSUPPORTED_MEDIA_TYPE);
    }

    @Test
    void overloadIs503WithRetryAfter() {
        // this instance admits one request at a time
        TestServer limited = services.productWithoutInventory;
        CompletableFuture<TestServer.Response> slow = null;
        TestServer.Response refused = null;
        // while the slow one is in flight (on a busy machine it may take a moment to arrive), another is refused; if
        // the one place was held when the slow one arrived (by a probe, or by the last probe's count, which ends just
        // after its answer was sent), the slow one was refused too: the attempt proves nothing, send it again
        for (int attempt = 0; attempt < 5 && refused == null; attempt++) {
            slow = CompletableFuture.supplyAsync(() -> limited.get("/products/delay?ms=3000"));
            TestServer.Response probeRefused = null;
            while (!slow.isDone()) {
                TestServer.Response r = limited.get("/products/delay?ms=0");
                if (r.status() == 503) {
                    probeRefused = r;
                    break;
                }
            }
            if (probeRefused != null && slow.join().status() == 200) {
                refused = probeRefused;
            }
        }
        assertThat(refused).as("a request refused while the slow one held the place").isNotNull();
        assertError(refused, 503, "/products/delay", StandardErrors.OVERLOADED);
        assertThat(refused.header("Retry-After")).isEqualTo("10");
        assertThat(slow.join().status()).isEqualTo(200);
        assertThat(limited.get("/products/delay?ms=0").status()).isEqualTo(200);
    }
}
