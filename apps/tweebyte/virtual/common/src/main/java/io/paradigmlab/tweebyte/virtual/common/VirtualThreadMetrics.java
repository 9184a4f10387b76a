package io.paradigmlab.tweebyte.virtual.common;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import jdk.jfr.consumer.RecordingStream;
import jdk.management.VirtualThreadSchedulerMXBean;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;

/**
 * What the JVM tells cheaply about the virtual variant's threads (docs/api/tweebyte.md "Pool metrics"), in every
 * virtual service: {@code tweebyte_virtual_threads_started_total} and {@code tweebyte_virtual_threads_pinned_total}
 * from JFR events read in process ({@code jdk.VirtualThreadStart}, {@code jdk.VirtualThreadPinned} at threshold 0,
 * both without stack traces, so each costs a small event and no stack walk; they arrive about once a second), and
 * the virtual thread scheduler's {@code tweebyte_virtual_scheduler_{parallelism,pool_size,mounted,queued}} from
 * {@link VirtualThreadSchedulerMXBean}. {@code tweebyte.virtual.metrics.enabled=false} switches both off.
 */
@AutoConfiguration
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnProperty(name = "tweebyte.virtual.metrics.enabled", havingValue = "true", matchIfMissing = true)
public class VirtualThreadMetrics {

    static final String STARTED_EVENT = "jdk.VirtualThreadStart";
    static final String PINNED_EVENT = "jdk.VirtualThreadPinned";

    /** Started at application start, closed at shutdown. */
    @Bean(destroyMethod = "close")
    VirtualThreadEvents tweebyteVirtualThreadEvents() {
        return new VirtualThreadEvents();
    }

    @Bean
    MeterBinder tweebyteVirtualThreadMetrics(VirtualThreadEvents events) {
        return registry -> {
            FunctionCounter.builder("tweebyte.virtual.threads.started", events, e -> e.started.sum())
                    .description("Virtual threads started (JFR jdk.VirtualThreadStart)").register(registry);
            FunctionCounter.builder("tweebyte.virtual.threads.pinned", events, e -> e.pinned.sum())
                    .description("Virtual threads that blocked while pinned to their carrier (JFR jdk.VirtualThreadPinned)")
                    .register(registry);
            VirtualThreadSchedulerMXBean scheduler = ManagementFactory.getPlatformMXBean(VirtualThreadSchedulerMXBean.class);
            Gauge.builder("tweebyte.virtual.scheduler.parallelism", scheduler, VirtualThreadSchedulerMXBean::getParallelism)
                    .description("Carrier threads the scheduler aims to keep busy").register(registry);
            Gauge.builder("tweebyte.virtual.scheduler.pool.size", scheduler, VirtualThreadSchedulerMXBean::getPoolSize)
                    .description("Carrier threads, busy or idle").register(registry);
            Gauge.builder("tweebyte.virtual.scheduler.mounted", scheduler,
                            VirtualThreadSchedulerMXBean::getMountedVirtualThreadCount)
                    .description("Virtual threads mounted on a carrier (estimate)").register(registry);
            Gauge.builder("tweebyte.virtual.scheduler.queued", scheduler,
                            VirtualThreadSchedulerMXBean::getQueuedVirtualThreadCount)
                    .description("Virtual threads queued to the scheduler (estimate)").register(registry);
        };
    }

    /** The JFR stream and its counts; a daemon reader thread of JFR's own. */
    static final class VirtualThreadEvents implements AutoCloseable {

        final LongAdder started = new LongAdder();
        final LongAdder pinned = new LongAdder();
        private final RecordingStream stream;

        VirtualThreadEvents() {
            stream = new RecordingStream();
            // a small on-disk repository: events are counted as they arrive, never read back
            stream.setMaxAge(Duration.ofMinutes(1));
            stream.enable(STARTED_EVENT).withoutStackTrace();
            stream.enable(PINNED_EVENT).withoutStackTrace().withThreshold(Duration.ZERO);
            stream.onEvent(STARTED_EVENT, event -> started.increment());
            stream.onEvent(PINNED_EVENT, event -> pinned.increment());
            stream.startAsync();
        }

        @Override
        public void close() {
            stream.close();
        }
    }
}
