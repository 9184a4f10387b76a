package io.paradigmlab.itstore.jdbc;

import io.paradigmlab.common.contract.ApiException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;

/**
 * Recognizes a database that cannot be reached, so that {@link JdbcStore} throws the domain's 503
 * ({@link ApiException.Unavailable}, {@code Database unavailable}) instead of a driver error that would become a 500:
 * HikariCP's acquire timeout ({@link SQLTransientConnectionException}, which Spring wraps in a
 * {@code CannotGetJdbcConnectionException}), a connection failure (SQLState class {@code 08}), or the server shutting
 * down, crashed or starting up ({@code 57P01}-{@code 57P03}). The same rule as Tweebyte's servlet
 * {@code DatabaseFailures}; the R2DBC twin is {@code R2dbcFailures} in itstore-r2dbc.
 */
public final class JdbcFailures {

    private JdbcFailures() {
    }

    /** Whether {@code error} or one of its causes says the database is unreachable. */
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

    /** The domain's 503 when {@code error} says the database is unreachable, else {@code error} itself. */
    static RuntimeException translate(RuntimeException error) {
        return unreachable(error) ? new ApiException.Unavailable(ApiException.Unavailable.DATABASE) : error;
    }
}
