package io.paradigmlab.eshop.webflux.order;

import io.paradigmlab.eshop.domain.FanOut;
import io.paradigmlab.eshop.webflux.common.EshopDatabase;
import io.paradigmlab.eshop.webflux.common.EshopWebConfiguration;
import io.paradigmlab.eshop.webflux.common.InventoryClient;
import io.paradigmlab.eshop.webflux.common.InventoryClientConfiguration;
import io.r2dbc.pool.ConnectionPool;
import org.mariadb.r2dbc.MariadbConnectionFactoryProvider;
import org.mariadb.r2dbc.util.VersionFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.netty.resources.LoopResources;

/**
 * OrderService, reactive: everything {@code eshop-reactive-order} runs, imported by its application class. The web
 * layer ({@link EshopWebConfiguration}), the client of Inventory ({@link InventoryClientConfiguration}), r2dbc-mariadb
 * over a pool of {@code eshop.db.pool-size} connections to {@code eshop.db.url}
 * ({@code r2dbc:mariadb://host:port/eshop_order}), and the fan-out of the individual mode, {@value FanOut#PROPERTY}
 * (default {@value FanOut#DEFAULT}; a value outside 1..{@value FanOut#MAX} stops the start).
 */
@Configuration(proxyBeanMethods = false)
@Import({EshopWebConfiguration.class, InventoryClientConfiguration.class})
public class OrderConfiguration {

    @Bean
    EshopDatabase eshopOrderDatabase(Environment env) {
        return EshopDatabase.from(env);
    }

    @Bean(destroyMethod = "dispose")
    LoopResources eshopOrderDbLoops(EshopDatabase db) {
        return db.loopResources("eshop-order-r2dbc");
    }

    /**
     * r2dbc-mariadb reads its own version from its jar when it first sends a login (a class initializer): done here,
     * on the starting thread, not on the driver's event loop.
     */
    @Bean(destroyMethod = "dispose")
    ConnectionPool eshopOrderPool(EshopDatabase db, LoopResources eshopOrderDbLoops) {
        VersionFactory.getInstance();
        return db.connectionPool("eshop-order", MariadbConnectionFactoryProvider.LOOP_RESOURCES, eshopOrderDbLoops);
    }

    @Bean
    OrderStore orderStore(ConnectionPool eshopOrderPool) {
        return new OrderStore(DatabaseClient.create(eshopOrderPool));
    }

    @Bean
    OrderService orderService(OrderStore store, InventoryClient inventory, Environment env) {
        int fanOut = FanOut.validate(env.getProperty(FanOut.PROPERTY, Integer.class, FanOut.DEFAULT));
        return new OrderService(store, inventory, fanOut);
    }

    @Bean
    OrderController orderController(OrderService orders, OrderStore store) {
        return new OrderController(orders, store);
    }
}
