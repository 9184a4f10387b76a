package io.paradigmlab.lab.verify;

import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.PostgresEndpoint;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Counts the SQL statements PostgreSQL executed, per database and normalized statement text, from
 * {@code pg_stat_statements} (preloaded by the lab's embedded server, see {@code Infrastructure}). Constants are
 * already replaced by {@code $n} there; this class also collapses whitespace and leaves out statements that are no
 * work of a request (see {@link #ignored(String)}).
 */
public final class StatementStatistics implements AutoCloseable {

    /**
     * Transaction control and session statements, which each driver issues its own way (JDBC's autocommit switch
     * versus R2DBC's {@code BEGIN}, Hikari's and r2dbc-pool's connection set-up): they are not statements of the
     * application's SQL classes, so they are not counted.
     */
    private static final Pattern SESSION = Pattern.compile(
            "^(BEGIN|START TRANSACTION|COMMIT|END|ROLLBACK|ABORT|SAVEPOINT|RELEASE|PREPARE TRANSACTION|SET|RESET|SHOW"
                    + "|DISCARD|DEALLOCATE|LISTEN|UNLISTEN)\\b.*", Pattern.DOTALL);
    /** Connection validation queries ({@code SELECT 1} becomes {@code SELECT ?} once normalized). */
    private static final Pattern VALIDATION = Pattern.compile("^SELECT \\?$");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    /** {@code EXTRACT(<field> FROM}: the field is a constant to PostgreSQL (recorded as {@code $n} or as written). */
    private static final Pattern EXTRACT_FIELD = Pattern.compile("(?i)(\\bEXTRACT\\s*\\()\\s*(?:[A-Za-z_]+|\\$\\d+)(\\s+FROM\\b)");
    private static final Pattern STRING_LITERAL = Pattern.compile("'(?:[^']|'')*'");
    private static final Pattern PARAMETER = Pattern.compile("\\$\\d+");
    private static final Pattern NUMBER_LITERAL = Pattern.compile("(?<![\\w$.])-?\\d+(?:\\.\\d+)?(?![\\w.])");

    private final PostgresEndpoint postgres;
    private Connection connection;

    public StatementStatistics(PostgresEndpoint postgres) {
        this.postgres = postgres;
    }

    /**
     * Creates the extension these statistics read ({@link Infrastructure#installStatementStatistics}); the embedded
     * server has it from {@link Infrastructure#start}.
     */
    public static void install(PostgresEndpoint postgres) {
        Infrastructure.installStatementStatistics(postgres);
    }

    /** Forgets every count so far, on every database. */
    public synchronized void reset() {
        try (Statement s = connection().createStatement()) {
            s.execute("SELECT pg_stat_statements_reset()");
        } catch (SQLException e) {
            throw failure("reset", e);
        }
    }

    /**
     * Calls since the last {@link #reset()} of every counted statement run in one of {@code databases}, keyed
     * {@code "<label>: <statement>"} with the label the map gives each database name.
     */
    public synchronized Map<String, Long> read(Map<String, String> databases) {
        Map<String, Long> out = new TreeMap<>();
        try (Statement s = connection().createStatement();
             ResultSet rs = s.executeQuery("SELECT d.datname, s.query, s.calls FROM pg_stat_statements s"
                     + " JOIN pg_database d ON d.oid = s.dbid")) {
            while (rs.next()) {
                String label = databases.get(rs.getString(1));
                String query = normalize(rs.getString(2));
                long calls = rs.getLong(3);
                if (label != null && calls > 0 && !ignored(query)) {
                    out.merge(label + ": " + query, calls, Long::sum);
                }
            }
            return out;
        } catch (SQLException e) {
            throw failure("read", e);
        }
    }

    /**
     * The statement as the lab compares it: parameters ({@code $1}), string and number literals all become
     * {@code ?}, whitespace runs one space, no trailing semicolon. Parameters lose their numbers because JDBC numbers
     * each occurrence of a repeated named parameter ({@code id <> $2 ... id <> $4}) where R2DBC reuses one
     * ({@code $2 ... $2}); literals go because pg_stat_statements keeps them in the text of a statement that was
     * prepared before its last reset (a server-side prepared statement), and replaces them otherwise. The same holds
     * for the field of {@code EXTRACT(month FROM ...)}, which PostgreSQL parses into a string constant: it becomes
     * {@code EXTRACT(? FROM ...)} too.
     */
    public static String normalize(String query) {
        String text = query == null ? "" : query;
        text = EXTRACT_FIELD.matcher(text).replaceAll("$1?$2");
        text = STRING_LITERAL.matcher(text).replaceAll("?");
        text = PARAMETER.matcher(text).replaceAll("?");
        text = NUMBER_LITERAL.matcher(text).replaceAll("?");
        text = WHITESPACE.matcher(text).replaceAll(" ").trim();
        return text.endsWith(";") ? text.substring(0, text.length() - 1).trim() : text;
    }

    /**
     * Whether a (normalized) statement is left out of the counts: transaction control and session statements,
     * connection validation ({@code SELECT 1}), and drivers' catalog look-ups (anything reading {@code pg_catalog}
     * or {@code pg_type}, e.g. R2DBC's codec discovery on connect, JDBC's array type look-up).
     */
    public static boolean ignored(String normalized) {
        String upper = normalized.toUpperCase(Locale.ROOT);
        return upper.isEmpty() || SESSION.matcher(upper).matches() || VALIDATION.matcher(upper).matches()
                || upper.contains("PG_CATALOG.") || upper.contains("PG_TYPE") || upper.contains("PG_STAT_STATEMENTS");
    }

    private Connection connection() throws SQLException {
        if (connection == null || connection.isClosed()) {
            connection = DriverManager.getConnection(postgres.jdbcUrl("postgres"), postgres.user(), postgres.password());
        }
        return connection;
    }

    private LabException failure(String what, SQLException e) {
        return new LabException("Cannot " + what + " pg_stat_statements on " + postgres.host() + ":" + postgres.port()
                + ": " + e.getMessage(), e);
    }

    @Override
    public synchronized void close() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // best effort
            }
        }
    }
}
