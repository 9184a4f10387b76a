package io.paradigmlab.tweebyte.async.tweet;

import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.paradigmlab.tweebyte.async.common.Db;
import io.paradigmlab.tweebyte.async.common.Downstream;
import io.paradigmlab.tweebyte.web.mvc.RedisSettings;
import io.paradigmlab.tweebyte.jdbc.JdbcTransactionTemplate;
import io.paradigmlab.tweebyte.jdbc.JdbcTweetStore;
import io.paradigmlab.tweebyte.resilience.TweebyteResilience;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import tools.jackson.databind.json.JsonMapper;

/**
 * Tweet service in the style of seed 000's asynchronous Tweebyte: controllers return CompletableFuture; JDBC,
 * transactions and Redis run on the "db" executor (pool-size threads); other services are called with
 * java.net.http's sendAsync on the client's own executor. Never the common pool.
 */
@SpringBootApplication
@Import(RedisSettings.class)
public class AsyncTweetApplication {

    public static void main(String[] args) {
        SpringApplication.run(AsyncTweetApplication.class, args);
    }

    @Bean(destroyMethod = "close")
    Db db(PlatformTransactionManager transactions, @Value("${tweebyte.async.db-threads:0}") int dbThreads,
          @Value("${tweebyte.db.pool-size}") int poolSize) {
        return new Db(dbThreads > 0 ? dbThreads : poolSize, new JdbcTransactionTemplate(transactions));
    }

    @Bean
    JdbcTweetStore tweetStore(JdbcClient jdbc) {
        return new JdbcTweetStore(jdbc);
    }

    /** The feed's breaker around the interaction service: one per process, the settings of every variant. */
    @Bean
    CircuitBreaker interactionBreaker() {
        return TweebyteResilience.interactionBreaker();
    }

    /** Calls to the user and interaction services; the client's executor is sized like the CPU. */
    @Bean(destroyMethod = "close")
    Downstream downstream(JsonMapper json, @Value("${tweebyte.client.connect-timeout:1s}") Duration connectTimeout,
                          @Value("${tweebyte.client.response-timeout:3s}") Duration responseTimeout) {
        return new Downstream(json, connectTimeout, responseTimeout, Runtime.getRuntime().availableProcessors());
    }

    @Bean
    OtherServices otherServices(Downstream downstream,
                                @Value("${tweebyte.services.user-url:http://localhost:9091}") String userUrl,
                                @Value("${tweebyte.services.interaction-url:http://localhost:9093}") String interactionUrl) {
        return new OtherServices(downstream, userUrl, interactionUrl);
    }
}
