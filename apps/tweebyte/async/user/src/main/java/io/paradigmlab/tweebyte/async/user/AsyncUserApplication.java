package io.paradigmlab.tweebyte.async.user;

import io.paradigmlab.tweebyte.jdbc.JdbcUserStore;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;

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
        return Executors.newFixedThreadPool(threads, named("db-"));
    }

    @Bean(destroyMethod = "shutdown")
    @Qualifier("cpu")
    ExecutorService cpuExecutor(AsyncProperties properties) {
        int threads = properties.cpuThreads() > 0 ? properties.cpuThreads() : Runtime.getRuntime().availableProcessors();
        return Executors.newFixedThreadPool(threads, named("cpu-"));
    }

    @Bean
    AsyncUserStore userStore(JdbcClient jdbc, @Qualifier("db") ExecutorService db) {
        return new AsyncUserStore(new JdbcUserStore(jdbc), db);
    }

    private static ThreadFactory named(String prefix) {
        return Thread.ofPlatform().name(prefix, 0).daemon(true).factory();
    }
}
