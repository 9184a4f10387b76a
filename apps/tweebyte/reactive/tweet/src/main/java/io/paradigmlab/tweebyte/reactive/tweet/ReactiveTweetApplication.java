package io.paradigmlab.tweebyte.reactive.tweet;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.paradigmlab.common.blockhound.BlockHoundInstaller;
import io.paradigmlab.common.web.flux.NettyLoops;
import io.paradigmlab.tweebyte.reactive.common.ClientProperties;
import io.paradigmlab.tweebyte.reactive.common.CommonConfiguration;
import io.paradigmlab.tweebyte.reactive.common.Downstream;
import io.paradigmlab.tweebyte.reactive.common.MediaProperties;
import io.paradigmlab.tweebyte.reactive.common.RedisClientOptions;
import io.paradigmlab.tweebyte.reactive.common.SchedulerMetrics;
import io.paradigmlab.tweebyte.reactive.common.ServiceUrls;
import io.paradigmlab.tweebyte.resilience.TweebyteResilience;
import java.util.List;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.boot.data.redis.autoconfigure.LettuceClientConfigurationBuilderCustomizer;
import org.springframework.context.ApplicationListener;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.data.redis.core.ReactiveStringRedisTemplate;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.transaction.ReactiveTransactionManager;
import reactor.core.scheduler.Scheduler;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tweet service on Spring WebFlux, Reactor, R2DBC, Reactor Netty's WebClient and Lettuce: requests run on a few
 * event-loop threads that never block; id generation moves to the {@code cpu} scheduler, the image pipeline to
 * {@code parallel}, the media jobs' blocking steps to {@code jobs} ({@link MediaJobWorkers}).
 */
@SpringBootApplication
@Import(CommonConfiguration.class)
public class ReactiveTweetApplication {

    /** With {@code -Dtweebyte.blockhound=true} a blocking call on a non-blocking thread fails its request. */
    public static void main(String[] args) {
        NettyLoops.onePerCore();
        BlockHoundInstaller.installIfRequested("tweebyte.blockhound");
        // before any scheduler exists: it sees every executor Reactor creates from now on (pool metrics)
        SchedulerMetrics.install();
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
    R2dbcMediaJobStore mediaJobStore(DatabaseClient db) {
        return new R2dbcMediaJobStore(db);
    }

    /** Started when the application is ready, stopped (jobs under way stay RUNNING) on shutdown. */
    @Bean(destroyMethod = "stop")
    MediaJobWorkers mediaJobWorkers(R2dbcMediaJobStore store, MediaProperties media) {
        return new MediaJobWorkers(store, media.jobsOrDefault().workersOrDefault(),
                media.jobsOrDefault().timeoutOrDefault());
    }

    @Bean
    ApplicationListener<ApplicationReadyEvent> mediaJobWorkersStart(MediaJobWorkers workers) {
        return ready -> workers.start();
    }

    @Bean
    MediaJobService mediaJobService(R2dbcMediaJobStore store, MediaJobWorkers workers, JsonMapper json,
                                    Scheduler cpuScheduler, MediaProperties media) {
        return new MediaJobService(store, workers, json, cpuScheduler, media.jobsOrDefault().queueCapacityOrDefault(),
                media.jobsOrDefault().pollIntervalOrDefault());
    }

    @Bean(destroyMethod = "dispose")
    ImageFilter imageFilter(MediaProperties media) {
        return new ImageFilter(media.cpuThreadsOrDefault(), media.cpuQueueOrDefault());
    }

    @Bean
    TweetService tweetService(R2dbcTweetStore store, ReactiveTransactionManager transactions, Downstream downstream,
                              ServiceUrls urls, ReactiveStringRedisTemplate redis, JsonMapper json,
                              CircuitBreaker interactionBreaker, Scheduler cpuScheduler) {
        return new TweetService(store, transactions, downstream, urls, redis, json, interactionBreaker, cpuScheduler);
    }
}
