package io.paradigmlab.lab.verify;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.MariaDbEndpoint;
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
 * Counts the SQL statements MariaDB executed, per database and statement digest, from
 * {@code performance_schema.events_statements_summary_by_digest} (the embedded server runs with the performance
 * schema on, see {@code MariaDb}): the twin of {@link StatementStatistics} for the applications that keep a database
 * on MariaDB. A digest already has its literals replaced by {@code ?} and a multi-row {@code VALUES} list folded, so a
 * batch insert of 3 or 55 rows is one statement; this class collapses whitespace and leaves out what no request's
 * work is (transaction control, session set-up, validation, the drivers' own look-ups).
 */
public final class MariaDbStatementStatistics implements AutoCloseable {

    private static final Pattern SESSION = Pattern.compile(
            "^(BEGIN|START TRANSACTION|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|SET|SHOW|DO|KILL|USE)\\b.*", Pattern.DOTALL);
    /** Validation ({@code SELECT 1}) and the drivers' reads of server variables ({@code SELECT @@...}). */
    private static final Pattern DRIVER_READ = Pattern.compile("^SELECT (\\?|@@.*|VERSION \\( \\).*)$", Pattern.DOTALL);
    private static final Pattern MORE_ROWS = Pattern.compile("\\s*/\\* , \\.\\.\\. \\*/");
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");

    private final MariaDbEndpoint mariadb;
    private Connection connection;

    public MariaDbStatementStatistics(MariaDbEndpoint mariadb) {
        this.mariadb = mariadb;
    }

    /** Forgets every count so far, on every database. */
    public synchronized void reset() {
        try (Statement s = connection().createStatement()) {
            s.execute("TRUNCATE TABLE performance_schema.events_statements_summary_by_digest");
        } catch (SQLException e) {
            throw failure("reset", e);
        }
    }

    /**
     * Executions since the last {@link #reset()} of every counted statement run in one of {@code databases}, keyed
     * {@code "<label>: <digest>"} with the label the map gives each database name.
     */
    public synchronized Map<String, Long> read(Map<String, String> databases) {
        Map<String, Long> out = new TreeMap<>();
        try (Statement s = connection().createStatement();
             ResultSet rs = s.executeQuery("SELECT SCHEMA_NAME, DIGEST_TEXT, COUNT_STAR"
                     + " FROM performance_schema.events_statements_summary_by_digest WHERE DIGEST_TEXT IS NOT NULL")) {
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
     * Whitespace runs become one space; no trailing semicolon; the digest's mark of further rows in a {@code VALUES}
     * list ({@code VALUES (...) /* , ... *}{@code /}) goes, so one statement is one whatever number of rows it inserts
     * (the e-shop writes a batch's accepted orders, one or 55, in one statement).
     */
    public static String normalize(String digest) {
        String text = MORE_ROWS.matcher(digest == null ? "" : digest).replaceAll("");
        text = WHITESPACE.matcher(text).replaceAll(" ").trim();
        return text.endsWith(";") ? text.substring(0, text.length() - 1).trim() : text;
    }

    /** Whether a (normalized) digest is left out of the counts: session and transaction statements, driver reads. */
    public static boolean ignored(String normalized) {
        String upper = normalized.toUpperCase(Locale.ROOT);
        return upper.isEmpty() || SESSION.matcher(upper).matches() || DRIVER_READ.matcher(upper).matches()
                || upper.contains("PERFORMANCE_SCHEMA") || upper.contains("INFORMATION_SCHEMA");
    }

    private Connection connection() throws SQLException {
        if (connection == null || connection.isClosed()) {
            connection = DriverManager.getConnection(mariadb.jdbcUrl("mysql"), mariadb.user(), mariadb.password());
        }
        return connection;
    }

    private LabException failure(String what, SQLException e) {
        return new LabException("Cannot " + what + " MariaDB's statement digests on " + mariadb.host() + ":"
                + mariadb.port() + " (the server needs performance_schema=ON and the account the right to read it): "
                + e.getMessage(), e);
    }

    @Override
    public synchronized void close() {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // on the way out
            }
            connection = null;
        }
    }
}
