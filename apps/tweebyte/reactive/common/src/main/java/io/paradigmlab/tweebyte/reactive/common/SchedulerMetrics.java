package io.paradigmlab.tweebyte.reactive.common;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import reactor.core.Scannable;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The reactive variant's pool metrics (docs/api/tweebyte.md, "Pool metrics"): every Reactor scheduler of the
 * process ({@code parallel}, {@code boundedElastic}, {@code cpu}, {@code stream}, {@code jobs}) under Micrometer's
 * executor names ({@code executor.active}, {@code executor.pool.max}, {@code executor.pool.size},
 * {@code executor.queued}, {@code executor.queue.remaining}, {@code executor.completed}, tag {@code name} = the
 * scheduler's name), plus {@code tweebyte.executor.rejected} and {@code tweebyte.executor.utilization} (active / max).
 *
 * <p>How, and why this way. Seed 001's listing 10 read Reactor's private fields by reflection. Here the only hook
 * is public API: {@link Schedulers#addExecutorServiceDecorator}, which Reactor calls with every executor a scheduler
 * creates. The decorator returns the executor unchanged (wrapping it would hide the {@code
 * ScheduledThreadPoolExecutor} that Reactor inspects) and only remembers it in its scheduler's group. Micrometer's
 * {@code ExecutorServiceMetrics} cannot be bound to those executors one by one: a Reactor scheduler is not one
 * executor but one single-threaded executor per worker ({@code parallel}: one per core; bounded elastic: one per
 * busy thread, up to 1,000 for {@code stream}, created on demand and evicted after 60 s idle), so registering each
 * under the scheduler's name would keep only the first one's meters (Micrometer answers an existing id with the
 * existing meter), and a tag per executor would make 1,000 series that outlive their evicted executors. The group
 * sums its live executors instead: one series per scheduler, as an async executor gives, with the same names.
 * Building the schedulers over executors of our own ({@code Schedulers.fromExecutorService}) would have given
 * {@code ExecutorServiceMetrics} one executor per scheduler, but not for {@code Schedulers.parallel()}, which the
 * seed's CPU stage uses, nor bounded elastic's per-thread queues and idle eviction, which the seed's streaming
 * scheduler has; the seed's schedulers stay what they are and are measured from outside.
 *
 * <p>{@link #install()} must run before a scheduler creates its executors ({@code main()}, first thing): an
 * executor created earlier is never seen. A bounded-elastic scheduler rejects a task without calling any handler,
 * so rejections are counted where a task is scheduled ({@link #rejected}).
 */
public final class SchedulerMetrics implements MeterBinder {

    private static final String DECORATOR_KEY = "tweebyte-scheduler-metrics";
    /** The name inside a scheduler's description, {@code parallel(2,"parallel")} or {@code boundedElastic("stream",...)}. */
    private static final Pattern QUOTED_NAME = Pattern.compile("\"([^\"]*)\"");
    private static final Pattern QUEUED_PER_THREAD = Pattern.compile("maxTaskQueuedPerThread=(\\d+)");
    private static final ConcurrentMap<String, Group> GROUPS = new ConcurrentHashMap<>();
    private static volatile @Nullable MeterRegistry registry;

    /** Registers the decorator (once per JVM; later calls do nothing). */
    public static void install() {
        Schedulers.addExecutorServiceDecorator(DECORATOR_KEY, (scheduler, executor) -> {
            if (executor instanceof ThreadPoolExecutor pool) {
                group(scheduler).add(pool);
            }
            return executor;
        });
    }

    /**
     * Counts a task {@code scheduler} refused ({@code tweebyte.executor.rejected{name}}); call it where a
     * {@link RejectedExecutionException} from that scheduler surfaces.
     */
    public static void rejected(String scheduler) {
        named(scheduler).rejected.increment();
    }

    /** True for the failure a saturated or disposed scheduler gives a subscriber. */
    public static boolean isRejection(Throwable error) {
        return error instanceof RejectedExecutionException;
    }

    @Override
    public void bindTo(MeterRegistry meters) {
        registry = meters;
        // the schedulers every service has, named now so that their series exist from the first scrape
        GROUPS.computeIfAbsent("parallel", Group::new);
        GROUPS.values().forEach(group -> group.bind(meters));
    }

    /** The group of that name, its meters registered once a registry is bound. */
    private static Group named(String name) {
        Group group = GROUPS.computeIfAbsent(name, Group::new);
        MeterRegistry meters = registry;
        if (meters != null) {
            group.bind(meters);
        }
        return group;
    }

    private static Group group(Scheduler scheduler) {
        String description = String.valueOf(Scannable.from(scheduler).scan(Scannable.Attr.NAME));
        Matcher quoted = QUOTED_NAME.matcher(description);
        Group group = named(quoted.find() ? quoted.group(1) : description);
        Integer capacity = Scannable.from(scheduler).scan(Scannable.Attr.CAPACITY);
        if (capacity != null && capacity > 0) {
            group.maxThreads = capacity;
        }
        Matcher perThread = QUEUED_PER_THREAD.matcher(description);
        if (perThread.find()) {
            group.queuedPerThread = Long.parseLong(perThread.group(1));
        }
        return group;
    }

    /** One scheduler's executors: the live ones summed, the completed tasks of evicted ones kept. */
    private static final class Group {

        private final String name;
        private final Set<ThreadPoolExecutor> live = ConcurrentHashMap.newKeySet();
        private final LongAdder retiredCompleted = new LongAdder();
        private final LongAdder rejected = new LongAdder();
        private final AtomicBoolean bound = new AtomicBoolean();
        /** The scheduler's thread cap (Reactor's {@code CAPACITY}); 0 until its first executor is seen. */
        private volatile int maxThreads;
        /** Bounded elastic's cap per thread; unbounded (a parallel worker's queue) otherwise. */
        private volatile long queuedPerThread = Integer.MAX_VALUE;

        Group(String name) {
            this.name = name;
        }

        void add(ThreadPoolExecutor executor) {
            live.add(executor);
        }

        /** Forgets executors Reactor shut down (evicted idle workers), keeping their completed count. */
        private void prune() {
            for (ThreadPoolExecutor executor : live) {
                if (executor.isTerminated() && live.remove(executor)) {
                    retiredCompleted.add(executor.getCompletedTaskCount());
                }
            }
        }

        private double sum(ToDoubleFunction<ThreadPoolExecutor> metric) {
            prune();
            double total = 0;
            for (ThreadPoolExecutor executor : live) {
                total += metric.applyAsDouble(executor);
            }
            return total;
        }

        double active() {
            return sum(ThreadPoolExecutor::getActiveCount);
        }

        double poolSize() {
            return sum(ThreadPoolExecutor::getPoolSize);
        }

        double queued() {
            return sum(e -> e.getQueue().size());
        }

        /** Room left in the queues: per thread for bounded elastic (its cap times its threads), unbounded otherwise. */
        double queueRemaining() {
            long perThread = queuedPerThread;
            if (perThread >= Integer.MAX_VALUE) {
                return Integer.MAX_VALUE;
            }
            return Math.max(0, perThread * maxThreads - queued());
        }

        double completed() {
            double running = sum(ThreadPoolExecutor::getCompletedTaskCount);
            return running + retiredCompleted.sum();
        }

        double utilization() {
            int max = maxThreads;
            return max == 0 ? 0 : active() / max;
        }

        void bind(MeterRegistry meters) {
            if (!bound.compareAndSet(false, true)) {
                return;
            }
            Gauge.builder("executor.active", this, Group::active).tag("name", name)
                    .description("The approximate number of threads that are actively executing tasks")
                    .baseUnit(BaseUnits.THREADS).register(meters);
            Gauge.builder("executor.pool.max", this, g -> g.maxThreads).tag("name", name)
                    .description("The maximum allowed number of threads in the pool")
                    .baseUnit(BaseUnits.THREADS).register(meters);
            Gauge.builder("executor.pool.size", this, Group::poolSize).tag("name", name)
                    .description("The current number of threads in the pool")
                    .baseUnit(BaseUnits.THREADS).register(meters);
            Gauge.builder("executor.queued", this, Group::queued).tag("name", name)
                    .description("The approximate number of tasks that are queued for execution")
                    .baseUnit(BaseUnits.TASKS).register(meters);
            Gauge.builder("executor.queue.remaining", this, Group::queueRemaining).tag("name", name)
                    .description("The number of additional elements that this queue can ideally accept without blocking")
                    .baseUnit(BaseUnits.TASKS).register(meters);
            FunctionCounter.builder("executor.completed", this, Group::completed).tag("name", name)
                    .description("The approximate total number of tasks that have completed execution")
                    .baseUnit(BaseUnits.TASKS).register(meters);
            FunctionCounter.builder("tweebyte.executor.rejected", rejected, LongAdder::sum).tag("name", name)
                    .description("Tasks the scheduler refused (its queues full)").register(meters);
            Gauge.builder("tweebyte.executor.utilization", this, Group::utilization).tag("name", name)
                    .description("Active threads / maximum threads").register(meters);
        }
    }
}
