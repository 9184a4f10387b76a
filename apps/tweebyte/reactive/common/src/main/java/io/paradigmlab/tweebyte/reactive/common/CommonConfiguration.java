package io.paradigmlab.tweebyte.reactive.common;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/** What every reactive service imports: its settings, the {@code cpu} scheduler and the schedulers' metrics. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ReactiveProperties.class, ClientProperties.class, ServiceUrls.class,
        MediaProperties.class})
public class CommonConfiguration {

    /**
     * Where BCrypt, token signing and id generation run, off the event loop: {@code tweebyte.reactive.cpu-threads}
     * threads (see {@link ReactiveProperties}). Bounded elastic rather than parallel because their
     * SecureRandom may read /dev/urandom, a blocking call that BlockHound rejects on the non-blocking threads
     * of {@code Schedulers.parallel()}.
     */
    @Bean(destroyMethod = "dispose")
    Scheduler cpuScheduler(ReactiveProperties properties) {
        return Schedulers.newBoundedElastic(properties.cpuThreadsOrDefault(), 100_000, "cpu");
    }

    /** Every scheduler's pool metrics, once {@link SchedulerMetrics#install()} ran in {@code main()}. */
    @Bean
    SchedulerMetrics schedulerMetrics() {
        return new SchedulerMetrics();
    }
}
