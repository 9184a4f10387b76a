package io.paradigmlab.tweebyte.async.gateway;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The API gateway of the async variant: the servlet gateway of {@code tweebyte-gateway-mvc} on
 * platform threads: Tomcat's pool of 200 request threads, each blocked while its call to a service is under way (the async services release theirs; a gateway has no work of its own to overlap, so it blocks like any servlet proxy).
 */
@SpringBootApplication
public class AsyncGatewayApplication {

    public static void main(String[] args) {
        SpringApplication.run(AsyncGatewayApplication.class, args);
    }
}
