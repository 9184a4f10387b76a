package io.paradigmlab.common.web.flux;

import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;

/**
 * Recognizes a database that cannot be reached, so that a WebFlux variant answers 503
 * {@link io.paradigmlab.common.contract.ApiException.Unavailable#DATABASE} with {@code Retry-After} (what the servlet
 * variants do for JDBC) instead of a 500: a connection failure or a server error that is no fault of the statement
 * ({@link R2dbcNonTransientResourceException}: the database down or restarting, a connection cut under a running
 * statement), a transient resource failure, and r2dbc-pool's acquire timeout ({@link R2dbcTimeoutException}). Spring's
 * R2DBC exceptions keep the driver's as their cause. Only the R2DBC SPI's types: a variant without R2DBC never meets
 * one.
 */
public final class DatabaseFailures {

    private DatabaseFailures() {
    }

    /** Whether {@code error} or one of its causes says the database is unreachable. */
    public static boolean unreachable(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (e instanceof R2dbcNonTransientResourceException || e instanceof R2dbcTransientResourceException
                    || e instanceof R2dbcTimeoutException) {
                return true;
            }
        }
        return false;
    }

    /** The first R2DBC exception in {@code error}'s causes, or null. */
    public static R2dbcException driverError(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (e instanceof R2dbcException r2dbc) {
                return r2dbc;
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
}
