package io.paradigmlab.tweebyte.virtual.interaction;

import io.paradigmlab.tweebyte.web.mvc.RedisSettings;
import org.springframework.context.annotation.Import;
import io.paradigmlab.tweebyte.virtual.common.Downstream;
import io.paradigmlab.tweebyte.jdbc.JdbcTransactionTemplate;
import io.paradigmlab.tweebyte.jdbc.JdbcInteractionStore;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/** Interaction service on virtual threads: every request runs on its own virtual thread and blocks freely. */
@SpringBootApplication
@Import(RedisSettings.class)
public class VirtualInteractionApplication {

    public static void main(String[] args) {
        SpringApplication.run(VirtualInteractionApplication.class, args);
    }

    @Bean
    JdbcInteractionStore interactionStore(JdbcClient jdbc) {
        return new JdbcInteractionStore(jdbc);
    }

    @Bean
    TransactionTemplate transactionTemplate(PlatformTransactionManager transactions) {
        return new JdbcTransactionTemplate(transactions);
    }

    @Bean
    Downstream downstream(JsonMapper json,
                          @Value("${tweebyte.client.connect-timeout:1s}") Duration connectTimeout,
                          @Value("${tweebyte.client.response-timeout:3s}") Duration responseTimeout) {
        return new Downstream(json, connectTimeout, responseTimeout);
    }
}
