package io.paradigmlab.common.web.mvc;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;

/**
 * Recognizes a database that cannot be reached, so that a service answers 503 {@code Database unavailable} with
 * {@code Retry-After} instead of a 500: no connection from HikariCP within its acquire timeout (2 s), PostgreSQL or
 * MariaDB down or restarting, a connection cut under a running statement. Spring's JDBC exceptions keep the
 * {@link SQLException} as their cause.
 */
public final class DatabaseFailures {

    private DatabaseFailures() {
    }

    /**
     * Whether {@code error} or one of its causes says the database is unreachable: HikariCP's acquire timeout
     * ({@link SQLTransientConnectionException}), a connection failure (SQLState class {@code 08}), or PostgreSQL
     * shutting down, crashed or starting up ({@code 57P01}-{@code 57P03}).
     */
    public static boolean unreachable(Throwable error) {
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
}
