package io.paradigmlab.common.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class InFlightLimitTest {

    @Test
    void admitsUpToTheLimitThenRefusesUntilOneLeaves() {
        InFlightLimit limit = new InFlightLimit(2, "x.max");
        assertThat(limit.tryEnter()).isTrue();
        assertThat(limit.tryEnter()).isTrue();
        assertThat(limit.tryEnter()).isFalse();
        assertThat(limit.inFlight()).isEqualTo(2);
        limit.exit();
        assertThat(limit.tryEnter()).isTrue();
        assertThat(limit.tryEnter()).isFalse();
    }

    @Test
    void concurrentCallersNeverExceedTheLimit() throws InterruptedException {
        InFlightLimit limit = new InFlightLimit(3, "x.max");
        AtomicInteger admitted = new AtomicInteger();
        AtomicInteger highest = new AtomicInteger();
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger mostInside = new AtomicInteger();
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            threads.add(Thread.ofPlatform().start(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int n = 0; n < 2_000; n++) {
                    if (limit.tryEnter()) {
                        admitted.incrementAndGet();
                        mostInside.accumulateAndGet(inside.incrementAndGet(), Math::max);
                        highest.accumulateAndGet(limit.inFlight(), Math::max);
                        inside.decrementAndGet();
                        limit.exit();
                    }
                }
            }));
        }
        go.countDown();
        for (Thread t : threads) {
            t.join();
        }
        assertThat(admitted.get()).isPositive();
        assertThat(mostInside.get()).as("callers admitted at once").isBetween(1, 3);
        assertThat(highest.get()).as("the count as read by a metric").isBetween(1, 3);
        assertThat(limit.inFlight()).isZero();
    }

    @Test
    void aLimitBelowOneIsAConfigurationError() {
        assertThatThrownBy(() -> new InFlightLimit(0, "tweebyte.media.cpu-queue"))
                .hasMessage("tweebyte.media.cpu-queue must be at least 1, was 0");
        assertThat(new InFlightLimit(5, "tweebyte.media.cpu-queue").max()).isEqualTo(5);
    }
}
