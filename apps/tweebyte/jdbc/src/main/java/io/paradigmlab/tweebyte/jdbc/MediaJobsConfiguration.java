package io.paradigmlab.tweebyte.jdbc;

import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The background media jobs of both servlet variants' tweet services (docs/adr/0010-media-workloads.md): the store,
 * the request side and the workers, from {@code tweebyte.media.jobs.*}. Each variant imports it and decides only
 * where the workers' loops run (platform threads in async, virtual threads in virtual) and when they start.
 */
@Configuration(proxyBeanMethods = false)
public class MediaJobsConfiguration {

    /** An idle worker looks at the table this often even without a submit in this process (another one's, say). */
    public static final Duration IDLE_POLL = Duration.ofSeconds(1);

    @Bean
    JdbcMediaJobStore mediaJobStore(JdbcClient jdbc) {
        return new JdbcMediaJobStore(jdbc);
    }

    @Bean
    BlockingMediaJobs mediaJobs(JdbcMediaJobStore store,
                                @Value("${tweebyte.media.jobs.queue-capacity:100}") int queueCapacity) {
        return new BlockingMediaJobs(store, queueCapacity);
    }

    /** Stopped (workers interrupted, their jobs left RUNNING) when the application closes. */
    @Bean(destroyMethod = "close")
    MediaJobWorkers mediaJobWorkers(JdbcMediaJobStore store, @Value("${tweebyte.media.jobs.workers:4}") int workers,
                                    @Value("${tweebyte.media.jobs.timeout:60s}") Duration timeout) {
        return new MediaJobWorkers(store, workers, timeout, IDLE_POLL);
    }
}
