package io.paradigmlab.itstore.web.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.Test;

/** {@code jvm.threads.virtual.live}: JFR's starts minus ends, only in the virtual-thread variants, and switchable. */
class VirtualThreadsTest {

    private static void awaitAtLeast(LongSupplier value, long expected) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (value.getAsLong() < expected && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(value.getAsLong()).isGreaterThanOrEqualTo(expected);
    }

    private static void awaitAtMost(LongSupplier value, long expected) throws InterruptedException {
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (value.getAsLong() > expected && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertThat(value.getAsLong()).isLessThanOrEqualTo(expected);
    }

    @Test
    void theCounterFollowsVirtualThreadsStartingAndEnding() throws Exception {
        try (VirtualThreadCounter counter = new VirtualThreadCounter()) {
            long before = counter.live();
            CountDownLatch release = new CountDownLatch(1);
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                threads.add(Thread.ofVirtual().start(() -> {
                    try {
                        release.await();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }));
            }
            awaitAtLeast(counter::live, before + 50);
            release.countDown();
            for (Thread thread : threads) {
                thread.join();
            }
            awaitAtMost(counter::live, before);
            assertThat(counter.started()).isGreaterThanOrEqualTo(50);
        }
    }

    @Test
    void theVirtualCellsGaugeCountsTheRequestsThreads() throws Exception {
        try (TestApps.Running app = TestApps.start("spring.threads.virtual.enabled=true")) {
            SimpleMeterRegistry registry = new SimpleMeterRegistry();
            app.context().getBeansOfType(MeterBinder.class).values().forEach(binder -> binder.bindTo(registry));
            Gauge gauge = registry.get(ItStoreWebMvcAutoConfiguration.VIRTUAL_THREADS_GAUGE).gauge();

            CountDownLatch gate = new CountDownLatch(1);
            app.store().gate.set(gate);
            List<Thread> clients = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                clients.add(Thread.ofPlatform().start(() -> RawHttp.get(app.port(), "/itStore/max_invoice")));
            }
            awaitAtLeast(() -> app.store().waiting.get(), 5);
            // five requests held, each on a virtual thread of its own
            awaitAtLeast(() -> (long) gauge.value(), 5);
            gate.countDown();
            for (Thread client : clients) {
                client.join();
            }
            awaitAtMost(() -> (long) gauge.value(), 4);
        }
    }

    @Test
    void onlyTheVirtualCellsCountAndTheSwitchTurnsItOff() {
        try (TestApps.Running platform = TestApps.start()) {
            assertThat(platform.context().getBeansOfType(VirtualThreadCounter.class)).isEmpty();
        }
        try (TestApps.Running off = TestApps.start("spring.threads.virtual.enabled=true",
                "itstore.metrics.virtual-threads=false")) {
            assertThat(off.context().getBeansOfType(VirtualThreadCounter.class)).isEmpty();
        }
    }
}
