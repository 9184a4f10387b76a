package io.paradigmlab.common.contract;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLRecoverableException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;

/**
 * Recognizes a database that cannot be reached, so that every variant answers 503
 * {@link ApiException.Unavailable#DATABASE} with {@code Retry-After} instead of a 500, whichever driver it uses: no
 * connection from the pool within its acquire timeout (2 s), the database down or restarting, a connection cut under a
 * running statement. Spring's JDBC and R2DBC exceptions keep the driver's as their cause. The R2DBC SPI's types are
 * recognized by name, so that this module needs nothing but the JDK (and a variant without R2DBC never loads them).
 */
public final class DatabaseFailures {

    /**
     * The R2DBC SPI's out-of-reach failures: a connection failure or a server error that is no fault of the statement
     * (the database down or restarting, a connection cut), a transient resource failure, r2dbc-pool's acquire timeout.
     */
    private static final Set<String> R2DBC_UNREACHABLE = Set.of("io.r2dbc.spi.R2dbcNonTransientResourceException",
            "io.r2dbc.spi.R2dbcTransientResourceException", "io.r2dbc.spi.R2dbcTimeoutException");
    private static final String R2DBC_EXCEPTION = "io.r2dbc.spi.R2dbcException";

    private DatabaseFailures() {
    }

    /**
     * Whether {@code error} or one of its causes says the database is unreachable: for JDBC, HikariCP's acquire
     * timeout ({@link SQLTransientConnectionException}), a connection failure (SQLState class {@code 08}), or
     * PostgreSQL shutting down, crashed or starting up ({@code 57P01}-{@code 57P03}); for R2DBC, the types of
     * {@link #R2DBC_UNREACHABLE}.
     */
    public static boolean unreachable(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (e instanceof SQLTransientConnectionException || e instanceof SQLNonTransientConnectionException
                    || e instanceof SQLRecoverableException || isA(e, R2DBC_UNREACHABLE)) {
                return true;
            }
            if (e instanceof SQLException sql && sql.getSQLState() != null
                    && (sql.getSQLState().startsWith("08") || sql.getSQLState().matches("57P0[123]"))) {
                return true;
            }
        }
        return false;
    }

    /** The first driver exception (a JDBC {@link SQLException} or an R2DBC one) in {@code error}'s causes, or null. */
    public static Throwable driverError(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (e instanceof SQLException || isA(e, Set.of(R2DBC_EXCEPTION))) {
                return e;
            }
        }
        return null;
    }

    /** The innermost cause of {@code error}, as text for a log line. */
    public static String rootCause(Throwable error) {
        Throwable e = error;
        while (e.getCause() != null && e.getCause() != e) {
            e = e.getCause();
        }
        return e.toString();
    }

    /** Whether {@code e}'s class or one of its superclasses is named in {@code types}. */
    private static boolean isA(Throwable e, Set<String> types) {
        for (Class<?> type = e.getClass(); type != null; type = type.getSuperclass()) {
            if (types.contains(type.getName())) {
                return true;
            }
        }
        return false;
    }
}
