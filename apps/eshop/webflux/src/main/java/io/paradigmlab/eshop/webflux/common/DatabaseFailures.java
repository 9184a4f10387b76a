package io.paradigmlab.eshop.webflux.common;

import io.r2dbc.spi.R2dbcException;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;

/**
 * Recognizes a database that cannot be reached, so that the services answer 503 {@code Database unavailable} with
 * {@code Retry-After} instead of a 500: a connection failure or a server error that is no fault of the statement
 * ({@link R2dbcNonTransientResourceException}), a transient resource failure, and r2dbc-pool's acquire timeout
 * ({@link R2dbcTimeoutException}, after {@code eshop.db.acquire-timeout}). Spring's R2DBC exceptions keep the
 * driver's as their cause. The rule of the IT store's and Tweebyte's reactive variants.
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
}
