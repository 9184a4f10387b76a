package io.paradigmlab.tweebyte.web.reactive;

import io.paradigmlab.tweebyte.domain.error.OutageWarnings;
import io.r2dbc.spi.R2dbcNonTransientResourceException;
import io.r2dbc.spi.R2dbcTimeoutException;
import io.r2dbc.spi.R2dbcTransientResourceException;
import org.slf4j.Logger;

/**
 * Recognizes a database that cannot be reached, so that the reactive variant answers a clean 503 {@code Database
 * unavailable} with {@code Retry-After} (what the servlet variants' {@code DatabaseFailures} does for JDBC) instead
 * of a 500: PostgreSQL down or restarting, a connection cut under a running statement, or no connection from the
 * pool within {@code tweebyte.db.acquire-timeout-ms}. Spring's R2DBC exceptions keep the driver's as their cause.
 */
final class DatabaseFailures {

    private static final OutageWarnings WARNINGS = new OutageWarnings(10);

    private DatabaseFailures() {
    }

    /**
     * Whether {@code error} or one of its causes says the database is unreachable: r2dbc-postgresql's connection
     * failures and server errors that are no fault of the statement ({@link R2dbcNonTransientResourceException}),
     * transient resource failures, and r2dbc-pool's acquire timeout ({@link R2dbcTimeoutException}).
     */
    static boolean unreachable(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (e instanceof R2dbcNonTransientResourceException || e instanceof R2dbcTransientResourceException
                    || e instanceof R2dbcTimeoutException) {
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
