package io.paradigmlab.eshop.platform.order;

import io.paradigmlab.eshop.mvc.order.OrderConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/**
 * The e-shop's OrderService, platform variant (platform threads). Nothing of its own: controller, store and
 * settings come from eshop-mvc's {@link OrderConfiguration} (this service's beans only) and its auto-configuration
 * (errors, limits, JSON); settings in application.yml.
 */
@SpringBootApplication
@Import(OrderConfiguration.class)
public class PlatformOrderApplication {

    public static void main(String[] args) {
        SpringApplication.run(PlatformOrderApplication.class, args);
    }
}
