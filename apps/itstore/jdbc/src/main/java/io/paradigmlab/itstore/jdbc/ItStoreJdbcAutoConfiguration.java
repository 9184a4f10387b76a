package io.paradigmlab.itstore.jdbc;

import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * The JDBC variants' database wiring, the same for {@code jdbc-mvc}, {@code jdbc-virtual} and {@code jdbc-webflux}
 * (docs/adr/0009-itstore-variants.md): one HikariCP pool built from {@code itstore.db.*} by {@link JdbcSettings},
 * the {@link JdbcStore} over it (the MVC variants' {@code BlockingItStore}), and in a WebFlux application the
 * {@link ReactiveJdbcStore} adapter (its {@code ReactiveItStore}), offloading to {@code boundedElastic} unless
 * {@code itstore.faithful} asks for the original's inline calls. Spring Boot's own DataSource configuration backs off
 * since this one defines the pool.
 *
 * <p>Properties: {@code itstore.db.host}, {@code .port}, {@code .name}, {@code .username}, {@code .password} (where);
 * {@code itstore.db.pool-size}, {@code .acquire-timeout}, {@code .fetch-size} (what changes a measurement, see
 * {@link JdbcSettings}); {@code itstore.faithful}.
 */
@AutoConfiguration(beforeName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
public class ItStoreJdbcAutoConfiguration {

    /** The measured settings, from {@code itstore.db.*} with {@link JdbcSettings#DEFAULTS} for what is not set. */
    @Bean
    JdbcSettings itStoreJdbcSettings(Environment env) {
        JdbcSettings d = JdbcSettings.DEFAULTS;
        return new JdbcSettings(env.getProperty("itstore.db.pool-size", Integer.class, d.poolSize()),
                env.getProperty("itstore.db.acquire-timeout", Duration.class, d.acquireTimeout()),
                env.getProperty("itstore.db.fetch-size", Integer.class, d.fetchSize()));
    }

    @Bean(destroyMethod = "close")
    HikariDataSource itStoreDataSource(JdbcSettings settings, Environment env) {
        String url = "jdbc:postgresql://" + env.getProperty("itstore.db.host", "localhost") + ":"
                + env.getProperty("itstore.db.port", "5432") + "/" + env.getProperty("itstore.db.name", "itstore");
        return settings.dataSource(url, env.getProperty("itstore.db.username", "postgres"),
                env.getProperty("itstore.db.password", "postgres"));
    }

    @Bean
    JdbcStore jdbcStore(HikariDataSource dataSource, JdbcSettings settings) {
        return new JdbcStore(dataSource, settings);
    }

    /** {@code jdbc-webflux}: blocking JDBC offloaded to {@code boundedElastic}, or inline when faithful. */
    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    ReactiveJdbcStore reactiveJdbcStore(JdbcStore store, Environment env) {
        return new ReactiveJdbcStore(store, env.getProperty("itstore.faithful", Boolean.class, false));
    }
}
