package io.paradigmlab.eshop.virtual.product;

import io.paradigmlab.eshop.mvc.product.ProductConfiguration;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Import;

/**
 * The e-shop's ProductService, virtual variant (virtual threads). Nothing of its own: controller, store and
 * settings come from eshop-mvc's {@link ProductConfiguration} (this service's beans only) and its auto-configuration
 * (errors, limits, JSON); settings in application.yml.
 */
@SpringBootApplication
@Import(ProductConfiguration.class)
public class VirtualProductApplication {

    public static void main(String[] args) {
        SpringApplication.run(VirtualProductApplication.class, args);
    }
}
