package io.paradigmlab.itstore.domain.limits;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class InFlightLimitTest {

    @Test
    void admitsUpToMaxAndCountsOut() {
        InFlightLimit limit = new InFlightLimit(2);
        assertThat(limit.tryEnter()).isTrue();
        assertThat(limit.tryEnter()).isTrue();
        assertThat(limit.tryEnter()).isFalse();
        assertThat(limit.inFlight()).isEqualTo(2);
        limit.exit();
        assertThat(limit.tryEnter()).isTrue();
        assertThatThrownBy(() -> new InFlightLimit(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void neverAdmitsMoreThanMaxUnderContention() throws Exception {
        InFlightLimit limit = new InFlightLimit(3);
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        try (ExecutorService threads = Executors.newFixedThreadPool(8)) {
            for (int t = 0; t < 8; t++) {
                threads.submit(() -> {
                    start.await();
                    for (int i = 0; i < 20_000; i++) {
                        if (limit.tryEnter()) {
                            most.accumulateAndGet(inside.incrementAndGet(), Math::max);
                            inside.decrementAndGet();
                            limit.exit();
                        }
                    }
                    return null;
                });
            }
            start.countDown();
        }
        assertThat(most.get()).isBetween(1, 3);
        assertThat(limit.inFlight()).isZero();
    }
}
