package io.paradigmlab.itstore.jdbcmvc;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The IT store's {@code jdbc-mvc} variant: Spring MVC, JDBC on Tomcat's platform threads. Nothing of its own: the
 * controller, errors and limits come from itstore-web-mvc, the {@code BlockingItStore} from the JDBC module on the
 * class path (JdbcStore: JdbcClient over HikariCP), both as auto-configurations; settings in application.yml.
 */
@SpringBootApplication
public class JdbcMvcStoreApplication {

    public static void main(String[] args) {
        SpringApplication.run(JdbcMvcStoreApplication.class, args);
    }
}
