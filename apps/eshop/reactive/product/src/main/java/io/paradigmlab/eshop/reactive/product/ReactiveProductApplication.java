package io.paradigmlab.eshop.reactive.product;

import io.paradigmlab.common.blockhound.BlockHoundInstaller;
import io.paradigmlab.eshop.webflux.product.ProductConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/**
 * The e-shop's ProductService, reactive variant: Spring WebFlux on Reactor Netty, R2DBC, everything from
 * eshop-webflux's {@link ProductConfiguration}; the settings in application.yml, the launch contract's properties on the
 * command line.
 */
@SpringBootApplication
@Import(ProductConfiguration.class)
public class ReactiveProductApplication {

    /** With {@code -Deshop.blockhound=true} a blocking call on a non-blocking thread fails its request. */
    public static void main(String[] args) {
        BlockHoundInstaller.installIfRequested("eshop.blockhound");
        SpringApplication.run(ReactiveProductApplication.class, args);
    }
}
