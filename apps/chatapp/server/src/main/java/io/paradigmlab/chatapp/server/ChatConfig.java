package io.paradigmlab.chatapp.server;

import io.paradigmlab.chatapp.domain.Limits;
import java.net.URI;

/**
 * The settings of a ChatApp server process, the same for every variant. Read from system properties
 * ({@link #fromSystemProperties()}) by each variant's main; the lab passes them as {@code -Dchatapp.*}.
 *
 * @param port          {@code chatapp.port}: the one HTTP port (WebSocket {@code /chat} and {@code /actuator/*});
 *                      default 8070; 0 picks a free port, printed as {@code chatapp listening on port N}.
 * @param dbUrl         {@code chatapp.db.url}: {@code jdbc:postgresql://host:port/db}; the reactive variant derives
 *                      its connection from the same URL ({@link #db()}). Default
 *                      {@code jdbc:postgresql://localhost:5432/chatapp}.
 * @param dbUser        {@code chatapp.db.user}, default {@code postgres}.
 * @param dbPassword    {@code chatapp.db.password}, default {@code postgres}.
 * @param poolSize      {@code chatapp.pool-size}: database connections of the variant (HikariCP {@code maximumPoolSize}
 *                      and {@code minimumIdle}; the reactive client's pool max size). Changes the measurement: it caps
 *                      the database concurrency of every variant alike (spec 4.2, W2). Default 10.
 * @param stateless     {@code chatapp.stateless}: when true a login only reads (no {@code TOUCH_LOGIN}), experiment
 *                      A.1/B.1's "no writes" (spec W9). Changes the measurement (one UPDATE per login). Default false.
 * @param outboundQueue {@code chatapp.outbound-queue}: frames a session may have enqueued but not yet written to its
 *                      socket; one more closes it with 1008 (slow consumer). Changes the measurement: a smaller bound
 *                      drops slow clients sooner, a larger one holds more memory per session. Default 4,096.
 * @param blockhound    {@code chatapp.blockhound}: the rxjava variant installs BlockHound at start (a blocking call on
 *                      an event loop or computation thread then fails). Slows every call a little; for checks, not
 *                      for measured runs. Ignored by the thread variants. Default false.
 */
public record ChatConfig(int port, String dbUrl, String dbUser, String dbPassword, int poolSize, boolean stateless,
        int outboundQueue, boolean blockhound) {

    public static final int DEFAULT_PORT = 8070;
    public static final String DEFAULT_DB_URL = "jdbc:postgresql://localhost:5432/chatapp";

    public ChatConfig {
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("chatapp.port out of range: " + port);
        }
        if (dbUrl == null || !dbUrl.startsWith("jdbc:postgresql://")) {
            throw new IllegalArgumentException("chatapp.db.url must be jdbc:postgresql://host:port/db: " + dbUrl);
        }
        if (poolSize < 1) {
            throw new IllegalArgumentException("chatapp.pool-size must be at least 1: " + poolSize);
        }
        if (outboundQueue < 1) {
            throw new IllegalArgumentException("chatapp.outbound-queue must be at least 1: " + outboundQueue);
        }
        dbUser = dbUser == null ? "postgres" : dbUser;
        dbPassword = dbPassword == null ? "postgres" : dbPassword;
    }

    /** The defaults, with the given port and database URL (tests). */
    public static ChatConfig of(int port, String dbUrl, String dbUser, String dbPassword) {
        return new ChatConfig(port, dbUrl, dbUser, dbPassword, Limits.DEFAULT_POOL_SIZE, false,
                Limits.DEFAULT_OUTBOUND_QUEUE, false);
    }

    /** Reads {@code chatapp.*} system properties; every one is optional (defaults above). */
    public static ChatConfig fromSystemProperties() {
        return new ChatConfig(
                Integer.getInteger("chatapp.port", DEFAULT_PORT),
                System.getProperty("chatapp.db.url", DEFAULT_DB_URL),
                System.getProperty("chatapp.db.user", "postgres"),
                System.getProperty("chatapp.db.password", "postgres"),
                Integer.getInteger("chatapp.pool-size", Limits.DEFAULT_POOL_SIZE),
                Boolean.parseBoolean(System.getProperty("chatapp.stateless", "false")),
                Integer.getInteger("chatapp.outbound-queue", Limits.DEFAULT_OUTBOUND_QUEUE),
                Boolean.parseBoolean(System.getProperty("chatapp.blockhound", "false")));
    }

    /** Copy with another port. */
    public ChatConfig withPort(int newPort) {
        return new ChatConfig(newPort, dbUrl, dbUser, dbPassword, poolSize, stateless, outboundQueue, blockhound);
    }

    /** Copy with another {@code stateless} flag. */
    public ChatConfig withStateless(boolean newStateless) {
        return new ChatConfig(port, dbUrl, dbUser, dbPassword, poolSize, newStateless, outboundQueue, blockhound);
    }

    /** Copy with another outbound bound. */
    public ChatConfig withOutboundQueue(int frames) {
        return new ChatConfig(port, dbUrl, dbUser, dbPassword, poolSize, stateless, frames, blockhound);
    }

    /** Host, port (5432 when absent) and database of {@link #dbUrl}, for clients that do not take a JDBC URL. */
    public DbAddress db() {
        URI uri = URI.create(dbUrl.substring("jdbc:".length()));
        String path = uri.getPath() == null ? "" : uri.getPath();
        String database = path.startsWith("/") ? path.substring(1) : path;
        return new DbAddress(uri.getHost(), uri.getPort() < 0 ? 5432 : uri.getPort(), database);
    }

    /** Where the database is, from {@link #dbUrl()} (query parameters are ignored). */
    public record DbAddress(String host, int port, String database) {
    }
}
