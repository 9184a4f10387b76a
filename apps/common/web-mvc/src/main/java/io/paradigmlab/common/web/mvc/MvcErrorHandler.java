package io.paradigmlab.common.web.mvc;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.DatabaseFailures;
import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.common.contract.Failures;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import org.apache.catalina.connector.ClientAbortException;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.util.DisconnectedClientHelper;

/**
 * Every error of a servlet variant in the contract's body ({@link ErrorBody}), never Spring's own, with the
 * application's words: {@link ApiException}s with their status and messages ({@code Retry-After} on a 503, the
 * exception's own value), the failures Spring detects before a controller runs (malformed JSON or a wrong type 400,
 * unknown path 404, wrong method 405 with {@code Allow}, unsupported media type 415, too large 413 (an upload above
 * its limit, a body above {@link BodyLimitFilter}'s), a broken multipart body 400, a query Tomcat cannot parse 400),
 * an unreachable database 503 ({@link DatabaseFailures}), a full executor 503 with the {@code overloaded}
 * word, anything else a 500 whose cause is logged and never returned. Errors are JSON whatever the request's
 * {@code Accept} says (the content type is set, not negotiated).
 *
 * <p>An answer already started (a streamed body that fails half-way) is never replaced: the error is rethrown and
 * Tomcat closes the connection, so the client sees a truncated answer, never a shorter well-formed one; an answer not
 * yet committed has whatever part of it is still in Tomcat's buffer dropped first. A client that went away gets
 * nothing.
 *
 * <p>Last of all advice: an application's own {@code @RestControllerAdvice} (ordered before it) adds or overrides
 * handlers for its own exceptions. Spring asks the advice beans in order and takes the first that has a handler for
 * the exception or any of its superclasses, so an application's handler for {@code MultipartException} must also
 * answer its subclass {@code MaxUploadSizeExceededException} (413), as Tweebyte's does.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE)
public class MvcErrorHandler {

    private static final Logger log = LoggerFactory.getLogger(MvcErrorHandler.class);

    private static final Failures.Throttle outageWarnings = new Failures.Throttle();

    private final ErrorResponses errors;

    public MvcErrorHandler(ErrorResponses errors) {
        this.errors = errors;
    }

    /**
     * Whether the client closed the connection (a streamed answer it stopped reading): nobody to answer. Spring's test
     * reads "connection reset" or "broken pipe" in any cause's message, and so does the database driver's error when
     * PostgreSQL ends its sessions: that one is the database's connection, and the client still waits for its 503.
     */
    public static boolean clientGone(Throwable error) {
        return Failures.causedBy(error, ClientAbortException.class) || DatabaseFailures.driverError(error) == null
                && DisconnectedClientHelper.isClientDisconnectedException(error);
    }

    /** Whether a read of the body failed for passing the application's bound ({@link LimitedBodyStream}). */
    static boolean bodyTooLarge(Throwable error) {
        return Failures.causedBy(error, LimitedBodyStream.BodyTooLargeException.class);
    }

    /** Logs a 503's cause at most every 10 s. */
    public static void warnOutage(String method, String path, Throwable e) {
        if (outageWarnings.tryAcquire()) {
            log.warn("Answering 503 ({} {}): {}", method, path, e.toString());
        }
    }

    private ResponseEntity<ErrorBody> standard(int status, HttpServletRequest request) {
        return errors.standard(status, request.getRequestURI(), null);
    }

    /**
     * Broken JSON, a wrong type (a float for an integer, a string for an object), an unreadable body; 413 when the body
     * was cut off for passing the application's bound ({@link BodyLimitFilter}).
     */
    @ExceptionHandler(HttpMessageNotReadableException.class)
    public ResponseEntity<ErrorBody> unreadable(HttpMessageNotReadableException e, HttpServletRequest request) {
        return standard(bodyTooLarge(e) ? 413 : 400, request);
    }

    /**
     * A query Tomcat cannot parse, read by a controller after {@link MalformedQueryFilter} let it through (a request
     * with a form body, whose parameters the filter does not read).
     */
    @ExceptionHandler(InvalidParameterException.class)
    public ResponseEntity<ErrorBody> badParameters(InvalidParameterException e, HttpServletRequest request) {
        return ErrorResponses.of(400, request.getRequestURI(), List.of(errors.words().malformedRequest()), null,
                ErrorResponses.defaultRetryAfter());
    }

    /** A body above its limit; Tomcat reads and drops the rest. */
    @ExceptionHandler(MaxUploadSizeExceededException.class)
    public ResponseEntity<ErrorBody> tooLarge(MaxUploadSizeExceededException e, HttpServletRequest request) {
        return standard(413, request);
    }

    @ExceptionHandler(MultipartException.class)
    public ResponseEntity<ErrorBody> badMultipart(MultipartException e, HttpServletRequest request) {
        return standard(400, request);
    }

    /** The client went away while an async answer was being written: nobody to answer. */
    @ExceptionHandler(AsyncRequestNotUsableException.class)
    public void unusable(AsyncRequestNotUsableException e) {
        // nothing to write to
    }

    /**
     * Everything else: the contract's answer where it decides alone ({@link Failures#answer}: an {@link ApiException},
     * also inside a {@code CompletionException}, a full executor 503, an unreachable database 503), a body read past
     * the bound 413, Spring's own 4xx, otherwise a 500 whose cause is logged and never returned.
     */
    @ExceptionHandler(Exception.class)
    public ResponseEntity<ErrorBody> unexpected(Exception e, HttpServletRequest request, HttpServletResponse response)
            throws Exception {
        ApiException api = Failures.answer(e, errors.words());
        if (api == null && clientGone(e)) {
            log.debug("Client went away during {} {}", request.getMethod(), request.getRequestURI());
            return null;
        }
        if (response.isCommitted()) {
            // a streamed answer failed half-way: no status can be sent any more; rethrown, Tomcat closes the
            // connection (the client sees a truncated answer, never a shorter well-formed one)
            throw e;
        }
        // drops the part of a streamed answer still in Tomcat's buffer
        response.resetBuffer();
        if (api != null) {
            if (api instanceof ApiException.Unavailable) {
                // the database or a service is out of reach, or an executor is full: the client may retry
                warnOutage(request.getMethod(), request.getRequestURI(), e);
            }
            return ErrorResponses.of(api, request.getRequestURI());
        }
        if (bodyTooLarge(e)) {
            // a controller that read the body itself past the application's bound
            return standard(413, request);
        }
        if (e instanceof ErrorResponse framework && framework.getStatusCode().is4xxClientError()) {
            int status = framework.getStatusCode().value();
            return errors.standard(status, request.getRequestURI(), framework.getHeaders());
        }
        log.error("Unhandled error on {} {}", request.getMethod(), request.getRequestURI(), e);
        return ErrorResponses.of(500, request.getRequestURI(), List.of(errors.words().internal()), null,
                ErrorResponses.defaultRetryAfter());
    }
}
