package io.paradigmlab.eshop.virtual.inventory;

import io.paradigmlab.eshop.mvc.inventory.InventoryConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/**
 * The e-shop's InventoryService, virtual variant (virtual threads). Nothing of its own: controller, store and
 * settings come from eshop-mvc's {@link InventoryConfiguration} (this service's beans only) and its auto-configuration
 * (errors, limits, JSON); settings in application.yml.
 */
@SpringBootApplication
@Import(InventoryConfiguration.class)
public class VirtualInventoryApplication {

    public static void main(String[] args) {
        SpringApplication.run(VirtualInventoryApplication.class, args);
    }
}
