package io.paradigmlab.tweebyte.virtual.user;

import io.paradigmlab.tweebyte.virtual.common.Downstream;
import io.paradigmlab.tweebyte.jdbc.JdbcUserStore;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.json.JsonMapper;

/** User service on virtual threads: every request runs on its own virtual thread and blocks freely. */
@SpringBootApplication
public class VirtualUserApplication {

    public static void main(String[] args) {
        SpringApplication.run(VirtualUserApplication.class, args);
    }

    @Bean
    JdbcUserStore userStore(JdbcClient jdbc) {
        return new JdbcUserStore(jdbc);
    }

    @Bean
    Downstream downstream(JsonMapper json,
                          @Value("${tweebyte.client.connect-timeout:1s}") Duration connectTimeout,
                          @Value("${tweebyte.client.response-timeout:3s}") Duration responseTimeout) {
        return new Downstream(json, connectTimeout, responseTimeout);
    }
}
