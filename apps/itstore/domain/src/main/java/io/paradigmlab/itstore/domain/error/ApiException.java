package io.paradigmlab.itstore.domain.error;

import java.util.List;

/**
 * A client-visible failure with its HTTP status and the messages of the contract's error body. Every variant maps it
 * to the same response, so the status and messages are decided here, once. Nothing else the domain throws on a
 * request's input: parsing a parameter fails with {@link InvalidInput} whatever the input (missing, empty, not a
 * number, out of range, NUL bytes, a thousand digits).
 */
public sealed class ApiException extends RuntimeException
        permits ApiException.InvalidInput, ApiException.NotFound, ApiException.Unavailable {

    private final int status;
    private final List<String> errors;

    private ApiException(int status, List<String> errors) {
        // no stack trace: these are answers, not faults, and some load tests send many of them
        super(String.join("; ", errors), null, false, false);
        this.status = status;
        this.errors = List.copyOf(errors);
    }

    /** The HTTP status to answer with. */
    public int status() {
        return status;
    }

    /** The messages of the error body, in the order the checks ran. */
    public List<String> errors() {
        return errors;
    }

    /** 400: a request parameter or path variable is missing, malformed or out of range. */
    public static final class InvalidInput extends ApiException {
        public InvalidInput(List<String> errors) {
            super(400, errors);
        }

        public InvalidInput(String error) {
            this(List.of(error));
        }
    }

    /** 404: no product with the requested id. */
    public static final class NotFound extends ApiException {
        public NotFound(String error) {
            super(404, List.of(error));
        }
    }

    /**
     * 503: the database cannot be reached, or the pool gave no connection within its acquire timeout (spec 1.7); the
     * answer carries {@code Retry-After}.
     */
    public static final class Unavailable extends ApiException {
        /** Seconds a client should wait before retrying, sent as {@code Retry-After}. */
        public static final int RETRY_AFTER_SECONDS = 10;
        public static final String DATABASE = "Database unavailable";

        public Unavailable(String error) {
            super(503, List.of(error));
        }
    }
}
