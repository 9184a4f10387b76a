package io.paradigmlab.eshop.reactive.inventory;

import io.paradigmlab.common.blockhound.BlockHoundInstaller;
import io.paradigmlab.eshop.webflux.inventory.InventoryConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/**
 * The e-shop's InventoryService, reactive variant: Spring WebFlux on Reactor Netty, R2DBC, everything from
 * eshop-webflux's {@link InventoryConfiguration}; the settings in application.yml, the launch contract's properties on the
 * command line.
 */
@SpringBootApplication
@Import(InventoryConfiguration.class)
public class ReactiveInventoryApplication {

    /** With {@code -Deshop.blockhound=true} a blocking call on a non-blocking thread fails its request. */
    public static void main(String[] args) {
        BlockHoundInstaller.installIfRequested("eshop.blockhound");
        SpringApplication.run(ReactiveInventoryApplication.class, args);
    }
}
