package io.paradigmlab.itstore.r2dbc;

import io.r2dbc.pool.ConnectionPool;
import io.r2dbc.pool.ConnectionPoolConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionConfiguration;
import io.r2dbc.postgresql.PostgresqlConnectionFactory;
import java.time.Duration;
import reactor.netty.resources.LoopResources;

/**
 * The R2DBC variants' settings that change a measurement, with the same names as {@code JdbcSettings} (itstore-jdbc)
 * and the same values unless the driver itself is the difference (docs/adr/0009-itstore-variants.md). The Spring Boot
 * applications bind these from {@code itstore.db.*} and build their pool with {@link #loopResources} and
 * {@link #connectionPool}.
 *
 * @param poolSize       connections in the pool: r2dbc-pool's {@code initialSize}, {@code minIdle} and {@code maxSize}
 *                       alike, as HikariCP's fixed pool on the JDBC side, so the pool never grows or shrinks during a
 *                       run (spec D-7: 100; r2dbc-pool otherwise starts at 10 and grows, the original's unequal
 *                       start, spec A.7 #5).
 * @param acquireTimeout the longest a request waits for a connection, a new one's making included (r2dbc-pool's
 *                       {@code maxAcquireTime}; its default waits forever); then the store signals the domain's 503.
 *                       2 s, as HikariCP's {@code connectionTimeout}. Not applied to each connection's creation
 *                       ({@code maxCreateConnectionTime}, unset, as HikariCP has no such bound either): the pool's
 *                       connections are opened at start, where a slow first connect (class loading, a busy machine)
 *                       must not fail the start; a request is bounded by this timeout all the same.
 * @param fetchSize      rows per round trip when {@code first_N_products} streams (spec D-4): the driver executes the
 *                       portal {@code fetchSize} rows at a time as the subscriber's demand asks for more. 1,000, as
 *                       JDBC's.
 * @param loopThreads    the driver's own Netty event loops ({@link LoopResources}), apart from the web server's:
 *                       the number of cores, as Reactor Netty's server default, so WebFlux and R2DBC each have one loop
 *                       per core and a connection's I/O never waits behind HTTP work (the contention of
 *                       r2dbc-pool#190, spec A.7 #5). JDBC has no counterpart: its I/O blocks the caller's thread.
 */
public record R2dbcSettings(int poolSize, Duration acquireTimeout, int fetchSize, int loopThreads) {

    /** The measured configuration: 100 connections, 2 s, 1,000 rows, one loop per core. */
    public static final R2dbcSettings DEFAULTS =
            new R2dbcSettings(100, Duration.ofSeconds(2), 1_000, Runtime.getRuntime().availableProcessors());

    public R2dbcSettings {
        if (poolSize < 1) {
            throw new IllegalArgumentException("poolSize must be at least 1: " + poolSize);
        }
        if (acquireTimeout.isNegative() || acquireTimeout.isZero()) {
            throw new IllegalArgumentException("acquireTimeout must be positive: " + acquireTimeout);
        }
        if (fetchSize < 1) {
            throw new IllegalArgumentException("fetchSize must be at least 1: " + fetchSize);
        }
        if (loopThreads < 1) {
            throw new IllegalArgumentException("loopThreads must be at least 1: " + loopThreads);
        }
    }

    /** How long opening the pool's connections at start may take before start-up fails. */
    static final Duration WARMUP_TIMEOUT = Duration.ofSeconds(60);

    /** The driver's event loops, {@link #loopThreads} daemon threads named {@code itstore-r2dbc-*}; dispose on close. */
    public LoopResources loopResources() {
        return LoopResources.create("itstore-r2dbc", loopThreads, true);
    }

    /**
     * A pool of {@link #poolSize} connections to PostgreSQL over {@code loops}, opened before it is returned
     * ({@code warmup}, a blocking wait of at most a minute on the calling thread, at start-up only), as HikariCP opens its connections at
     * start: no variant pays for connecting during a measurement. Fails when the database cannot be reached.
     */
    public ConnectionPool connectionPool(String host, int port, String database, String user, String password,
                                         LoopResources loops) {
        PostgresqlConnectionFactory factory = new PostgresqlConnectionFactory(PostgresqlConnectionConfiguration
                .builder()
                .host(host)
                .port(port)
                .database(database)
                .username(user)
                .password(password)
                .loopResources(loops)
                .build());
        ConnectionPool pool = new ConnectionPool(ConnectionPoolConfiguration.builder(factory)
                .name("itstore-r2dbc")
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
