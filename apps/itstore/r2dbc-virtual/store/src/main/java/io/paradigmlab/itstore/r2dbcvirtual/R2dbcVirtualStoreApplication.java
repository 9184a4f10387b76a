package io.paradigmlab.itstore.r2dbcvirtual;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The IT store's {@code r2dbc-virtual} variant: Spring MVC, R2DBC on virtual threads. Nothing of its own: the controller,
 * errors and limits come from itstore-web-mvc, the {@code BlockingItStore} from the R2DBC module on the class path
 * (BlockingR2dbcStore: the wait for r2dbc-pool parks the virtual thread), both as auto-configurations; settings in
 * application.yml.
 */
@SpringBootApplication
public class R2dbcVirtualStoreApplication {

    public static void main(String[] args) {
        SpringApplication.run(R2dbcVirtualStoreApplication.class, args);
    }
}
