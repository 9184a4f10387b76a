package io.paradigmlab.tweebyte.async.user;

import io.paradigmlab.tweebyte.async.common.BoundedExecutors;
import io.paradigmlab.tweebyte.async.common.Downstream;
import io.paradigmlab.tweebyte.jdbc.JdbcUserStore;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * User service in the style of seed 000's asynchronous Tweebyte: controllers return CompletableFuture, blocking
 * JDBC runs on a sized executor, CPU work on another. Never the common pool.
 */
@SpringBootApplication
@EnableConfigurationProperties(AsyncProperties.class)
public class AsyncUserApplication {

    public static void main(String[] args) {
        SpringApplication.run(AsyncUserApplication.class, args);
    }

    @Bean(destroyMethod = "shutdown")
    @Qualifier("db")
    ExecutorService dbExecutor(AsyncProperties properties, @Value("${tweebyte.db.pool-size}") int poolSize) {
        int threads = properties.dbThreads() > 0 ? properties.dbThreads() : poolSize;
        return BoundedExecutors.fixed(threads, "db-");
    }

    @Bean(destroyMethod = "shutdown")
    @Qualifier("cpu")
    ExecutorService cpuExecutor(AsyncProperties properties) {
        int threads = properties.cpuThreads() > 0 ? properties.cpuThreads() : Runtime.getRuntime().availableProcessors();
        return BoundedExecutors.fixed(threads, "cpu-");
    }

    @Bean
    AsyncUserStore userStore(JdbcClient jdbc, @Qualifier("db") ExecutorService db) {
        return new AsyncUserStore(new JdbcUserStore(jdbc), db);
    }

    /** Calls to the tweet and interaction services (a profile); the client's executor is sized like the CPU one. */
    @Bean(destroyMethod = "close")
    Downstream downstream(JsonMapper json, @Value("${tweebyte.client.connect-timeout:1s}") Duration connectTimeout,
                          @Value("${tweebyte.client.response-timeout:3s}") Duration responseTimeout) {
        return new Downstream(json, connectTimeout, responseTimeout, Runtime.getRuntime().availableProcessors());
    }

    @Bean
    OtherServices otherServices(Downstream downstream,
                                @Value("${tweebyte.services.tweet-url:http://localhost:9092}") String tweetUrl,
                                @Value("${tweebyte.services.interaction-url:http://localhost:9093}") String interactionUrl) {
        return new OtherServices(downstream, tweetUrl, interactionUrl);
    }
}
