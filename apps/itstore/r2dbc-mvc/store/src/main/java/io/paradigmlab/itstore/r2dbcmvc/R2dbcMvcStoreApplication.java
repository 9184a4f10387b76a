package io.paradigmlab.itstore.r2dbcmvc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The IT store's {@code r2dbc-mvc} variant: Spring MVC, R2DBC on Tomcat's platform threads. Nothing of its own: the
 * controller, errors and limits come from itstore-web-mvc, the {@code BlockingItStore} from the R2DBC module on the
 * class path (BlockingR2dbcStore: the request thread waits for r2dbc-pool), both as auto-configurations; settings in
 * application.yml.
 */
@SpringBootApplication
public class R2dbcMvcStoreApplication {

    public static void main(String[] args) {
        SpringApplication.run(R2dbcMvcStoreApplication.class, args);
    }
}
