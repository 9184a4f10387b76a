package io.paradigmlab.itstore.web.mvc;

import io.paradigmlab.itstore.port.BlockingItStore;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * A real Spring Boot application with the library's auto-configuration and a {@link FakeStore}, on Tomcat at a random
 * port: the variants' web layer as they run it, without a database.
 */
final class TestApps {

    /** The application: the library's auto-configuration and a fake store of its own. */
    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {

        @Bean
        BlockingItStore store() {
            return new FakeStore();
        }
    }

    record Running(ConfigurableApplicationContext context, int port, FakeStore store) implements AutoCloseable {

        @Override
        public void close() {
            context.close();
        }
    }

    private static Running shared;

    private TestApps() {
    }

    /** The application with the default settings, shared by the test classes (started once per JVM). */
    static synchronized Running shared() {
        if (shared == null) {
            shared = start();
        }
        shared.store().reset();
        return shared;
    }

    /** A fresh application; {@code properties} are {@code name=value}. */
    static Running start(String... properties) {
        List<String> args = new ArrayList<>(List.of("--server.port=0", "--spring.main.banner-mode=off",
                "--logging.level.root=WARN", "--logging.level.io.paradigmlab=INFO"));
        for (String property : properties) {
            args.add("--" + property);
        }
        ConfigurableApplicationContext context = SpringApplication.run(App.class, args.toArray(String[]::new));
        int port = ((WebServerApplicationContext) context).getWebServer().getPort();
        return new Running(context, port, (FakeStore) context.getBean(BlockingItStore.class));
    }
}
