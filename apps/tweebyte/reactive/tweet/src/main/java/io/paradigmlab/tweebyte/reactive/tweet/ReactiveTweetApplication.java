package io.paradigmlab.tweebyte.reactive.tweet;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.paradigmlab.tweebyte.reactive.common.BlockHoundSupport;
import io.paradigmlab.tweebyte.reactive.common.ClientProperties;
import io.paradigmlab.tweebyte.reactive.common.CommonConfiguration;
import io.paradigmlab.tweebyte.reactive.common.Downstream;
import io.paradigmlab.tweebyte.reactive.common.RedisClientOptions;
import io.paradigmlab.tweebyte.reactive.common.ServiceUrls;
import io.paradigmlab.tweebyte.resilience.TweebyteResilience;
import java.util.List;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.ReactiveTransactionManager;
import reactor.core.scheduler.Scheduler;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tweet service on Spring WebFlux, Reactor, R2DBC, Reactor Netty's WebClient and Lettuce: requests run on a few
 * event-loop threads that never block; id generation moves to the {@code cpu} scheduler.
 */
@SpringBootApplication
@Import(CommonConfiguration.class)
public class ReactiveTweetApplication {

    /** With {@code -Dtweebyte.blockhound=true} a blocking call on a non-blocking thread fails its request. */
    public static void main(String[] args) {
        BlockHoundSupport.installIfRequested();
        SpringApplication.run(ReactiveTweetApplication.class, args);
    }

    @Bean
    R2dbcTweetStore tweetStore(DatabaseClient db) {
        return new R2dbcTweetStore(db);
    }

    @Bean(destroyMethod = "dispose")
    Downstream downstream(ClientProperties client, JsonMapper json) {
        return new Downstream(client, json, List.of(TweetService.USERS.getType(), TweetService.SUMMARIES.getType(),
                TweetService.REPLIES.getType(), TweetService.IDS.getType()));
    }

    /** The feed's breaker around the interaction service: one per process, the settings of every variant. */
    @Bean
    CircuitBreaker interactionBreaker() {
        return TweebyteResilience.interactionBreaker();
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
    TweetService tweetService(R2dbcTweetStore store, ReactiveTransactionManager transactions, Downstream downstream,
                              ServiceUrls urls, ReactiveStringRedisTemplate redis, JsonMapper json,
                              CircuitBreaker interactionBreaker, Scheduler cpuScheduler) {
        return new TweetService(store, transactions, downstream, urls, redis, json, interactionBreaker, cpuScheduler);
    }
}
