package io.paradigmlab.itstore.jdbc;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.time.Duration;
import java.util.Properties;

/**
 * The JDBC variants' settings that change a measurement, with the same names as {@code R2dbcSettings} (itstore-r2dbc)
 * and the same values unless the driver itself is the difference (docs/adr/0009-itstore-variants.md). The Spring Boot
 * applications bind these from {@code itstore.db.*} and build their pool with {@link #dataSource}.
 *
 * @param poolSize       connections in the pool, HikariCP's {@code maximumPoolSize} and {@code minimumIdle} alike, so
 *                       the pool is full from the start and never grows or shrinks during a run (spec D-7: 100, as
 *                       the original; r2dbc-pool's initial, min-idle and max size are the same number). PostgreSQL's
 *                       {@code max_connections} must exceed the sum over the variants running at once.
 * @param acquireTimeout the longest a request waits for a connection (HikariCP's {@code connectionTimeout}); then the
 *                       store throws the domain's 503 ({@code ApiException.Unavailable}). 2 s, as Tweebyte's
 *                       {@code tweebyte.db.acquire-timeout-ms} (HikariCP's default, 30 s, would hold requests for as
 *                       long as the database is down). At least 250 ms (HikariCP's minimum).
 * @param fetchSize      rows per round trip when {@code first_N_products} streams (spec D-4): the JDBC driver keeps
 *                       a server-side portal and fetches this many rows at a time (autocommit off, as PostgreSQL's
 *                       driver needs for that), so the whole table never sits in memory. 1,000.
 */
public record JdbcSettings(int poolSize, Duration acquireTimeout, int fetchSize) {

    /** The measured configuration: 100 connections, 2 s, 1,000 rows. */
    public static final JdbcSettings DEFAULTS = new JdbcSettings(100, Duration.ofSeconds(2), 1_000);

    public JdbcSettings {
        if (poolSize < 1) {
            throw new IllegalArgumentException("poolSize must be at least 1: " + poolSize);
        }
        if (acquireTimeout.toMillis() < 250) {
            throw new IllegalArgumentException("acquireTimeout must be at least 250 ms (HikariCP): " + acquireTimeout);
        }
        if (fetchSize < 1) {
            throw new IllegalArgumentException("fetchSize must be at least 1: " + fetchSize);
        }
    }

    /**
     * A HikariCP pool of {@link #poolSize} connections, all opened at start (it fails at once when the database cannot
     * be reached, as Hikari's default {@code initializationFailTimeout} does). Connections are in autocommit mode;
     * {@link JdbcStore} switches one off only for the duration of a streamed {@code first_N_products}.
     */
    public HikariDataSource dataSource(String jdbcUrl, String user, String password) {
        return dataSource(jdbcUrl, user, password, new Properties());
    }

    /** As {@link #dataSource(String, String, String)}, with properties for the PostgreSQL driver. */
    public HikariDataSource dataSource(String jdbcUrl, String user, String password, Properties driverProperties) {
        HikariConfig config = new HikariConfig();
        config.setPoolName("itstore-jdbc");
        config.setJdbcUrl(jdbcUrl);
        config.setUsername(user);
        config.setPassword(password);
        config.setMaximumPoolSize(poolSize);
        config.setMinimumIdle(poolSize);
        config.setConnectionTimeout(acquireTimeout.toMillis());
        config.setValidationTimeout(Math.min(1_000, acquireTimeout.toMillis() - 1));
        config.setDataSourceProperties(driverProperties);
        return new HikariDataSource(config);
    }
}
