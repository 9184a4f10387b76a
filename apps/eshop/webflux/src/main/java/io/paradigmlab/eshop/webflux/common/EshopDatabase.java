package io.paradigmlab.eshop.webflux.common;

import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.spi.ConnectionFactories;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.Option;
import java.time.Duration;
import org.springframework.core.env.Environment;
import reactor.netty.resources.LoopResources;

/**
 * A service's database settings ({@code eshop.db.*}, the launch contract) and the r2dbc-pool built from them.
 *
 * @param url            {@code eshop.db.url}: the R2DBC URL the app's {@code application.yml} builds from
 *                       {@code eshop.db.host}, {@code port} and {@code name} ({@code r2dbc:postgresql://...} or
 *                       {@code r2dbc:mariadb://...})
 * @param username       {@code eshop.db.username}
 * @param password       {@code eshop.db.password}
 * @param poolSize       {@code eshop.db.pool-size} (default 20): r2dbc-pool's {@code initialSize}, {@code minIdle}
 *                       and {@code maxSize} alike, opened at start, as HikariCP's fixed pool in the MVC variants
 * @param acquireTimeout {@code eshop.db.acquire-timeout} (default 2 s): the longest a statement waits for a connection,
 *                       then 503 Database unavailable ({@code common-contract}'s {@code DatabaseFailures})
 * @param loopThreads    {@code eshop.db.loop-threads} (default: the cores): the driver's own Netty event loops, apart
 *                       from the web server's, as the IT store's R2DBC variants
 */
public record EshopDatabase(String url, String username, String password, int poolSize, Duration acquireTimeout,
                            int loopThreads) {

    public static final int DEFAULT_POOL_SIZE = 20;
    public static final Duration DEFAULT_ACQUIRE_TIMEOUT = Duration.ofSeconds(2);
    /** How long opening the pool's connections at start may take before start-up fails. */
    static final Duration WARMUP_TIMEOUT = Duration.ofSeconds(60);

    public EshopDatabase {
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException("eshop.db.url is not set (application.yml builds it from eshop.db.*)");
        }
        if (poolSize < 1) {
            throw new IllegalArgumentException("eshop.db.pool-size must be at least 1: " + poolSize);
        }
        if (acquireTimeout.isNegative() || acquireTimeout.isZero()) {
            throw new IllegalArgumentException("eshop.db.acquire-timeout must be positive: " + acquireTimeout);
        }
        if (loopThreads < 1) {
            throw new IllegalArgumentException("eshop.db.loop-threads must be at least 1: " + loopThreads);
        }
    }

    public static EshopDatabase from(Environment env) {
        return new EshopDatabase(env.getProperty("eshop.db.url"), env.getProperty("eshop.db.username", ""),
                env.getProperty("eshop.db.password", ""),
                env.getProperty("eshop.db.pool-size", Integer.class, DEFAULT_POOL_SIZE),
                env.getProperty("eshop.db.acquire-timeout", Duration.class, DEFAULT_ACQUIRE_TIMEOUT),
                env.getProperty("eshop.db.loop-threads", Integer.class, Runtime.getRuntime().availableProcessors()));
    }

    /** The driver's event loops, daemon threads named {@code <name>-*}; dispose on close. */
    public LoopResources loopResources(String name) {
        return LoopResources.create(name, loopThreads, true);
    }

    /**
     * A pool of {@link #poolSize} connections over {@code loops}, all opened before it is returned (a blocking wait
     * at start-up only), as HikariCP opens its connections at start: no variant pays for connecting during a
     * measurement. Fails when the database cannot be reached.
     *
     * @param loopOption the driver's option for its event loops ({@code LOOP_RESOURCES} of r2dbc-postgresql's or
     *                   r2dbc-mariadb's provider)
     */
    public ConnectionPool connectionPool(String name, Option<LoopResources> loopOption, LoopResources loops) {
        ConnectionFactoryOptions options = ConnectionFactoryOptions.parse(url).mutate()
                .option(ConnectionFactoryOptions.USER, username)
                .option(ConnectionFactoryOptions.PASSWORD, password)
                .option(loopOption, loops)
                .build();
        ConnectionPool pool = new ConnectionPool(ConnectionPoolConfiguration.builder(ConnectionFactories.get(options))
                .name(name)
                .initialSize(poolSize)
                .minIdle(poolSize)
                .maxSize(poolSize)
                .maxAcquireTime(acquireTimeout)
                .build());
        try {
            pool.warmup().block(WARMUP_TIMEOUT);
        } catch (RuntimeException e) {
            pool.dispose();
            throw e;
        }
        return pool;
    }
}
