package io.paradigmlab.eshop.webflux.inventory;

import io.paradigmlab.eshop.webflux.common.EshopDatabase;
import io.paradigmlab.eshop.webflux.common.EshopWebConfiguration;
import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.netty.resources.LoopResources;

/**
 * InventoryService, reactive: everything {@code eshop-reactive-inventory} runs, imported by its application class.
 * The web layer ({@link EshopWebConfiguration}) and r2dbc-postgresql over a pool of {@code eshop.db.pool-size}
 * connections to {@code eshop.db.url} ({@code r2dbc:postgresql://host:port/eshop_inventory}). Inventory calls no
 * other service.
 */
@Configuration(proxyBeanMethods = false)
@Import(EshopWebConfiguration.class)
public class InventoryConfiguration {

    @Bean
    EshopDatabase eshopInventoryDatabase(Environment env) {
        return EshopDatabase.from(env);
    }

    @Bean(destroyMethod = "dispose")
    LoopResources eshopInventoryDbLoops(EshopDatabase db) {
        return db.loopResources("eshop-inventory-r2dbc");
    }

    @Bean(destroyMethod = "dispose")
    ConnectionPool eshopInventoryPool(EshopDatabase db, LoopResources eshopInventoryDbLoops) {
        return db.connectionPool("eshop-inventory", PostgresqlConnectionFactoryProvider.LOOP_RESOURCES,
                eshopInventoryDbLoops);
    }

    @Bean
    InventoryStore inventoryStore(ConnectionPool eshopInventoryPool) {
        return new InventoryStore(DatabaseClient.create(eshopInventoryPool));
    }

    @Bean
    InventoryController inventoryController(InventoryStore store) {
        return new InventoryController(store);
    }
}
