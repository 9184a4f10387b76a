package io.paradigmlab.lab.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.paradigmlab.lab.results.LevelMeasurement.Pool;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Pools read from Prometheus text, summed by name, over processes, and turned into a window's numbers. */
class PoolMetricsTest {

    /** A servlet variant: a ThreadPoolExecutor "cpu", a "db" pool, a rejected counter, and unrelated series. */
    static final String ASYNC = """
            # HELP executor_active_threads The approximate number of threads that are actively executing tasks
            # TYPE executor_active_threads gauge
            executor_active_threads{application="tweet",name="cpu"} 2.0
            executor_active_threads{application="tweet",name="db"} 5.0
            # TYPE executor_pool_max_threads gauge
            executor_pool_max_threads{application="tweet",name="cpu"} 2.0
            executor_pool_max_threads{application="tweet",name="db"} 20.0
            executor_pool_size_threads{application="tweet",name="cpu"} 2.0
            executor_queued_tasks{application="tweet",name="cpu"} 7.0
            executor_queue_remaining_tasks{application="tweet",name="cpu"} 993.0
            executor_completed_tasks_total{application="tweet",name="cpu"} 1000.0
            tweebyte_executor_rejected_total{name="cpu"} 3.0
            tweebyte_executor_utilization{name="cpu"} 1.0
            jvm_threads_live_threads 42.0
            http_server_requests_seconds_count{method="GET",uri="/media/filter",status="200"} 12.0
            """;

    /** Reactor's parallel scheduler reported per worker: the same name, told apart by another tag. */
    static final String REACTIVE = """
            executor_active_threads{name="cpu",reactor_scheduler_id="parallel(2)",worker="0"} 1.0
            executor_active_threads{name="cpu",reactor_scheduler_id="parallel(2)",worker="1"} 0.0
            executor_pool_max_threads{name="cpu",reactor_scheduler_id="parallel(2)",worker="0"} 1.0
            executor_pool_max_threads{name="cpu",reactor_scheduler_id="parallel(2)",worker="1"} 1.0
            executor_queued_tasks{name="cpu",reactor_scheduler_id="parallel(2)",worker="0"} 4.0
            executor_queued_tasks{name="cpu",reactor_scheduler_id="parallel(2)",worker="1"} 2.0
            executor_completed_tasks_total{name="cpu",reactor_scheduler_id="parallel(2)",worker="0"} 10.0
            executor_completed_tasks_total{name="cpu",reactor_scheduler_id="parallel(2)",worker="1"} 11.0
            executor_active_threads{name="forkjoin"} 3.0
            executor_parallelism{name="forkjoin"} 8.0
            """;

    /** The virtual variant: the JDK scheduler's gauges and the JFR counters, with no name tag. */
    static final String VIRTUAL = """
            tweebyte_virtual_scheduler_parallelism 2.0
            tweebyte_virtual_scheduler_pool_size 3.0
            tweebyte_virtual_scheduler_mounted 2.0
            tweebyte_virtual_scheduler_queued 9.0
            tweebyte_virtual_threads_started_total 5000.0
            tweebyte_virtual_threads_pinned_total 1.0
            executor_active_threads{name="jobs \\"workers\\", 4"} 4.0
            """;

    @Test
    void readsEveryExecutorByNameAndIgnoresTheRest() {
        Map<String, PoolMetrics.Gauges> pools = PoolMetrics.parse(ASYNC);
        assertThat(pools).containsOnlyKeys("cpu", "db");
        PoolMetrics.Gauges cpu = pools.get("cpu");
        assertThat(cpu).isEqualTo(new PoolMetrics.Gauges(2, 2, 2, 7, 993, 1000, 3, Double.NaN, Double.NaN));
        assertThat(pools.get("db").active()).isEqualTo(5);
        assertThat(pools.get("db").max()).isEqualTo(20);
        assertThat(pools.get("db").rejected()).isNaN();
    }

    @Test
    void addsUpTheWorkersOfOneSchedulerAndTakesAForkJoinPoolsParallelismAsItsMax() {
        Map<String, PoolMetrics.Gauges> pools = PoolMetrics.parse(REACTIVE);
        assertThat(pools.get("cpu").active()).isEqualTo(1);
        assertThat(pools.get("cpu").max()).isEqualTo(2);
        assertThat(pools.get("cpu").queued()).isEqualTo(6);
        assertThat(pools.get("cpu").completed()).isEqualTo(21);
        assertThat(pools.get("forkjoin").max()).isEqualTo(8);
    }

    @Test
    void theVirtualSchedulerIsOnePoolAndLabelValuesMayHoldQuotesAndCommas() {
        Map<String, PoolMetrics.Gauges> pools = PoolMetrics.parse(VIRTUAL);
        assertThat(pools.get(PoolMetrics.VIRTUAL)).isEqualTo(
                new PoolMetrics.Gauges(2, 2, 3, 9, Double.NaN, Double.NaN, Double.NaN, 5000, 1));
        assertThat(pools.get("jobs \"workers\", 4").active()).isEqualTo(4);
    }

    @Test
    void processesAddUpByName() {
        Map<String, PoolMetrics.Gauges> sum = PoolMetrics.sum(List.of(PoolMetrics.parse(ASYNC),
                PoolMetrics.parse(ASYNC.replace("name=\"cpu\"", "name=\"stream\"")), PoolMetrics.parse(ASYNC)));
        assertThat(sum.get("cpu").active()).isEqualTo(4);
        assertThat(sum.get("db").max()).isEqualTo(60);
        assertThat(sum.get("stream").queued()).isEqualTo(7);
        assertThat(PoolMetrics.parse("no pools here 1\n")).isEmpty();
    }

    @Test
    void aWindowAveragesGaugesAndDifferencesCounters() {
        // one sample per second: t=0 at the window's start (the counters' baseline), then t=1..3 inside [0, 3000]
        List<ResourceSampler.Sample> samples = List.of(
                sample(0, gauges(0, 2, 0, 100, 0, Double.NaN)),
                sample(1000, gauges(1, 2, 1, 110, 0, Double.NaN)),
                sample(2000, gauges(2, 2, 3, 150, 1, 10)),
                sample(3000, gauges(1, 2, 5, 200, 4, 12)));
        List<Pool> pools = ResourceSampler.pools(samples, 0, 3000);
        assertThat(pools).hasSize(1);
        Pool cpu = pools.getFirst();
        assertThat(cpu.name()).isEqualTo("cpu");
        assertThat(cpu.activeThreads()).isCloseTo(4 / 3.0, within(1e-9));
        assertThat(cpu.maxThreads()).isEqualTo(2);
        assertThat(cpu.utilization()).isCloseTo(2 / 3.0, within(1e-9));
        assertThat(cpu.queuedTasks()).isCloseTo(3, within(1e-9));
        assertThat(cpu.completedPerSecond()).isCloseTo(100 / 3.0, within(1e-9));  // 200 - 100 over 3 s
        assertThat(cpu.rejected()).isEqualTo(4);
        assertThat(cpu.pinned()).as("a counter registered inside the window counts from zero").isEqualTo(12);
    }

    @Test
    void aCounterThatWentDownOrHasNoSampleBeforeTheWindowGivesNoNumber() {
        List<ResourceSampler.Sample> restarted = List.of(
                sample(0, gauges(0, 2, 0, 100, 5, Double.NaN)),
                sample(2000, gauges(1, 2, 0, 10, 0, Double.NaN)));
        Pool pool = ResourceSampler.pools(restarted, 0, 2000).getFirst();
        assertThat(pool.completedPerSecond()).isNaN();
        assertThat(pool.rejected()).isNaN();

        List<ResourceSampler.Sample> late = List.of(sample(2000, gauges(1, 2, 0, 100, 5, Double.NaN)));
        assertThat(ResourceSampler.pools(late, 0, 2000).getFirst().rejected()).isNaN();
        assertThat(ResourceSampler.pools(List.of(), 0, 2000)).isEmpty();
    }

    private static PoolMetrics.Gauges gauges(double active, double max, double queued, double completed,
                                             double rejected, double pinned) {
        return new PoolMetrics.Gauges(active, max, max, queued, Double.NaN, completed, rejected, Double.NaN, pinned);
    }

    private static ResourceSampler.Sample sample(long millis, PoolMetrics.Gauges cpu) {
        return new ResourceSampler.Sample(millis, 0, 0, 0, 0, 0, 0, Double.NaN, Map.of("cpu", cpu));
    }
}
