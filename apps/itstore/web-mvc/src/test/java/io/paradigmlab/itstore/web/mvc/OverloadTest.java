package io.paradigmlab.itstore.web.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.common.contract.InFlightLimit;
import io.paradigmlab.common.web.mvc.InFlightLimitFilter;
import io.paradigmlab.itstore.domain.error.StandardErrors;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.web.servlet.FilterRegistrationBean;

/** Above {@code itstore.limits.max-concurrent-requests} in flight, a request is refused at once: 503, Retry-After. */
class OverloadTest {

    private static TestApps.Running app;

    @BeforeAll
    static void start() {
        app = TestApps.start("itstore.limits.max-concurrent-requests=2");
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    @Test
    void aRequestAboveTheBoundIs503AndTheBoundFreesUp() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        app.store().gate.set(gate);
        List<Future<RawHttp.Response>> held = new ArrayList<>();
        try (ExecutorService clients = Executors.newFixedThreadPool(2)) {
            held.add(clients.submit(() -> RawHttp.get(app.port(), "/itStore/max_invoice")));
            held.add(clients.submit(() -> RawHttp.get(app.port(), "/itStore/first_N_products?N=10")));
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (app.store().waiting.get() < 2 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertThat(app.store().waiting).hasValue(2);

            for (String target : List.of("/itStore/test_controller_only", "/nope", "/itStore/max_invoice")) {
                Errors.assertError(RawHttp.get(app.port(), target), 503, target,
                        List.of(StandardErrors.OVERLOADED));
            }
            gate.countDown();
            for (Future<RawHttp.Response> response : held) {
                assertThat(response.get().status()).isEqualTo(200);
            }
        }
        app.store().gate.set(null);
        assertThat(RawHttp.get(app.port(), "/itStore/test_controller_only").status()).isEqualTo(200);
        var registration = (FilterRegistrationBean<?>) app.context().getBean("mvcInFlightLimit");
        InFlightLimit limit = ((InFlightLimitFilter) registration.getFilter()).limit();
        assertThat(limit.max()).isEqualTo(2);
        assertThat(limit.inFlight()).as("every admitted request counted out, refused ones never in").isZero();
    }
}
