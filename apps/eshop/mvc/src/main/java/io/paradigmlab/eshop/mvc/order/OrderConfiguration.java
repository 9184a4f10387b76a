package io.paradigmlab.eshop.mvc.order;

import io.paradigmlab.eshop.domain.FanOut;
import io.paradigmlab.eshop.mvc.common.InventoryClient;
import io.paradigmlab.eshop.mvc.common.InventoryClientConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * OrderService (port 8183, MariaDB {@code eshop_order}): its controller, store and batch logic, the client of
 * Inventory, and the fan-out of the individual mode. {@code spring.threads.virtual.enabled} picks the fan-out's
 * threads: false (platform) a bounded pool of {@code eshop.order.executor-threads} (200) platform threads, true
 * (virtual) a virtual thread per call. {@code eshop.order.fan-out} (55) is checked by {@link FanOut#validate}: a value
 * outside 1..1,000 stops the start.
 */
@Configuration(proxyBeanMethods = false)
@Import(InventoryClientConfiguration.class)
public class OrderConfiguration {

    @Bean(destroyMethod = "close")
    FanOutExecutor eshopFanOutExecutor(Environment env) {
        if (env.getProperty("spring.threads.virtual.enabled", Boolean.class, false)) {
            return FanOutExecutor.virtual();
        }
        return FanOutExecutor.platform(
                env.getProperty(FanOutExecutor.THREADS, Integer.class, FanOutExecutor.DEFAULT_THREADS));
    }

    @Bean
    OrderStore eshopOrderStore(JdbcClient jdbc) {
        return new OrderStore(jdbc);
    }

    @Bean
    OrderService eshopOrderService(InventoryClient inventory, OrderStore eshopOrderStore,
            FanOutExecutor eshopFanOutExecutor, Environment env) {
        String raw = env.getProperty(FanOut.PROPERTY, Integer.toString(FanOut.DEFAULT)).strip();
        int fanOut;
        try {
            fanOut = FanOut.validate(Integer.parseInt(raw));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(FanOut.PROPERTY + " must be an integer, was " + raw, e);
        }
        return new OrderService(inventory, eshopOrderStore, eshopFanOutExecutor, fanOut);
    }

    @Bean
    OrderController eshopOrderController(OrderService eshopOrderService, OrderStore eshopOrderStore) {
        return new OrderController(eshopOrderService, eshopOrderStore);
    }
}
