package io.paradigmlab.tweebyte.web.mvc.media;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.jvm.ExecutorServiceMetrics;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionHandler;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.function.DoubleSupplier;
import java.util.function.ToDoubleFunction;

/**
 * A pool on {@code /actuator/prometheus} as docs/api/tweebyte.md "Pool metrics" says, the same names in every
 * variant: Micrometer's {@link ExecutorServiceMetrics} ({@code executor_active_threads}, {@code executor_queued_tasks},
 * {@code executor_pool_max_threads}, ... tag {@code name}) plus {@value #REJECTED} (tasks the pool refused, the 503s
 * of a full queue) and {@value #UTILIZATION} (active threads / maximum threads, 0..1), both tagged {@code name}.
 * Read-only gauges and a counter: a task costs nothing more (no timing wrapper, unlike
 * {@code ExecutorServiceMetrics.monitor}).
 */
public final class ExecutorMetrics {

    /** Exported as {@code tweebyte_executor_rejected_total}. */
    public static final String REJECTED = "tweebyte.executor.rejected";
    /** Exported as {@code tweebyte_executor_utilization}. */
    public static final String UTILIZATION = "tweebyte.executor.utilization";

    private ExecutorMetrics() {
    }

    /** A binder (a bean Spring Boot binds to its registry at start) of {@link #bind}. */
    public static MeterBinder binder(ExecutorService executor, String name) {
        return registry -> bind(registry, executor, name);
    }

    /**
     * Registers {@code executor} under {@code name}. For a {@link ThreadPoolExecutor} its rejection handler is wrapped
     * to count (then do what it did: throw, for our bounded pools) and its utilization is a gauge.
     */
    public static void bind(MeterRegistry registry, ExecutorService executor, String name) {
        bind(registry, executor, name, null);
    }

    /** A binder of {@link #bind(MeterRegistry, ExecutorService, String, DoubleSupplier)}. */
    public static MeterBinder binder(ExecutorService executor, String name, DoubleSupplier utilization) {
        return registry -> bind(registry, executor, name, utilization);
    }

    /**
     * As {@link #bind(MeterRegistry, ExecutorService, String)}, with the utilization read from {@code utilization}
     * (null: the pool's active / maximum threads): for a pool whose threads are always active, such as job workers
     * that wait for work inside their task.
     */
    public static void bind(MeterRegistry registry, ExecutorService executor, String name, DoubleSupplier utilization) {
        new ExecutorServiceMetrics(executor, name, Tags.empty()).bindTo(registry);
        if (utilization != null) {
            utilization(registry, name, utilization, DoubleSupplier::getAsDouble);
        }
        Counter rejected = rejected(registry, name);
        if (executor instanceof ThreadPoolExecutor pool) {
            RejectedExecutionHandler handler = pool.getRejectedExecutionHandler();
            pool.setRejectedExecutionHandler((task, on) -> {
                rejected.increment();
                handler.rejectedExecution(task, on);
            });
            if (utilization == null) {
                utilization(registry, name, pool, p -> (double) p.getActiveCount() / p.getMaximumPoolSize());
            }
        }
    }

    /** The {@value #REJECTED} counter of {@code name}, for a bound that is not an executor (a semaphore, say). */
    public static Counter rejected(MeterRegistry registry, String name) {
        return Counter.builder(REJECTED).tag("name", name)
                .description("Tasks the pool refused (queue full): answered 503").register(registry);
    }

    /** The {@value #UTILIZATION} gauge of {@code name}: busy / capacity, 0..1, read from {@code state}. */
    public static <T> void utilization(MeterRegistry registry, String name, T state, ToDoubleFunction<T> busyShare) {
        // a strong reference: the state may be a lambda nobody else holds (a weak one would read NaN once collected)
        Gauge.builder(UTILIZATION, state, busyShare).strongReference(true).tag("name", name)
                .description("Busy threads (or permits) / maximum, 0..1").register(registry);
    }

    /**
     * Micrometer's executor gauges ({@code executor_active_threads}, {@code executor_pool_max_threads},
     * {@code executor_queued_tasks}, tag {@code name}) for a bound that is not an executor: the virtual variant's
     * semaphore, its job workers and its streams, so the lab reads every variant's pools under the same names.
     */
    public static <T> void gauges(MeterRegistry registry, String name, T state, ToDoubleFunction<T> active,
                                  ToDoubleFunction<T> max, ToDoubleFunction<T> queued) {
        Gauge.builder("executor.active", state, active).strongReference(true).tag("name", name).baseUnit("threads")
                .description("Tasks running (virtual threads holding a permit or doing the work)").register(registry);
        Gauge.builder("executor.pool.max", state, max).strongReference(true).tag("name", name).baseUnit("threads")
                .description("Most tasks that may run at once").register(registry);
        Gauge.builder("executor.queued", state, queued).strongReference(true).tag("name", name).baseUnit("tasks")
                .description("Tasks admitted and waiting to run").register(registry);
    }
}
