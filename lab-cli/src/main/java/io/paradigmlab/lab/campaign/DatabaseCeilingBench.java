package io.paradigmlab.lab.campaign;

import io.paradigmlab.lab.api.DatabaseCeiling;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.PostgresEndpoint;
import io.paradigmlab.lab.data.TemplateDataSets;
import io.paradigmlab.lab.results.DatabaseCeilingResult;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Measures a scenario's database ceiling ({@link DatabaseCeiling}) with pgbench: on a fresh copy of the service's
 * data, on the campaign's PostgreSQL server, {@code pgbench -n -M prepared -c clients -j min(clients, cores) -T
 * seconds -f script -D var=value ...}, then parses its rate (docs/methodology.md, "The database ceiling"). The
 * pgbench on the {@code PATH} is used (Debian: package postgresql-client); a client older than the server works,
 * the protocol being the same.
 */
public final class DatabaseCeilingBench {

    /** The shortest and longest run: a level's duration, within these bounds. */
    static final int MIN_SECONDS = 3;
    static final int MAX_SECONDS = 30;
    /** The suffix of the copy of the service's database the ceiling runs in (dropped afterwards). */
    static final String SUFFIX = "_dbceiling";

    private static final Pattern TPS = Pattern.compile(
            "^tps = ([0-9]+(?:\\.[0-9]+)?) \\(without initial connection time\\)", Pattern.MULTILINE);
    private static final Pattern TRANSACTIONS = Pattern.compile(
            "^number of transactions actually processed: ([0-9]+)", Pattern.MULTILINE);
    private static final Pattern FAILED = Pattern.compile("^number of failed transactions: ([0-9]+)",
            Pattern.MULTILINE);
    private static final Pattern LATENCY = Pattern.compile("^latency average = ([0-9]+(?:\\.[0-9]+)?) ms",
            Pattern.MULTILINE);

    private DatabaseCeilingBench() {
    }

    /** What pgbench printed, parsed. */
    record Output(double tps, long transactions, long failed, double latencyMs) {
    }

    /** The pgbench on the {@code PATH}, if any. */
    public static Optional<Path> find() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, "pgbench");
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** How long pgbench runs for a level duration of {@code levelSeconds}: that, within 3 to 30 s. */
    static int seconds(int levelSeconds) {
        return Math.clamp(levelSeconds, MIN_SECONDS, MAX_SECONDS);
    }

    /** pgbench's threads: one per client, at most one per core. */
    static int threads(int clients, int cores) {
        return Math.max(1, Math.min(clients, cores));
    }

    /**
     * The pgbench command line (the password goes in the environment, {@code PGPASSWORD}, never here).
     *
     * @param script the file holding {@link DatabaseCeiling#script()}
     */
    static List<String> command(Path pgbench, DatabaseCeiling ceiling, int cores, int seconds, Path script,
                                PostgresEndpoint postgres, String database) {
        List<String> command = new ArrayList<>(List.of(pgbench.toString(), "-n", "-M", "prepared",
                "-c", Integer.toString(ceiling.clients()), "-j", Integer.toString(threads(ceiling.clients(), cores)),
                "-T", Integer.toString(seconds), "-f", script.toString()));
        for (Map.Entry<String, Long> variable : ceiling.variables().entrySet()) {
            command.add("-D");
            command.add(variable.getKey() + "=" + variable.getValue());
        }
        command.addAll(List.of("-h", postgres.host(), "-p", Integer.toString(postgres.port()), "-U", postgres.user(),
                database));
        return command;
    }

    /**
     * pgbench's summary: the rate without the initial connection time, the transactions, the failed ones (0 when the
     * version does not report them) and the average latency (NaN when absent).
     *
     * @throws LabException when the output has no rate
     */
    static Output parse(String output) {
        Matcher tps = TPS.matcher(output);
        if (!tps.find()) {
            throw new LabException("pgbench printed no rate (\"tps = ... (without initial connection time)\"):\n"
                    + tail(output));
        }
        Matcher transactions = TRANSACTIONS.matcher(output);
        Matcher failed = FAILED.matcher(output);
        Matcher latency = LATENCY.matcher(output);
        return new Output(Double.parseDouble(tps.group(1)),
                transactions.find() ? Long.parseLong(transactions.group(1)) : -1,
                failed.find() ? Long.parseLong(failed.group(1)) : 0,
                latency.find() ? Double.parseDouble(latency.group(1)) : Double.NaN);
    }

    /** {@code pgbench --version}, e.g. "pgbench (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)". */
    static String version(Path pgbench) {
        return run(List.of(pgbench.toString(), "--version"), Map.of(), 30).strip();
    }

    /**
     * Measures: copies the service's template to a database of its own, runs the setup there, then pgbench for
     * {@code seconds}; drops the copy afterwards.
     *
     * @param workDir where the script is written
     * @throws LabException when any step fails (the caller goes on without the ceiling)
     */
    public static DatabaseCeilingResult measure(Path pgbench, DatabaseCeiling ceiling, PostgresEndpoint postgres,
                                                TemplateDataSets.DataSet data, DatabaseInfo database, int seconds,
                                                Path workDir, Consumer<String> progress) {
        String version = version(pgbench);
        String copy = database.name() + SUFFIX;
        TemplateDataSets.copy(postgres, data, database.service(), copy);
        try {
            if (!ceiling.setup().isBlank()) {
                try (Connection c = DriverManager.getConnection(postgres.jdbcUrl(copy), postgres.user(),
                        postgres.password()); Statement s = c.createStatement()) {
                    s.execute(ceiling.setup());
                } catch (SQLException e) {
                    throw new LabException("The database ceiling's setup failed on " + copy + ": " + e.getMessage(),
                            e);
                }
            }
            Path script = workDir.resolve("db-ceiling.pgbench");
            try {
                Files.createDirectories(workDir);
                Files.writeString(script, ceiling.script(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new LabException("Cannot write the pgbench script " + script + ": " + e.getMessage(), e);
            }
            int cores = Runtime.getRuntime().availableProcessors();
            List<String> command = command(pgbench, ceiling, cores, seconds, script, postgres, copy);
            progress.accept(String.join(" ", command));
            Output out = parse(run(command, Map.of("PGPASSWORD", postgres.password()), seconds + 120L));
            return new DatabaseCeilingResult(ceiling.description(), ceiling.service(), out.tps(), out.transactions(),
                    out.failed(), out.latencyMs(), ceiling.clients(), threads(ceiling.clients(), cores), seconds,
                    ceiling.script(), ceiling.setup(), String.join(" ", command), version);
        } finally {
            drop(postgres, copy);
        }
    }

    private static void drop(PostgresEndpoint postgres, String database) {
        try (Connection c = DriverManager.getConnection(postgres.jdbcUrl("postgres"), postgres.user(),
                postgres.password()); Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
        } catch (SQLException e) {
            // left behind: the next campaign's copy replaces it
        }
    }

    /** Runs a command to its end, its output and errors merged; fails with its output unless it exits with 0. */
    private static String run(List<String> command, Map<String, String> env, long timeoutSeconds) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().putAll(env);
        try {
            Process process = pb.start();
            byte[] bytes;
            try (InputStream in = process.getInputStream()) {
                // pgbench prints its summary at the end: reading to the end waits for it
                bytes = in.readAllBytes();
            }
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new LabException(command.getFirst() + " did not finish within " + timeoutSeconds + " s");
            }
            String output = new String(bytes, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new LabException(String.join(" ", command) + " exited with " + process.exitValue() + ":\n"
                        + tail(output));
            }
            return output;
        } catch (IOException e) {
            throw new LabException("Cannot run " + command.getFirst() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("Interrupted while running " + command.getFirst(), e);
        }
    }

    private static String tail(String output) {
        String[] lines = output.strip().split("\n");
        return String.join("\n", java.util.Arrays.asList(lines).subList(Math.max(0, lines.length - 15),
                lines.length));
    }
}
