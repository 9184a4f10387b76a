package io.paradigmlab.itstore.r2dbc;

import io.r2dbc.pool.ConnectionPool;
import java.time.Duration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.netty.resources.LoopResources;

/**
 * The R2DBC variants' database wiring, the same for {@code r2dbc-mvc}, {@code r2dbc-virtual} and {@code r2dbc-webflux}
 * (docs/adr/0009-itstore-variants.md): the driver's own event loops and one r2dbc-pool built from {@code itstore.db.*}
 * by {@link R2dbcSettings}, the {@link R2dbcStore} over it (the WebFlux variant's {@code ReactiveItStore}), and in a
 * servlet application the {@link BlockingR2dbcStore} bridge (the MVC variants' {@code BlockingItStore}), which uses
 * {@code subscribeOn(parallel())} as the original did when {@code itstore.faithful} is set. Spring Boot's own R2DBC
 * configuration backs off since this one defines the connection factory.
 *
 * <p>Properties: as {@code ItStoreJdbcAutoConfiguration}'s, plus {@code itstore.db.loop-threads} (default: the
 * cores).
 */
@AutoConfiguration(beforeName = "org.springframework.boot.r2dbc.autoconfigure.R2dbcAutoConfiguration")
public class ItStoreR2dbcAutoConfiguration {

    /** The measured settings, from {@code itstore.db.*} with {@link R2dbcSettings#DEFAULTS} for what is not set. */
    @Bean
    R2dbcSettings itStoreR2dbcSettings(Environment env) {
        R2dbcSettings d = R2dbcSettings.DEFAULTS;
        return new R2dbcSettings(env.getProperty("itstore.db.pool-size", Integer.class, d.poolSize()),
                env.getProperty("itstore.db.acquire-timeout", Duration.class, d.acquireTimeout()),
                env.getProperty("itstore.db.fetch-size", Integer.class, d.fetchSize()),
                env.getProperty("itstore.db.loop-threads", Integer.class, d.loopThreads()));
    }

    @Bean(destroyMethod = "dispose")
    LoopResources itStoreR2dbcLoops(R2dbcSettings settings) {
        return settings.loopResources();
    }

    @Bean(destroyMethod = "dispose")
    ConnectionPool itStoreConnectionPool(R2dbcSettings settings, LoopResources loops, Environment env) {
        return settings.connectionPool(env.getProperty("itstore.db.host", "localhost"),
                env.getProperty("itstore.db.port", Integer.class, 5432), env.getProperty("itstore.db.name", "itstore"),
                env.getProperty("itstore.db.username", "postgres"), env.getProperty("itstore.db.password", "postgres"),
                loops);
    }

    @Bean
    R2dbcStore r2dbcStore(ConnectionPool pool, R2dbcSettings settings) {
        return new R2dbcStore(DatabaseClient.create(pool), settings);
    }

    /**
     * {@code r2dbc-mvc}, {@code r2dbc-virtual}: the request thread waits for the {@code Flux}; streams request at most
     * one fetch ({@link R2dbcSettings#fetchSize}) ahead of the writer.
     */
    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    BlockingR2dbcStore blockingR2dbcStore(R2dbcStore store, R2dbcSettings settings, Environment env) {
        return new BlockingR2dbcStore(store, env.getProperty("itstore.faithful", Boolean.class, false),
                settings.fetchSize());
    }
}
