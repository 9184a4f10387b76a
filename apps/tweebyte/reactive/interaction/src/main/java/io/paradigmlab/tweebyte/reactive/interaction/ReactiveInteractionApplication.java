package io.paradigmlab.tweebyte.reactive.interaction;

import io.paradigmlab.common.blockhound.BlockHoundInstaller;
import io.paradigmlab.common.web.flux.NettyLoops;
import io.paradigmlab.tweebyte.reactive.common.ClientProperties;
import io.paradigmlab.tweebyte.reactive.common.CommonConfiguration;
import io.paradigmlab.tweebyte.reactive.common.Downstream;
import io.paradigmlab.tweebyte.reactive.common.RedisClientOptions;
import io.paradigmlab.tweebyte.reactive.common.SchedulerMetrics;
import io.paradigmlab.tweebyte.reactive.common.ServiceUrls;
import java.util.List;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.ReactiveTransactionManager;
import reactor.core.scheduler.Scheduler;
import tools.jackson.databind.json.JsonMapper;

/**
 * Interaction service on Spring WebFlux, Reactor, R2DBC, Reactor Netty's WebClient and Lettuce: requests run on a
 * few event-loop threads that never block; id generation moves to the {@code cpu} scheduler; the cleanup job ticks
 * on a scheduler of its own.
 */
@SpringBootApplication
@Import(CommonConfiguration.class)
@EnableConfigurationProperties(CleanupProperties.class)
public class ReactiveInteractionApplication {

    /** With {@code -Dtweebyte.blockhound=true} a blocking call on a non-blocking thread fails its request. */
    public static void main(String[] args) {
        NettyLoops.onePerCore();
        BlockHoundInstaller.installIfRequested("tweebyte.blockhound");
        // before any scheduler exists: it sees every executor Reactor creates from now on (pool metrics)
        SchedulerMetrics.install();
        SpringApplication.run(ReactiveInteractionApplication.class, args);
    }

    @Bean
    R2dbcInteractionStore interactionStore(DatabaseClient db) {
        return new R2dbcInteractionStore(db);
    }

    @Bean(destroyMethod = "dispose")
    Downstream downstream(ClientProperties client, JsonMapper json) {
        return new Downstream(client, json, List.of(InteractionService.USERS.getType(),
                InteractionService.USER.getType(), InteractionService.TWEET.getType(),
                InteractionService.HASHTAGS.getType(), CleanupJob.DELETIONS.getType()));
    }

    @Bean
    LettuceClientConfigurationBuilderCustomizer redisFailFast() {
        return RedisClientOptions.failFast();
    }

    @Bean
    org.springframework.boot.ApplicationRunner redisSharedConnection(
            org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory factory) {
        return RedisClientOptions.openSharedConnection(factory);
    }

    @Bean
    FollowCache followCache(ReactiveStringRedisTemplate redis) {
        return new FollowCache(redis);
    }

    @Bean
    InteractionService interactionService(R2dbcInteractionStore store, ReactiveTransactionManager transactions,
                                          Downstream downstream, ServiceUrls urls, FollowCache cache, JsonMapper json,
                                          Scheduler cpuScheduler) {
        return new InteractionService(store, transactions, downstream, urls, cache, json, cpuScheduler);
    }

    @Bean
    CleanupJob cleanupJob(R2dbcInteractionStore store, ReactiveTransactionManager transactions, Downstream downstream,
                          ServiceUrls urls, CleanupProperties properties) {
        return new CleanupJob(store, transactions, downstream, urls, properties);
    }
}
