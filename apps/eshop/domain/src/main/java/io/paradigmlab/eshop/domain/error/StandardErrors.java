package io.paradigmlab.eshop.domain.error;

import io.paradigmlab.common.contract.ErrorWords;
import io.paradigmlab.common.contract.WebPlumbing;
import java.util.List;

/**
 * The e-shop's words in its error bodies (spec 2.7): for the failures its services decide, and for those that the web
 * frameworks detect before the application's code runs, which MVC and WebFlux word differently; every variant answers
 * with these words instead, so responses stay identical. The statuses are {@code ApiException}'s.
 */
public final class StandardErrors {

    /** A request the HTTP server or the JSON reader could not parse (bad percent-encoding, broken JSON, wrong type). */
    public static final String MALFORMED_REQUEST = "Malformed request";
    /** A request whose body is required but absent. */
    public static final String BODY_REQUIRED = "Request body is required";
    public static final String METHOD_NOT_ALLOWED = "Method not allowed";
    /** A request body of a media type the endpoint does not take (import: {@code text/csv} or multipart only). */
    public static final String UNSUPPORTED_MEDIA_TYPE = "Unsupported media type";
    /** A request body above the server's size limit (the import's upload, say). */
    public static final String PAYLOAD_TOO_LARGE = "Request body too large";
    /** An unknown path. */
    public static final String NOT_FOUND = "Resource not found";
    public static final String INTERNAL = "Internal server error";
    /** More requests in flight than a service's bound: a 503 with {@code Retry-After}, so nothing queues unbounded. */
    public static final String OVERLOADED = "Service overloaded, try again later";

    /** 404 for a product id or code nobody added. */
    public static final String PRODUCT_NOT_FOUND = "Product not found";
    /** 404 for a stock level of an unknown product. */
    public static final String STOCK_NOT_FOUND = "Stock not found";
    /** 404 for an unknown order id. */
    public static final String ORDER_NOT_FOUND = "Order not found";
    /** 409: a product with the same {@code code} exists (one added by {@code POST /products} or an import). */
    public static final String DUPLICATE_CODE = "A product with this code already exists";
    /** 503 from Product and Order: the Inventory service cannot be reached. */
    public static final String INVENTORY_UNAVAILABLE = "Inventory service unavailable";

    /** These words, for the shared web plumbing. */
    public static final ErrorWords WORDS = new ErrorWords(MALFORMED_REQUEST, MALFORMED_REQUEST, NOT_FOUND, METHOD_NOT_ALLOWED, PAYLOAD_TOO_LARGE,
            UNSUPPORTED_MEDIA_TYPE, INTERNAL, OVERLOADED, MALFORMED_REQUEST);

    /**
     * These words and the e-shop's edge, for the shared web plumbing: at most 10,000 requests in flight per service
     * ({@code eshop.limits.max-concurrent-requests}; the e-shop's seed drives up to 3,000 users).
     */
    public static final WebPlumbing WEB = WebPlumbing.of("eshop", WORDS, 10_000);

    private StandardErrors() {
    }

    /** The message list for a status the framework produced, with no detail from the application. */
    public static List<String> forStatus(int status) {
        return WORDS.forStatus(status);
    }
}
