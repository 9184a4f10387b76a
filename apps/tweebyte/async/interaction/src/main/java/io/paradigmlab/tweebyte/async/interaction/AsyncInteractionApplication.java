package io.paradigmlab.tweebyte.async.interaction;

import io.paradigmlab.tweebyte.async.common.Db;
import io.paradigmlab.tweebyte.async.common.Downstream;
import io.paradigmlab.tweebyte.web.mvc.RedisSettings;
import io.paradigmlab.tweebyte.jdbc.JdbcTransactionTemplate;
import io.paradigmlab.tweebyte.jdbc.JdbcInteractionStore;
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
 * Interaction service in the style of seed 000's asynchronous Tweebyte: controllers return CompletableFuture;
 * JDBC, transactions and Redis run on the "db" executor (pool-size threads); other services are called with
 * java.net.http's sendAsync on the client's own executor; the cleanup job ticks on a scheduler of its own. Never
 * the common pool.
 */
@SpringBootApplication
@Import(RedisSettings.class)
public class AsyncInteractionApplication {

    public static void main(String[] args) {
        SpringApplication.run(AsyncInteractionApplication.class, args);
    }

    @Bean(destroyMethod = "close")
    Db db(PlatformTransactionManager transactions, @Value("${tweebyte.async.db-threads:0}") int dbThreads,
          @Value("${tweebyte.db.pool-size}") int poolSize) {
        return new Db(dbThreads > 0 ? dbThreads : poolSize, new JdbcTransactionTemplate(transactions));
    }

    @Bean
    JdbcInteractionStore interactionStore(JdbcClient jdbc) {
        return new JdbcInteractionStore(jdbc);
    }

    /** Calls to the user and tweet services; the client's executor is sized like the CPU. */
    @Bean(destroyMethod = "close")
    Downstream downstream(JsonMapper json, @Value("${tweebyte.client.connect-timeout:1s}") Duration connectTimeout,
                          @Value("${tweebyte.client.response-timeout:3s}") Duration responseTimeout) {
        return new Downstream(json, connectTimeout, responseTimeout, Runtime.getRuntime().availableProcessors());
    }

    @Bean
    OtherServices otherServices(Downstream downstream,
                                @Value("${tweebyte.services.user-url:http://localhost:9091}") String userUrl,
                                @Value("${tweebyte.services.tweet-url:http://localhost:9092}") String tweetUrl) {
        return new OtherServices(downstream, userUrl, tweetUrl);
    }
}
