package io.paradigmlab.lab.infra;

import io.paradigmlab.lab.verify.StatementStatistics;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import org.flywaydb.core.Flyway;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Pattern;
import redis.embedded.RedisServer;

/**
 * PostgreSQL and Redis for a run: embedded from Maven artifacts by default (real servers, started as child
 * processes), or external ones given by URL. The lab and the test fixtures both start them here.
 */
public final class Infrastructure implements AutoCloseable {

    /**
     * @param postgresUrl external PostgreSQL ({@code postgresql://user:pass@host:port}), or null for embedded
     * @param redisUrl    external Redis ({@code redis://host:port}), or null for embedded
     * @param workDir     where the embedded servers keep their data for this run
     */
    public record Options(String postgresUrl, String redisUrl, Path workDir) {
    }

    private static final Pattern DATABASE_NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    private final EmbeddedPostgres embeddedPostgres;
    private final RedisServer embeddedRedis;
    private final PostgresEndpoint postgres;
    private final RedisEndpoint redis;

    private Infrastructure(EmbeddedPostgres embeddedPostgres, RedisServer embeddedRedis, PostgresEndpoint postgres,
                           RedisEndpoint redis) {
        this.embeddedPostgres = embeddedPostgres;
        this.embeddedRedis = embeddedRedis;
        this.postgres = postgres;
        this.redis = redis;
    }

    public static Infrastructure start(Options options) {
        EmbeddedPostgres pg = null;
        RedisServer redisServer = null;
        try {
            Files.createDirectories(options.workDir());
            PostgresEndpoint postgres;
            if (options.postgresUrl() == null) {
                pg = EmbeddedPostgres.builder()
                        .setPort(Ports.free())
                        // a fresh folder each start: initdb refuses a non-empty one, and a crashed run may leave one
                        .setDataDirectory(Files.createTempDirectory(options.workDir(), "postgres-"))
                        .setCleanDataDirectory(true)
                        // three services with a pool each, plus the lab's own connections
                        .setServerConfig("max_connections", "300")
                        // statement counts per request, for the equal-work check (docs/equal-work.md); the
                        // bookkeeping costs every variant alike
                        .setServerConfig("shared_preload_libraries", "pg_stat_statements")
                        .setServerConfig("pg_stat_statements.track", "all")
                        .setServerConfig("pg_stat_statements.max", "10000")
                        .start();
                postgres = new PostgresEndpoint("localhost", pg.getPort(), "postgres", "postgres");
                StatementStatistics.install(postgres);
            } else {
                postgres = PostgresEndpoint.parse(options.postgresUrl());
                checkReachable(postgres);
            }
            RedisEndpoint redis;
            if (options.redisUrl() == null) {
                int port = Ports.free();
                redisServer = RedisServer.newRedisServer().port(port).bind("127.0.0.1")
                        .setting("save \"\"").setting("appendonly no").build();
                redisServer.start();
                redis = new RedisEndpoint("127.0.0.1", port);
            } else {
                redis = RedisEndpoint.parse(options.redisUrl());
            }
            return new Infrastructure(pg, redisServer, postgres, redis);
        } catch (IOException e) {
            closeQuietly(pg, redisServer);
            throw new LabException("Cannot start the embedded infrastructure: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeQuietly(pg, redisServer);
            throw e;
        }
    }

    public PostgresEndpoint postgres() {
        return postgres;
    }

    public RedisEndpoint redis() {
        return redis;
    }

    public boolean embeddedPostgres() {
        return embeddedPostgres != null;
    }

    /**
     * Creates {@code name} afresh (dropping an earlier one of that name) and applies the Flyway migrations at
     * {@code migrationLocation} (e.g. {@code classpath:db/tweebyte/user}), so every run starts from the same empty
     * schema.
     */
    public void recreateDatabase(String name, String migrationLocation) {
        if (!DATABASE_NAME.matcher(name).matches()) {
            throw new LabException("Not a valid database name: " + name);
        }
        try (Connection c = DriverManager.getConnection(postgres.jdbcUrl("postgres"), postgres.user(), postgres.password());
             Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)");
            s.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new LabException("Cannot create database " + name + " on " + postgres.host() + ":" + postgres.port()
                    + ": " + e.getMessage(), e);
        }
        Flyway.configure().dataSource(postgres.jdbcUrl(name), postgres.user(), postgres.password())
                .locations(migrationLocation).failOnMissingLocations(true).load().migrate();
    }

    /** Whether database {@code name} exists on the server. */
    public boolean databaseExists(String name) {
        try (Connection c = DriverManager.getConnection(postgres.jdbcUrl("postgres"), postgres.user(), postgres.password());
             PreparedStatement s = c.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
            s.setString(1, name);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            throw new LabException("Cannot query " + postgres.host() + ":" + postgres.port() + ": " + e.getMessage(), e);
        }
    }

    /** The server's own version string, as a result records it (never a value assumed from the build). */
    public String serverVersion() {
        try (Connection c = DriverManager.getConnection(postgres.jdbcUrl("postgres"), postgres.user(), postgres.password());
             Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SHOW server_version")) {
            return rs.next() ? rs.getString(1) : "unknown";
        } catch (SQLException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    private static void checkReachable(PostgresEndpoint postgres) {
        try (Connection ignored = DriverManager.getConnection(postgres.jdbcUrl("postgres"), postgres.user(),
                postgres.password())) {
            // reachable
        } catch (SQLException e) {
            throw new LabException("Cannot connect to PostgreSQL at " + postgres.host() + ":" + postgres.port()
                    + " as " + postgres.user() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        closeQuietly(embeddedPostgres, embeddedRedis);
    }

    private static void closeQuietly(EmbeddedPostgres pg, RedisServer redis) {
        if (redis != null) {
            try {
                redis.stop();
            } catch (IOException | RuntimeException ignored) {
                // best effort on the way out
            }
        }
        if (pg != null) {
            try {
                pg.close();
            } catch (IOException | RuntimeException ignored) {
                // best effort on the way out
            }
        }
    }
}
