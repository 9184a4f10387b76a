package io.paradigmlab.itstore.web.flux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.common.contract.InFlightLimit;
import io.paradigmlab.common.web.flux.InFlightLimitFilter;
import io.paradigmlab.itstore.domain.Endpoints;
import io.paradigmlab.itstore.domain.error.StandardErrors;
import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The overload bound ({@code itstore.limits.max-concurrent-requests}), here 2: a third request in flight is refused
 * with 503 and {@code Retry-After}, and the count drops when requests end, also when their clients go away.
 */
class InFlightLimitTest {

    private static InMemoryStore store;
    private static TestServer server;

    @BeforeAll
    static void start() {
        store = new InMemoryStore();
        server = TestServer.start(store, "itstore.limits.max-concurrent-requests=2");
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void refusesRequestsAboveTheBoundAndAdmitsThemAgainOnceOthersEnd() throws Exception {
        InFlightLimit limit = server.bean(InFlightLimitFilter.class).limit();
        assertThat(limit.max()).isEqualTo(2);
        store.hang = true;
        List<Socket> held = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                Socket socket = new Socket("localhost", server.port);
                socket.getOutputStream().write(("GET " + Endpoints.FIRST_N_PRODUCTS + "?N=5 HTTP/1.1\r\nHost: x\r\n\r\n")
                        .getBytes(StandardCharsets.ISO_8859_1));
                held.add(socket);
            }
            awaitInFlight(limit, 2);
            TestServer.Response refused = server.get(Endpoints.TEST_CONTROLLER_ONLY);
            assertThat(refused.status()).isEqualTo(503);
            assertThat(refused.header("Retry-After")).isEqualTo("10");
            assertThat(refused.header("Content-Type")).isEqualTo("application/json");
            JsonNode body = JsonMapper.builder().build().readTree(refused.body());
            assertThat(body.propertyNames()).containsExactly("timestamp", "status", "path", "errors");
            assertThat(body.get("status").asInt()).isEqualTo(503);
            assertThat(body.get("path").asString()).isEqualTo(Endpoints.TEST_CONTROLLER_ONLY);
            assertThat(body.get("errors").get(0).asString()).isEqualTo(StandardErrors.OVERLOADED);
            // a refusal takes no place in the count
            assertThat(limit.inFlight()).isEqualTo(2);
        } finally {
            for (Socket socket : held) {
                socket.close();
            }
        }
        // the held clients went away: their requests are cancelled and counted out
        awaitInFlight(limit, 0);
        store.hang = false;
        assertThat(server.get(Endpoints.TEST_CONTROLLER_ONLY).status()).isEqualTo(200);
        assertThat(server.get(Endpoints.FIRST_N_PRODUCTS + "?N=3").status()).isEqualTo(200);
        // the filter counts a request out when its exchange completes, which may be just after the client has read
        // the answer
        awaitInFlight(limit, 0);
    }

    @Test
    void neverAdmitsMoreThanTheBoundUnderConcurrentRequests() throws Exception {
        InFlightLimit limit = server.bean(InFlightLimitFilter.class).limit();
        AtomicInteger ok = new AtomicInteger();
        AtomicInteger overloaded = new AtomicInteger();
        AtomicInteger other = new AtomicInteger();
        int clients = 8;
        CountDownLatch go = new CountDownLatch(1);
        try (ExecutorService pool = Executors.newFixedThreadPool(clients)) {
            for (int c = 0; c < clients; c++) {
                pool.execute(() -> {
                    try {
                        go.await();
                        for (int i = 0; i < 25; i++) {
                            int status = server.get(Endpoints.FIRST_N_PRODUCTS + "?N=200").status();
                            (status == 200 ? ok : status == 503 ? overloaded : other).incrementAndGet();
                            assertThat(limit.inFlight()).isBetween(0, 2);
                        }
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                });
            }
            go.countDown();
            pool.shutdown();
            assertThat(pool.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(other.get()).isZero();
        assertThat(ok.get() + overloaded.get()).isEqualTo(200);
        assertThat(ok.get()).isPositive();
        awaitInFlight(limit, 0);
    }

    @Test
    void refusesABoundBelowOne() {
        assertThatThrownBy(() -> StandardErrors.WEB.inFlightLimit(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("itstore.limits.max-concurrent-requests");
    }

    private static void awaitInFlight(InFlightLimit limit, int expected) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (limit.inFlight() != expected && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(limit.inFlight()).isEqualTo(expected);
    }
}
