package io.paradigmlab.eshop.domain.error;

import java.util.List;

/**
 * A client-visible failure with its HTTP status and the messages of the contract's error body (spec 2.7). Every
 * variant of every service maps it to the same response, so the status and the words are decided here, once. The
 * domain throws nothing else on a request's input: whatever the input (missing, malformed, out of range, NUL bytes, a
 * thousand digits), validation fails with {@link BadRequest}.
 */
public sealed class ApiException extends RuntimeException
        permits ApiException.BadRequest, ApiException.NotFound, ApiException.Conflict, ApiException.Unavailable {

    private final int status;
    private final List<String> errors;

    private ApiException(int status, List<String> errors) {
        // no stack trace: these are answers, not faults, and the load tests send many of them (O1: 55 per request)
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

    /** 400: a field, parameter, path variable or CSV row is missing, malformed or out of range. */
    public static final class BadRequest extends ApiException {
        public BadRequest(List<String> errors) {
            super(400, errors);
        }

        public BadRequest(String error) {
            this(List.of(error));
        }
    }

    /** 404: no product, stock level or order with the requested id or code. */
    public static final class NotFound extends ApiException {
        public static final String PRODUCT = "Product not found";
        public static final String STOCK = "Stock not found";
        public static final String ORDER = "Order not found";

        public NotFound(String error) {
            super(404, List.of(error));
        }
    }

    /** 409: a product with the same {@code code} exists (one added by {@code POST /products} or an import). */
    public static final class Conflict extends ApiException {
        public static final String DUPLICATE_CODE = "A product with this code already exists";

        public Conflict(String error) {
            super(409, List.of(error));
        }
    }

    /**
     * 503: a downstream service (Inventory for Product and Order) or the database cannot be reached, or a pool gave
     * no connection within its acquire timeout; the answer carries {@code Retry-After: retryAfterSeconds()}.
     */
    public static final class Unavailable extends ApiException {
        /** Seconds a client should wait before retrying, sent as {@code Retry-After}, unless a caller says otherwise. */
        public static final int RETRY_AFTER_SECONDS = 10;
        public static final String DATABASE = "Database unavailable";
        public static final String INVENTORY = "Inventory service unavailable";

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
}
