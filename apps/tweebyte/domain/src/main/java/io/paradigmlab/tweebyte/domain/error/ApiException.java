package io.paradigmlab.tweebyte.domain.error;

import java.util.List;

/**
 * A client-visible failure with its HTTP status and the messages of the contract's error body.
 * Every variant maps it to the same response, so the status and messages are decided here, once.
 */
public sealed class ApiException extends RuntimeException
        permits ApiException.InvalidInput, ApiException.Unauthorized, ApiException.Forbidden,
                ApiException.NotFound, ApiException.Conflict, ApiException.PayloadTooLarge,
                ApiException.Unavailable, ApiException.Timeout {

    private final int status;
    private final List<String> errors;

    private ApiException(int status, List<String> errors) {
        super(String.join("; ", errors), null, false, false);
        this.status = status;
        this.errors = List.copyOf(errors);
    }

    public int status() {
        return status;
    }

    public List<String> errors() {
        return errors;
    }

    /** 400: malformed or invalid input. */
    public static final class InvalidInput extends ApiException {
        public InvalidInput(List<String> errors) {
            super(400, errors);
        }

        public InvalidInput(String error) {
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

    /** 404: unknown resource. */
    public static final class NotFound extends ApiException {
        public NotFound(String error) {
            super(404, List.of(error));
        }
    }

    /** 409: duplicate of something that must be unique. */
    public static final class Conflict extends ApiException {
        public Conflict(List<String> errors) {
            super(409, errors);
        }
    }

    /** 413: the request or one of its parts is larger than this service accepts. */
    public static final class PayloadTooLarge extends ApiException {
        public PayloadTooLarge() {
            super(413, List.of(StandardErrors.PAYLOAD_TOO_LARGE));
        }
    }

    /** 503: a service this request needs is down or failing; the client may retry (the answer says when). */
    public static final class Unavailable extends ApiException {
        /** Seconds a client should wait before retrying, sent as {@code Retry-After}. */
        public static final int RETRY_AFTER_SECONDS = 10;
        public static final String DOWNSTREAM = "Downstream service unavailable";
        /**
         * The service's own database cannot be reached (down, restarting, or no connection to be had within the
         * pool's acquire timeout, {@code tweebyte.db.acquire-timeout-ms}).
         */
        public static final String DATABASE = "Database unavailable";

        public Unavailable(String error) {
            super(503, List.of(error));
        }
    }

    /** 504: a service this request needs did not answer in time. */
    public static final class Timeout extends ApiException {
        public static final String DOWNSTREAM = "Downstream service timed out";

        public Timeout(String error) {
            super(504, List.of(error));
        }
    }
}
