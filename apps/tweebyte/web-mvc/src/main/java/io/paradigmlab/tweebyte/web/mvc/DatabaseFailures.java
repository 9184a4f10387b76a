package io.paradigmlab.tweebyte.web.mvc;

import io.paradigmlab.tweebyte.domain.error.OutageWarnings;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import org.slf4j.Logger;

/**
 * Recognizes a database that cannot be reached, so that the servlet variants answer a clean 503 {@code Database
 * unavailable} with {@code Retry-After} (what the reactive variant's {@code DatabaseFailures} does for R2DBC) instead
 * of a 500: PostgreSQL down or restarting, a connection cut under a running statement, or no connection from the
 * pool within {@code tweebyte.db.acquire-timeout-ms}. Only JDK types are looked at (Spring's JDBC exceptions keep
 * the {@link SQLException} as their cause), so this module needs no JDBC library.
 */
final class DatabaseFailures {

    private static final OutageWarnings WARNINGS = new OutageWarnings(10);

    private DatabaseFailures() {
    }

    /**
     * Whether {@code error} or one of its causes says the database is unreachable: HikariCP's acquire timeout
     * ({@link SQLTransientConnectionException}), a connection failure (SQLState class {@code 08}), or the server
     * shutting down, crashed or starting up ({@code 57P01}-{@code 57P03}).
     */
    static boolean unreachable(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (e instanceof SQLTransientConnectionException || e instanceof SQLNonTransientConnectionException
                    || e instanceof SQLRecoverableException) {
                return true;
            }
            if (e instanceof SQLException sql && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("08") || sql.getSQLState().matches("57P0[123]"))) {
                return true;
            }
        }
        return false;
    }

    /** One WARN line at most every 10 s: an outage fails every request, the log needs to say so once. */
    static void warn(Logger log, String method, String path, Throwable error) {
        if (WARNINGS.due()) {
            log.warn("Database unavailable, answering 503 ({} {}): {}", method, path,
                    OutageWarnings.rootCause(error).toString());
        }
    }
}
