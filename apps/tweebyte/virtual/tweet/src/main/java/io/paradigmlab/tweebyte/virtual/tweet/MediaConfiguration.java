package io.paradigmlab.tweebyte.virtual.tweet;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.paradigmlab.tweebyte.jdbc.MediaJobsConfiguration;
import io.paradigmlab.tweebyte.jdbc.MediaJobWorkers;
import io.paradigmlab.tweebyte.web.mvc.media.ExecutorMetrics;
import java.util.concurrent.Executors;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * The tweet service's media workloads in the virtual variant (docs/adr/0010-media-workloads.md): the image pipeline
 * on the request's virtual thread behind {@link CpuGate}; the job workers, {@code tweebyte.media.jobs.workers} virtual
 * threads, started once the application is ready and interrupted when it closes. No pool to register: the gate and
 * the workers report Micrometer's executor gauges (running, maximum, waiting), {@code tweebyte_executor_utilization}
 * and {@code _rejected_total} under {@code cpu} and {@code jobs}, like the other variants' pools.
 */
@Configuration(proxyBeanMethods = false)
@Import(MediaJobsConfiguration.class)
class MediaConfiguration {

    @Bean
    CpuGate cpuGate(MeterRegistry registry, @Value("${tweebyte.media.cpu-threads:0}") int threads,
                    @Value("${tweebyte.media.cpu-queue:1000}") int queue) {
        int size = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
        return new CpuGate(size, queue, ExecutorMetrics.rejected(registry, "cpu"));
    }

    @Bean
    ApplicationListener<ApplicationReadyEvent> mediaJobWorkersStart(MediaJobWorkers workers) {
        return event -> workers.start(Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("job-", 0).factory()));
    }

    @Bean
    MeterBinder mediaPoolMetrics(CpuGate cpu, MediaJobWorkers workers) {
        return registry -> {
            ExecutorMetrics.utilization(registry, "cpu", cpu, CpuGate::utilization);
            ExecutorMetrics.gauges(registry, "cpu", cpu, CpuGate::running, CpuGate::threads, CpuGate::waiting);
            ExecutorMetrics.utilization(registry, "jobs", workers, w -> (double) w.busy() / w.workers());
            // the workers are loops that wait for jobs, not a pool with a queue: the job queue is the table
            ExecutorMetrics.gauges(registry, "jobs", workers, MediaJobWorkers::busy, MediaJobWorkers::workers,
                    w -> 0);
        };
    }
}
