package io.paradigmlab.itstore.variants.jdbcwebflux;

import io.paradigmlab.common.blockhound.BlockHoundInstaller;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The {@code jdbc-webflux} variant (docs/adr/0009-itstore-variants.md): Spring WebFlux on Reactor Netty over the JDBC
 * store (HikariCP), seen through {@code ReactiveJdbcStore}: every blocking call offloaded to {@code boundedElastic},
 * or, with {@code --itstore.faithful=true}, run inline on the event loop as the original {@code JDBC_WebFlux} did
 * (spec A.7 #1). The web layer is itstore-web-flux's, the wiring itstore-jdbc's, the settings in application.yml.
 */
@SpringBootApplication
public class JdbcWebFluxStoreApplication {

    /** With {@code -Ditstore.blockhound=true} a blocking call on a non-blocking thread fails its request. */
    public static void main(String[] args) {
        BlockHoundInstaller.installIfRequested("itstore.blockhound");
        SpringApplication.run(JdbcWebFluxStoreApplication.class, args);
    }
}
