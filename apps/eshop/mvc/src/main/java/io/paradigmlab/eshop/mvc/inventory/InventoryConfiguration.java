package io.paradigmlab.eshop.mvc.inventory;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/** InventoryService (port 8182, PostgreSQL {@code eshop_inventory}): its controller and store; it calls no service. */
@Configuration(proxyBeanMethods = false)
public class InventoryConfiguration {

    @Bean
    InventoryStore eshopInventoryStore(JdbcClient jdbc) {
        return new InventoryStore(jdbc);
    }

    @Bean
    InventoryController eshopInventoryController(InventoryStore eshopInventoryStore) {
        return new InventoryController(eshopInventoryStore);
    }
}
