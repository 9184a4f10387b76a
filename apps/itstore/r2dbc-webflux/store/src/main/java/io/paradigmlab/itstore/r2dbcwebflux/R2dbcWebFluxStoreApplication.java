package io.paradigmlab.itstore.variants.r2dbcwebflux;

import io.paradigmlab.common.blockhound.BlockHoundInstaller;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The {@code r2dbc-webflux} variant (docs/adr/0009-itstore-variants.md): Spring WebFlux on Reactor Netty over the R2DBC
 * store (r2dbc-postgresql on its own event loops, r2dbc-pool). The web layer is itstore-web-flux's, the wiring
 * itstore-r2dbc's, the settings in application.yml.
 */
@SpringBootApplication
public class R2dbcWebFluxStoreApplication {

    /** With {@code -Ditstore.blockhound=true} a blocking call on a non-blocking thread fails its request. */
    public static void main(String[] args) {
        BlockHoundInstaller.installIfRequested("itstore.blockhound");
        SpringApplication.run(R2dbcWebFluxStoreApplication.class, args);
    }
}
