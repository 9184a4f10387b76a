package io.paradigmlab.eshop.platform.product;

import io.paradigmlab.eshop.mvc.product.ProductConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/**
 * The e-shop's ProductService, platform variant (platform threads). Nothing of its own: controller, store and
 * settings come from eshop-mvc's {@link ProductConfiguration} (this service's beans only) and its auto-configuration
 * (errors, limits, JSON); settings in application.yml.
 */
@SpringBootApplication
@Import(ProductConfiguration.class)
public class PlatformProductApplication {

    public static void main(String[] args) {
        SpringApplication.run(PlatformProductApplication.class, args);
    }
}
