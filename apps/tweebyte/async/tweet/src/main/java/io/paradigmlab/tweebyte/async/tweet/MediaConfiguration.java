package io.paradigmlab.tweebyte.async.tweet;

import io.micrometer.core.instrument.binder.MeterBinder;
import io.paradigmlab.tweebyte.async.common.BoundedExecutors;
import io.paradigmlab.tweebyte.async.common.Db;
import io.paradigmlab.tweebyte.async.common.Downstream;
import io.paradigmlab.tweebyte.jdbc.MediaJobsConfiguration;
import io.paradigmlab.tweebyte.jdbc.MediaJobWorkers;
import io.paradigmlab.tweebyte.web.mvc.media.ExecutorMetrics;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The tweet service's media workloads in the async variant (docs/adr/0010-media-workloads.md): the image pipeline on
 * the {@code cpu} executor (one platform thread per core over a queue of {@code tweebyte.media.cpu-queue}; a full queue
 * answers 503), the job workers on the {@code jobs} executor ({@code tweebyte.media.jobs.workers} platform threads),
 * the events streams' polling timer {@code events}; every pool, and the existing {@code db} and {@code client}, on
 * {@code /actuator/prometheus}.
 */
@Configuration(proxyBeanMethods = false)
@Import(MediaJobsConfiguration.class)
class MediaConfiguration {

    @Bean(destroyMethod = "shutdown")
    @Qualifier("cpu")
    ThreadPoolExecutor mediaCpuExecutor(@Value("${tweebyte.media.cpu-threads:0}") int threads,
                                        @Value("${tweebyte.media.cpu-queue:1000}") int queue) {
        int size = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
        if (queue < 1) {
            throw new IllegalArgumentException("tweebyte.media.cpu-queue must be at least 1, was " + queue);
        }
        return BoundedExecutors.fixed(size, queue, "cpu-");
    }

    /** One daemon thread that only times the events streams' polls; each FIND runs on the db executor. */
    @Bean(destroyMethod = "shutdownNow")
    @Qualifier("events")
    ScheduledThreadPoolExecutor mediaEventsTimer() {
        // not Executors.newSingleThreadScheduledExecutor: its wrapper hides the pool from ExecutorServiceMetrics
        var timer = new ScheduledThreadPoolExecutor(1, Thread.ofPlatform().name("events-", 0).daemon(true).factory());
        timer.setMaximumPoolSize(1); // it never grows anyway; the metrics' maximum and utilization then say so
        return timer;
    }

    /**
     * The workers' platform threads; their loops run inside, so they start only once the application is ready. No
     * destroy method of its own: {@link MediaJobWorkers#close()} interrupts the loops (an inferred {@code close()}
     * would wait for them forever).
     */
    @Bean(destroyMethod = "")
    @Qualifier("jobs")
    ThreadPoolExecutor mediaJobsExecutor(MediaJobWorkers workers) {
        return BoundedExecutors.fixed(workers.workers(), workers.workers(), "jobs-");
    }

    @Bean
    ApplicationListener<ApplicationReadyEvent> mediaJobWorkersStart(MediaJobWorkers workers,
                                                                   @Qualifier("jobs") ThreadPoolExecutor jobs) {
        return event -> workers.start(jobs);
    }

    @Bean
    MeterBinder mediaPoolMetrics(@Qualifier("cpu") ThreadPoolExecutor cpu, @Qualifier("jobs") ThreadPoolExecutor jobs,
                                 @Qualifier("events") ScheduledThreadPoolExecutor events, MediaJobWorkers workers,
                                 Db db, Downstream downstream) {
        return registry -> {
            ExecutorMetrics.bind(registry, cpu, "cpu");
            // a worker's thread is active while it waits for work too: utilization is the workers running a job
            ExecutorMetrics.bind(registry, jobs, "jobs", () -> (double) workers.busy() / workers.workers());
            ExecutorMetrics.bind(registry, events, "events");
            ExecutorMetrics.bind(registry, db.executor(), "db");
            ExecutorMetrics.bind(registry, downstream.executor(), "client");
        };
    }
}
