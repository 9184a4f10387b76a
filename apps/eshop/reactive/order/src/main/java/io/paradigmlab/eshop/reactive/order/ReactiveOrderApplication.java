package io.paradigmlab.eshop.reactive.order;

import io.paradigmlab.common.blockhound.BlockHoundInstaller;
import io.paradigmlab.eshop.webflux.order.OrderConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/**
 * The e-shop's OrderService, reactive variant: Spring WebFlux on Reactor Netty, R2DBC, everything from
 * eshop-webflux's {@link OrderConfiguration}; the settings in application.yml, the launch contract's properties on the
 * command line.
 */
@SpringBootApplication
@Import(OrderConfiguration.class)
public class ReactiveOrderApplication {

    /** With {@code -Deshop.blockhound=true} a blocking call on a non-blocking thread fails its request. */
    public static void main(String[] args) {
        BlockHoundInstaller.installIfRequested("eshop.blockhound");
        SpringApplication.run(ReactiveOrderApplication.class, args);
    }
}
