package io.paradigmlab.tweebyte.virtual.user;

import io.paradigmlab.tweebyte.jdbc.JdbcUserStore;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;

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
}
