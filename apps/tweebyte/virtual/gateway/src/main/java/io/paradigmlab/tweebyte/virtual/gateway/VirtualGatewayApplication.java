package io.paradigmlab.tweebyte.virtual.gateway;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The API gateway of the virtual variant: the servlet gateway of {@code tweebyte-gateway-mvc} on
 * virtual threads: every request runs on its own virtual thread, which blocks freely while its call to a service is under way.
 */
@SpringBootApplication
public class VirtualGatewayApplication {

    public static void main(String[] args) {
        SpringApplication.run(VirtualGatewayApplication.class, args);
    }
}
