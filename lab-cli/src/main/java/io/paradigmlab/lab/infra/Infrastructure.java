package io.paradigmlab.lab.infra;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.PostgresEndpoint;
import io.paradigmlab.lab.api.RedisEndpoint;
import io.paradigmlab.lab.api.MariaDbEndpoint;
import io.paradigmlab.lab.api.Ports;

import io.paradigmlab.lab.api.LabInfrastructure;
import io.paradigmlab.lab.reaper.OrphanReaper;
import io.paradigmlab.lab.reaper.ServerKind;
import io.paradigmlab.lab.reaper.ServerRegistry;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Comparator;
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
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
 * processes), or external ones given by URL. The lab and the test fixtures both start them here. The embedded
 * servers can be stopped and started again on the same port ({@link #stopRedis()}, {@link #startRedis()},
 * {@link #stopPostgres()}, {@link #startPostgres()}, {@link #restartPostgres(java.time.Duration)}), for the fault
 * tests: services must survive their dependencies going away and coming back.
 *
 * <p>Each embedded server is recorded in the lab's {@link ServerRegistry} while it runs, and {@link #start} first
 * stops what a killed lab process left running ({@link OrphanReaper}), so a test JVM reaps what an earlier one left.
 */
public final class Infrastructure implements LabInfrastructure, AutoCloseable {

    /**
     * @param postgresUrl external PostgreSQL ({@code postgresql://user:pass@host:port}), or null for embedded
     * @param redisUrl    external Redis ({@code redis://host:port}), or null for embedded
     * @param workDir     where the embedded servers keep their data for this run
     * @param mariadbUrl  external MariaDB ({@code mariadb://user:pass@host:port}), or null for embedded; only the
     *                    applications that declare a MariaDB database use it
     */
    public record Options(String postgresUrl, String redisUrl, Path workDir, String mariadbUrl) {

        /** Embedded MariaDB (started only when an application asks for it, {@link #mariadb()}). */
        public Options(String postgresUrl, String redisUrl, Path workDir) {
            this(postgresUrl, redisUrl, workDir, null);
        }
    }

    private static final Pattern DATABASE_NAME = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    /** Replaced by {@link #startPostgres()}: a zonky server object cannot start again once closed. */
    private volatile EmbeddedPostgres embeddedPostgres;
    private final RedisServer embeddedRedis;
    private final PostgresEndpoint postgres;
    private final RedisEndpoint redis;
    /** The embedded server's data directory, kept across a restart and deleted by {@link #close()}; or null. */
    private final Path postgresData;
    private final Thread deleteDataOnExit;
    private final Path workDir;
    private final String mariadbUrl;
    /** The embedded servers' records in the lab's registry; replaced when they start again. */
    private volatile ServerRegistry.Registration postgresRecord;
    private volatile ServerRegistry.Registration redisRecord;
    /** Started on first use by {@link #mariadb()}: most applications need none. */
    private MariaDb mariadb;

    private Infrastructure(EmbeddedPostgres embeddedPostgres, RedisServer embeddedRedis, PostgresEndpoint postgres,
                           RedisEndpoint redis, Path postgresData, Path workDir, String mariadbUrl,
                           ServerRegistry.Registration postgresRecord, ServerRegistry.Registration redisRecord) {
        this.workDir = workDir;
        this.postgresRecord = postgresRecord;
        this.redisRecord = redisRecord;
        this.mariadbUrl = mariadbUrl;
        this.embeddedPostgres = embeddedPostgres;
        this.embeddedRedis = embeddedRedis;
        this.postgres = postgres;
        this.redis = redis;
        this.postgresData = postgresData;
        // the embedded server is started without zonky's own clean-up (so that a restart finds its data): a JVM
        // that ends without close() must still not leave a data directory behind
        this.deleteDataOnExit = postgresData == null ? null : new Thread(() -> deleteTree(postgresData), "delete-postgres-data");
        if (deleteDataOnExit != null) {
            Runtime.getRuntime().addShutdownHook(deleteDataOnExit);
        }
    }

    public static Infrastructure start(Options options) {
        OrphanReaper.reapLeftovers(System.err);
        EmbeddedPostgres pg = null;
        RedisServer redisServer = null;
        Path postgresData = null;
        ServerRegistry.Registration postgresRecord = ServerRegistry.Registration.NONE;
        ServerRegistry.Registration redisRecord = ServerRegistry.Registration.NONE;
        try {
            Files.createDirectories(options.workDir());
            PostgresEndpoint postgres;
            if (options.postgresUrl() == null) {
                // a fresh, empty folder each start (initdb runs because it holds no postgresql.conf yet; a crashed
                // run may leave an old one behind, never reused)
                postgresData = Files.createTempDirectory(options.workDir(), "postgres-");
                pg = embeddedPostgres(Ports.free(), postgresData);
                postgresRecord = recordPostgres(pg.getPort(), postgresData, options.workDir());
                postgres = new PostgresEndpoint("localhost", pg.getPort(), "postgres", "postgres");
                installStatementStatistics(postgres);
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
                redisRecord = recordRedis(port);
                redis = new RedisEndpoint("127.0.0.1", port);
            } else {
                redis = RedisEndpoint.parse(options.redisUrl());
            }
            if (options.mariadbUrl() != null) {
                MariaDbEndpoint.parse(options.mariadbUrl()); // a malformed URL fails now, not mid-run
            }
            return new Infrastructure(pg, redisServer, postgres, redis, postgresData, options.workDir(),
                    options.mariadbUrl(), postgresRecord, redisRecord);
        } catch (IOException e) {
            closeQuietly(pg, redisServer);
            deleteTree(postgresData);
            postgresRecord.remove();
            redisRecord.remove();
            throw new LabException("Cannot start the embedded infrastructure: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeQuietly(pg, redisServer);
            deleteTree(postgresData);
            postgresRecord.remove();
            redisRecord.remove();
            throw e;
        }
    }

    /**
     * Creates the {@code pg_stat_statements} extension, from which the verification counts each request's statements
     * ({@code StatementStatistics}), in the {@code postgres} database, where the lab reads it from. The server must
     * have {@code shared_preload_libraries=pg_stat_statements} (the embedded one has).
     */
    public static void installStatementStatistics(PostgresEndpoint postgres) {
        try (Connection c = DriverManager.getConnection(postgres.jdbcUrl("postgres"), postgres.user(), postgres.password());
             Statement s = c.createStatement()) {
            s.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements");
        } catch (SQLException e) {
            throw new LabException("Cannot create the pg_stat_statements extension on " + postgres.host() + ":"
                    + postgres.port() + " (the server needs shared_preload_libraries=pg_stat_statements): "
                    + e.getMessage(), e);
        }
    }

    /**
     * Records the embedded PostgreSQL's postmaster, whose pid only its {@code postmaster.pid} tells: pg_ctl starts it
     * detached from this JVM's process tree, so it is nobody's child here and outlives a killed lab.
     */
    private static ServerRegistry.Registration recordPostgres(int port, Path data, Path workDir) {
        OptionalLong pid = postmasterPid(data);
        Optional<ProcessHandle> postmaster = pid.isPresent() ? ProcessHandle.of(pid.getAsLong()) : Optional.empty();
        if (postmaster.isEmpty()) {
            System.err.println("lab: the embedded PostgreSQL on port " + port + " names no running postmaster in "
                    + data.resolve("postmaster.pid") + ": it is not recorded, and would outlive a killed lab");
            return ServerRegistry.Registration.NONE;
        }
        return ServerRegistry.lab().register(ServerKind.POSTGRES, postmaster.get(), List.of(port), data,
                "embedded, in " + workDir);
    }

    /**
     * Records the embedded Redis: the library keeps its process to itself, so it is found among this JVM's children
     * by its executable and the port in its title ({@code redis-server 127.0.0.1:PORT}).
     */
    private static ServerRegistry.Registration recordRedis(int port) {
        List<ProcessHandle> servers = ProcessHandle.current().children()
                .filter(child -> child.info().command().map(c -> Path.of(c).getFileName().toString()
                        .startsWith("redis-server")).orElse(false))
                .filter(child -> commandLine(child).contains(":" + port))
                .toList();
        if (servers.size() != 1) {
            System.err.println("lab: the embedded Redis on port " + port + " is not among this JVM's processes (found "
                    + servers.size() + "): it is not recorded, and would outlive a killed lab");
            return ServerRegistry.Registration.NONE;
        }
        return ServerRegistry.lab().register(ServerKind.REDIS, servers.getFirst(), List.of(port), null, "embedded");
    }

    /** The process's command line as /proc shows it (Redis rewrites it into its title), or what the JDK reads. */
    private static String commandLine(ProcessHandle process) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(process.pid()), "cmdline")).replace('\0', ' ');
        } catch (IOException | RuntimeException e) {
            return process.info().commandLine().orElse("");
        }
    }

    /**
     * Starts the embedded server on {@code port} and {@code dataDirectory}: initdb first when the folder holds no
     * cluster yet, else the cluster as it was left (what {@link #startPostgres()} needs). zonky's clean-up stays off,
     * since it would delete the data on every stop; {@link #close()} deletes the folder instead.
     */
    private static EmbeddedPostgres embeddedPostgres(int port, Path dataDirectory) throws IOException {
        return EmbeddedPostgres.builder()
                .setPort(port)
                .setDataDirectory(dataDirectory)
                .setCleanDataDirectory(false)
                // three services with a pool each, plus the lab's own connections
                .setServerConfig("max_connections", "300")
                // statement counts per request, for the equal-work check (docs/equal-work.md); the
                // bookkeeping costs every variant alike
                .setServerConfig("shared_preload_libraries", "pg_stat_statements")
                .setServerConfig("pg_stat_statements.track", "all")
                .setServerConfig("pg_stat_statements.max", "10000")
                .start();
    }

    /**
     * Stops the embedded PostgreSQL as an operator would ({@code pg_ctl stop -m fast}: open sessions are ended, so
     * clients see their connections fail, and committed data is on disk). Same port and data afterwards with
     * {@link #startPostgres()}. For fault tests.
     *
     * @throws LabException when PostgreSQL is external (the lab does not own it)
     */
    public synchronized void stopPostgres() {
        EmbeddedPostgres pg = requireEmbeddedPostgres();
        try {
            pg.close();
        } catch (IOException e) {
            throw new LabException("Cannot stop the embedded PostgreSQL: " + e.getMessage(), e);
        }
        postgresRecord.remove();
    }

    /**
     * Starts the embedded PostgreSQL stopped by {@link #stopPostgres()} again, on the same port and data directory
     * (every database as it was), and returns once it accepts connections.
     */
    public synchronized void startPostgres() {
        requireEmbeddedPostgres();
        try {
            embeddedPostgres = embeddedPostgres(postgres.port(), postgresData);
            postgresRecord = recordPostgres(postgres.port(), postgresData, workDir);
        } catch (IOException e) {
            throw new LabException("Cannot start the embedded PostgreSQL again on port " + postgres.port() + ": "
                    + e.getMessage(), e);
        }
    }

    /** {@link #stopPostgres()}, {@code down} of nothing listening, then {@link #startPostgres()}. */
    public void restartPostgres(java.time.Duration down) {
        stopPostgres();
        sleep(down.toMillis());
        startPostgres();
    }

    /**
     * Stops the embedded Redis (it keeps no data: {@code save ""}, no append-only file, so it comes back empty).
     * For fault tests; {@link #startRedis()} starts it again on the same port.
     *
     * @throws LabException when Redis is external
     */
    public synchronized void stopRedis() {
        RedisServer server = requireEmbeddedRedis();
        try {
            server.stop();
        } catch (IOException e) {
            throw new LabException("Cannot stop the embedded Redis: " + e.getMessage(), e);
        }
        redisRecord.remove();
        // the process may still hold the port for a moment after the signal: wait until nothing answers there
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (accepts(redis.host(), redis.port()) && System.nanoTime() < deadline) {
            sleep(50);
        }
    }

    /** Starts the embedded Redis stopped by {@link #stopRedis()} again on the same port, empty. */
    public synchronized void startRedis() {
        try {
            requireEmbeddedRedis().start();
            redisRecord = recordRedis(redis.port());
        } catch (IOException e) {
            throw new LabException("Cannot start the embedded Redis again on port " + redis.port() + ": "
                    + e.getMessage(), e);
        }
    }

    private EmbeddedPostgres requireEmbeddedPostgres() {
        if (embeddedPostgres == null) {
            throw new LabException("PostgreSQL is external: the lab can stop and start only its embedded server");
        }
        return embeddedPostgres;
    }

    private RedisServer requireEmbeddedRedis() {
        if (embeddedRedis == null) {
            throw new LabException("Redis is external: the lab can stop and start only its embedded server");
        }
        return embeddedRedis;
    }

    private static boolean accepts(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("Interrupted");
        }
    }

    private static void deleteTree(Path root) {
        if (root == null || !Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // best effort: a leftover folder under the work directory is never reused
        }
    }

    /**
     * The processes of the embedded PostgreSQL (its postmaster and the server processes it forked), which pg_ctl
     * detaches from the lab's process tree; empty when PostgreSQL is external or not running. For CPU pinning.
     */
    public List<ProcessHandle> embeddedPostgresProcesses() {
        OptionalLong pid = postgresData == null ? OptionalLong.empty() : postmasterPid(postgresData);
        if (pid.isEmpty()) {
            return List.of();
        }
        return ProcessHandle.of(pid.getAsLong()).map(p -> Stream.concat(Stream.of(p), p.descendants()).toList())
                .orElse(List.of());
    }

    /** The postmaster's pid, the first line of {@code postmaster.pid} in its data folder; empty when not running. */
    private static OptionalLong postmasterPid(Path data) {
        try {
            return OptionalLong.of(Long.parseLong(Files.readAllLines(data.resolve("postmaster.pid")).getFirst().strip()));
        } catch (IOException | RuntimeException e) {
            return OptionalLong.empty(); // stopped meanwhile
        }
    }

    @Override
    public PostgresEndpoint postgres() {
        return postgres;
    }

    @Override
    public RedisEndpoint redis() {
        return redis;
    }

    /**
     * The MariaDB server of the applications that declare a MariaDB database (the e-shop's orders): the external one
     * of {@link Options#mariadbUrl()}, else an embedded MariaDB started now, on first use, under the work directory.
     */
    public synchronized MariaDb mariadb() {
        if (mariadb == null) {
            mariadb = mariadbUrl == null ? MariaDb.embedded(workDir.resolve("mariadb")) : MariaDb.external(mariadbUrl);
        }
        return mariadb;
    }

    /** {@link #mariadb()}'s endpoint, starting it on first use. */
    @Override
    public MariaDbEndpoint mariaDb() {
        return mariadb().endpoint();
    }

    /** {@link MariaDb#recreateDatabase} on {@link #mariadb()}, starting it on first use. */
    @Override
    public void recreateMariaDbDatabase(String name, String migrationLocation) {
        mariadb().recreateDatabase(name, migrationLocation);
    }

    /** Whether {@link #mariadb()} has been started (or connected) in this run. */
    public synchronized boolean hasMariadb() {
        return mariadb != null;
    }

    public boolean embeddedPostgres() {
        return embeddedPostgres != null;
    }

    /**
     * Creates {@code name} afresh (dropping an earlier one of that name) and applies the Flyway migrations at
     * {@code migrationLocation} (e.g. {@code classpath:db/tweebyte/user}), so every run starts from the same empty
     * schema.
     */
    @Override
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
    public synchronized void close() {
        if (mariadb != null) {
            try {
                mariadb.close();
            } catch (RuntimeException ignored) {
                // best effort on the way out
            }
        }
        closeQuietly(embeddedPostgres, embeddedRedis);
        deleteTree(postgresData);
        postgresRecord.remove();
        redisRecord.remove();
        if (deleteDataOnExit != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(deleteDataOnExit);
            } catch (IllegalStateException alreadyExiting) {
                // the hook runs anyway
            }
        }
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
