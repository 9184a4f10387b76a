package io.paradigmlab.tweebyte.reactive.common;

import io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.r2dbc.autoconfigure.ConnectionFactoryOptionsBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import reactor.netty.http.HttpResources;

/**
 * What every reactive service imports: its settings, the {@code cpu} scheduler, the database driver's event loops and
 * the schedulers' metrics.
 */
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

    /**
     * The PostgreSQL driver on the HTTP server's event loops ({@link HttpResources}, one per core with
     * {@code NettyLoops.onePerCore()} in {@code main}) rather than a second group of its own: otherwise a 2-core
     * machine runs twice as many loop threads as cores, and every answer crosses from a database loop to a server
     * loop. The same SQL and round trips; ADR 0004.
     */
    @Bean
    ConnectionFactoryOptionsBuilderCustomizer r2dbcOnServerLoops() {
        return options -> options.option(PostgresqlConnectionFactoryProvider.LOOP_RESOURCES, HttpResources.get());
    }

    /** Every scheduler's pool metrics, once {@link SchedulerMetrics#install()} ran in {@code main()}. */
    @Bean
    SchedulerMetrics schedulerMetrics() {
        return new SchedulerMetrics();
    }
}
