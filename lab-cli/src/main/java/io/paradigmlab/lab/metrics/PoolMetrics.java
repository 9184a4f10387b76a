package io.paradigmlab.lab.metrics;

import java.util.Map;
import java.util.TreeMap;

/**
 * A service's pools (executors and schedulers) as it reports them on its Prometheus endpoint, whatever the
 * application: the lab knows metric names, not applications (docs/methodology.md, "Pools").
 *
 * <p>What is read, per value of the {@code name} tag:
 * <ul>
 *   <li>Micrometer's executor metrics: {@code executor_active_threads}, {@code executor_pool_max_threads} (or, for a
 *       ForkJoinPool, which has no maximum, {@code executor_parallelism}), {@code executor_pool_size_threads},
 *       {@code executor_queued_tasks}, {@code executor_queue_remaining_tasks}, {@code executor_completed_tasks_total};</li>
 *   <li>any {@code *_executor_rejected_total}: tasks the pool refused (an application's own counter, e.g.
 *       {@code tweebyte_executor_rejected_total}).</li>
 * </ul>
 * and the JDK's virtual thread scheduler as one pool named {@value #VIRTUAL}: {@code *_virtual_scheduler_mounted}
 * (active), {@code *_virtual_scheduler_parallelism} (max), {@code *_virtual_scheduler_pool_size},
 * {@code *_virtual_scheduler_queued}, and the counters {@code *_virtual_threads_started_total},
 * {@code *_virtual_threads_pinned_total}. Several series of one name (Reactor's parallel scheduler reports one per
 * worker, tagged apart by other labels) are added up: their active threads, queues and maxima alike.
 */
public final class PoolMetrics {

    /** The pool under which the virtual thread scheduler's numbers are reported. */
    public static final String VIRTUAL = "virtual-scheduler";

    /**
     * One pool at one instant, summed over its series (and, in {@link ResourceSampler}, over the variant's service
     * processes); NaN where nothing was reported. Counters are cumulative since the process started.
     *
     * @param active         threads running a task (virtual scheduler: carriers with a virtual thread mounted)
     * @param max            the most threads the pool may have (virtual scheduler: its parallelism)
     * @param size           threads it has now
     * @param queued         tasks waiting for a thread
     * @param queueRemaining how many more tasks its queue accepts (Integer.MAX_VALUE-like for unbounded queues)
     * @param completed      tasks completed (counter)
     * @param rejected       tasks refused (counter)
     * @param started        virtual threads started (counter)
     * @param pinned         virtual thread pinned events (counter)
     */
    public record Gauges(double active, double max, double size, double queued, double queueRemaining,
                         double completed, double rejected, double started, double pinned) {

        static final Gauges NONE = new Gauges(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN, Double.NaN);

        /** Field by field, a NaN on one side taking the other's value. */
        public Gauges plus(Gauges o) {
            return new Gauges(sum(active, o.active), sum(max, o.max), sum(size, o.size), sum(queued, o.queued),
                    sum(queueRemaining, o.queueRemaining), sum(completed, o.completed), sum(rejected, o.rejected),
                    sum(started, o.started), sum(pinned, o.pinned));
        }
    }

    private PoolMetrics() {
    }

    /** The pools in one exposition, by name (sorted). Empty when the service reports none. */
    public static Map<String, Gauges> parse(String exposition) {
        Map<String, Gauges> pools = new TreeMap<>();
        // ForkJoinPools report a parallelism and no maximum: used as the maximum only where no maximum came
        Map<String, Double> parallelism = new TreeMap<>();
        for (PrometheusText.Series s : PrometheusText.parse(exposition)) {
            String metric = s.name();
            String name = s.label("name");
            double v = s.value();
            if (metric.endsWith("_virtual_threads_started_total")) {
                add(pools, VIRTUAL, field(Field.STARTED, v));
            } else if (metric.endsWith("_virtual_threads_pinned_total")) {
                add(pools, VIRTUAL, field(Field.PINNED, v));
            } else if (metric.endsWith("_virtual_scheduler_mounted")) {
                add(pools, VIRTUAL, field(Field.ACTIVE, v));
            } else if (metric.endsWith("_virtual_scheduler_parallelism")) {
                add(pools, VIRTUAL, field(Field.MAX, v));
            } else if (metric.endsWith("_virtual_scheduler_pool_size")) {
                add(pools, VIRTUAL, field(Field.SIZE, v));
            } else if (metric.endsWith("_virtual_scheduler_queued")) {
                add(pools, VIRTUAL, field(Field.QUEUED, v));
            } else if (name == null) {
                continue;
            } else if (metric.equals("executor_active_threads")) {
                add(pools, name, field(Field.ACTIVE, v));
            } else if (metric.equals("executor_pool_max_threads")) {
                add(pools, name, field(Field.MAX, v));
            } else if (metric.equals("executor_parallelism")) {
                parallelism.merge(name, v, Double::sum);
            } else if (metric.equals("executor_pool_size_threads")) {
                add(pools, name, field(Field.SIZE, v));
            } else if (metric.equals("executor_queued_tasks")) {
                add(pools, name, field(Field.QUEUED, v));
            } else if (metric.equals("executor_queue_remaining_tasks")) {
                add(pools, name, field(Field.QUEUE_REMAINING, v));
            } else if (metric.equals("executor_completed_tasks_total")) {
                add(pools, name, field(Field.COMPLETED, v));
            } else if (metric.endsWith("_executor_rejected_total")) {
                add(pools, name, field(Field.REJECTED, v));
            }
        }
        parallelism.forEach((name, p) -> {
            Gauges g = pools.getOrDefault(name, Gauges.NONE);
            if (Double.isNaN(g.max())) {
                pools.put(name, g.plus(field(Field.MAX, p)));
            }
        });
        return pools;
    }

    /** The pools of several processes (or readings) added up by name. */
    public static Map<String, Gauges> sum(Iterable<Map<String, Gauges>> all) {
        Map<String, Gauges> total = new TreeMap<>();
        for (Map<String, Gauges> one : all) {
            one.forEach((name, g) -> total.merge(name, g, Gauges::plus));
        }
        return total;
    }

    private enum Field { ACTIVE, MAX, SIZE, QUEUED, QUEUE_REMAINING, COMPLETED, REJECTED, STARTED, PINNED }

    private static Gauges field(Field field, double v) {
        double n = Double.NaN;
        return new Gauges(field == Field.ACTIVE ? v : n, field == Field.MAX ? v : n, field == Field.SIZE ? v : n,
                field == Field.QUEUED ? v : n, field == Field.QUEUE_REMAINING ? v : n,
                field == Field.COMPLETED ? v : n, field == Field.REJECTED ? v : n, field == Field.STARTED ? v : n,
                field == Field.PINNED ? v : n);
    }

    private static void add(Map<String, Gauges> pools, String name, Gauges g) {
        pools.merge(name, g, Gauges::plus);
    }

    private static double sum(double a, double b) {
        return Double.isNaN(a) ? b : Double.isNaN(b) ? a : a + b;
    }
}
