package io.paradigmlab.tweebyte.reactive.user;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.blockhound.BlockHound;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * User service on Spring WebFlux, Reactor and R2DBC: requests run on a few event-loop threads that
 * never block; CPU-heavy work (BCrypt, token signing) moves to the {@link #cpuScheduler} threads.
 */
@SpringBootApplication
@EnableConfigurationProperties(ReactiveProperties.class)
public class ReactiveUserApplication {

    private static final Logger log = LoggerFactory.getLogger(ReactiveUserApplication.class);

    /** With {@code -Dtweebyte.blockhound=true} a blocking call on a non-blocking thread fails its request. */
    public static void main(String[] args) {
        if (Boolean.getBoolean("tweebyte.blockhound")) {
            // The one allowance: r2dbc-postgresql's SCRAM login draws a nonce from SecureRandom (a read of
            // /dev/urandom) on the driver's event loop. It happens once per new pool connection, not per query,
            // and the driver offers no way to move it.
            BlockHound.install(builder -> builder.allowBlockingCallsInside(
                    "com.ongres.scram.common.ScramFunctions", "nonce"));
            log.info("BlockHound installed: a blocking call on a non-blocking thread fails its request");
        }
        SpringApplication.run(ReactiveUserApplication.class, args);
    }

    @Bean
    R2dbcUserStore userStore(DatabaseClient db) {
        return new R2dbcUserStore(db);
    }

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
}
