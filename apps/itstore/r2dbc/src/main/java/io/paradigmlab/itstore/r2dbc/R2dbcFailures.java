package io.paradigmlab.itstore.r2dbc;

import io.paradigmlab.common.contract.ApiException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;

/**
 * Recognizes a database that cannot be reached, so that {@link R2dbcStore} signals the domain's 503
 * ({@link ApiException.Unavailable}, {@code Database unavailable}) instead of a driver error that would become a 500:
 * r2dbc-postgresql's connection failures and server errors that are no fault of the statement
 * ({@link R2dbcNonTransientResourceException}), transient resource failures, and r2dbc-pool's acquire timeout
 * ({@link R2dbcTimeoutException}). Spring's R2DBC exceptions keep the driver's as their cause. The same rule as
 * Tweebyte's reactive {@code DatabaseFailures}; the JDBC twin is {@code JdbcFailures} in itstore-jdbc.
 */
public final class R2dbcFailures {

    private R2dbcFailures() {
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

    static ApiException.Unavailable unavailable(Throwable error) {
        return new ApiException.Unavailable(ApiException.Unavailable.DATABASE);
    }
}
