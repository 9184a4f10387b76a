package io.paradigmlab.common.contract;

import java.util.List;

/**
 * A client-visible failure with its HTTP status and the messages of the contract's error body ({@link ErrorBody}).
 * Every variant of every application maps it to the same response, so the status is decided here, once; the words
 * are the application's. An application's domain throws nothing else on a request's input: whatever the input
 * (missing, malformed, out of range, NUL bytes, a thousand digits), validation fails with {@link BadRequest}.
 */
public sealed class ApiException extends RuntimeException
        permits ApiException.BadRequest, ApiException.Unauthorized, ApiException.Forbidden, ApiException.NotFound,
                ApiException.Conflict, ApiException.PayloadTooLarge, ApiException.Unavailable, ApiException.Timeout {

    private final int status;
    private final List<String> errors;

    private ApiException(int status, List<String> errors) {
        // no stack trace: these are answers, not faults, and load tests send many of them
        super(String.join("; ", errors), null, false, false);
        if (errors.isEmpty()) {
            throw new IllegalArgumentException("an error answer needs at least one message");
        }
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

    /** 400: a field, parameter, path variable or row of the request is missing, malformed or out of range. */
    public static final class BadRequest extends ApiException {
        public BadRequest(List<String> errors) {
            super(400, errors);
        }

        public BadRequest(String error) {
            this(List.of(error));
        }
    }

    /** 401: missing or invalid credentials. */
    public static final class Unauthorized extends ApiException {
        public Unauthorized(String error) {
            super(401, List.of(error));
        }
    }

    /** 403: acting on someone else's resource. */
    public static final class Forbidden extends ApiException {
        public Forbidden(String error) {
            super(403, List.of(error));
        }
    }

    /** 404: nothing with the requested id. */
    public static final class NotFound extends ApiException {
        public NotFound(String error) {
            super(404, List.of(error));
        }
    }

    /** 409: a duplicate of something that must be unique. */
    public static final class Conflict extends ApiException {
        public Conflict(List<String> errors) {
            super(409, errors);
        }

        public Conflict(String error) {
            this(List.of(error));
        }
    }

    /** 413: the request or one of its parts is larger than the service accepts. */
    public static final class PayloadTooLarge extends ApiException {
        public PayloadTooLarge(String error) {
            super(413, List.of(error));
        }
    }

    /**
     * 503: a service or database this request needs cannot be reached, or a pool gave no connection within its
     * acquire timeout; the answer carries {@code Retry-After: retryAfterSeconds()}.
     */
    public static final class Unavailable extends ApiException {
        /** Seconds a client should wait before retrying, sent as {@code Retry-After}, unless a caller says otherwise. */
        public static final int RETRY_AFTER_SECONDS = 10;
        /** The service's own database is down, restarting, or gave no connection within the acquire timeout. */
        public static final String DATABASE = "Database unavailable";

        private final int retryAfterSeconds;

        public Unavailable(String error, int retryAfterSeconds) {
            super(503, List.of(error));
            if (retryAfterSeconds < 0) {
                throw new IllegalArgumentException("Retry-After must not be negative: " + retryAfterSeconds);
            }
            this.retryAfterSeconds = retryAfterSeconds;
        }

        public Unavailable(String error) {
            this(error, RETRY_AFTER_SECONDS);
        }

        /** The value of the {@code Retry-After} header, in seconds. */
        public int retryAfterSeconds() {
            return retryAfterSeconds;
        }
    }

    /** 504: a service this request needs did not answer in time. */
    public static final class Timeout extends ApiException {
        public Timeout(String error) {
            super(504, List.of(error));
        }
    }
}
