package io.paradigmlab.eshop.mvc.common;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.catalina.connector.ClientAbortException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.core.task.TaskRejectedException;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartException;
import org.springframework.web.util.DisconnectedClientHelper;

/**
 * Every error of the MVC services in the contract's body ({@link ErrorBody}), never Spring's own: {@link ApiException}s
 * with their status and messages ({@code Retry-After} on a 503, the exception's own value), the failures Spring
 * detects before a controller runs with {@link StandardErrors}' words (malformed JSON or a wrong type 400, unknown
 * path 404, wrong method 405 with {@code Allow}, unsupported media type 415, too large 413), an unreachable database
 * 503 {@code Database unavailable}, a full executor 503 {@code Service overloaded}, anything else a 500 whose cause is
 * logged and never returned. Errors are JSON whatever the request's {@code Accept} says.
 */
public final class EshopErrorHandling {

    private static final Logger log = LoggerFactory.getLogger(EshopErrorHandling.class);

    /** The last time an outage was logged: an outage fails every request, the log needs to say so once in a while. */
    private static final AtomicLong lastOutageWarning = new AtomicLong(Long.MIN_VALUE);
    private static final long OUTAGE_WARNING_INTERVAL_NANOS = 10_000_000_000L;

    private EshopErrorHandling() {
    }

    static boolean clientGone(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ClientAbortException) {
                return true;
            }
        }
        return DisconnectedClientHelper.isClientDisconnectedException(error);
    }

    /** Logs a 503's cause at most every 10 s. */
    public static void warnOutage(String method, String path, Throwable e) {
        long now = System.nanoTime();
        long last = lastOutageWarning.get();
        if ((last == Long.MIN_VALUE || now - last >= OUTAGE_WARNING_INTERVAL_NANOS)
                && lastOutageWarning.compareAndSet(last, now)) {
            log.warn("Answering 503 ({} {}): {}", method, path, e.toString());
        }
    }

    private static ResponseEntity<ErrorBody> standard(int status, HttpServletRequest request) {
        return ErrorResponses.of(status, request.getRequestURI(), StandardErrors.forStatus(status), null,
                ErrorResponses.defaultRetryAfter());
    }

    @RestControllerAdvice
    public static class Advice {

        @ExceptionHandler(ApiException.class)
        ResponseEntity<ErrorBody> api(ApiException e, HttpServletRequest request, HttpServletResponse response) {
            if (response.isCommitted()) {
                // a streamed export failed half-way: no status can be sent any more; rethrown, Tomcat closes the
                // connection (the client sees a truncated answer, never a shorter well-formed one)
                throw e;
            }
            response.resetBuffer();
            if (e instanceof ApiException.Unavailable) {
                warnOutage(request.getMethod(), request.getRequestURI(), e);
            }
            return ErrorResponses.of(e, request.getRequestURI());
        }

        /** Broken JSON, a wrong type (a float for an integer, a string for an object), an unreadable body. */
        @ExceptionHandler(HttpMessageNotReadableException.class)
        ResponseEntity<ErrorBody> unreadable(HttpMessageNotReadableException e, HttpServletRequest request) {
            return standard(400, request);
        }

        /** A body above its limit (the import's 16 MiB); Tomcat reads and drops the rest (see the product's config). */
        @ExceptionHandler(MaxUploadSizeExceededException.class)
        ResponseEntity<ErrorBody> tooLarge(MaxUploadSizeExceededException e, HttpServletRequest request) {
            return standard(413, request);
        }

        @ExceptionHandler(MultipartException.class)
        ResponseEntity<ErrorBody> badMultipart(MultipartException e, HttpServletRequest request) {
            return standard(400, request);
        }

        /** A bounded executor's queue is full (the order fan-out, the export): overload. */
        @ExceptionHandler({RejectedExecutionException.class, TaskRejectedException.class})
        ResponseEntity<ErrorBody> rejected(Exception e, HttpServletRequest request) {
            warnOutage(request.getMethod(), request.getRequestURI(), e);
            return ErrorResponses.of(503, request.getRequestURI(), List.of(StandardErrors.OVERLOADED), null,
                    ErrorResponses.defaultRetryAfter());
        }

        /** The client went away while an async answer (the export) was being written: nobody to answer. */
        @ExceptionHandler(AsyncRequestNotUsableException.class)
        void unusable(AsyncRequestNotUsableException e) {
            // nothing to write to
        }

        @ExceptionHandler(CompletionException.class)
        ResponseEntity<ErrorBody> completion(CompletionException e, HttpServletRequest request,
                HttpServletResponse response) throws Exception {
            if (e.getCause() instanceof ApiException api) {
                return api(api, request, response);
            }
            if (e.getCause() instanceof RejectedExecutionException rejected) {
                return rejected(rejected, request);
            }
            return unexpected(e, request, response);
        }

        @ExceptionHandler(Exception.class)
        ResponseEntity<ErrorBody> unexpected(Exception e, HttpServletRequest request, HttpServletResponse response)
                throws Exception {
            if (clientGone(e)) {
                log.debug("Client went away during {} {}", request.getMethod(), request.getRequestURI());
                return null;
            }
            if (response.isCommitted()) {
                throw e;
            }
            response.resetBuffer();
            if (DatabaseFailures.unreachable(e)) {
                // the database is down, restarting or out of connections: the client may retry (Retry-After)
                ApiException.Unavailable unavailable = new ApiException.Unavailable(
                        ApiException.Unavailable.DATABASE);
                warnOutage(request.getMethod(), request.getRequestURI(), e);
                return ErrorResponses.of(unavailable, request.getRequestURI());
            }
            if (e instanceof ErrorResponse framework && framework.getStatusCode().is4xxClientError()) {
                int status = framework.getStatusCode().value();
                return ErrorResponses.of(status, request.getRequestURI(), StandardErrors.forStatus(status),
                        framework.getHeaders(), ErrorResponses.defaultRetryAfter());
            }
            log.error("Unhandled error on {} {}", request.getMethod(), request.getRequestURI(), e);
            return ErrorResponses.of(500, request.getRequestURI(), List.of(StandardErrors.INTERNAL), null,
                    ErrorResponses.defaultRetryAfter());
        }
    }

    /**
     * Errors that never reached a controller (a filter's exception, a {@code sendError}) come through {@code /error};
     * {@code /error} asked for directly is an unknown path.
     */
    @RestController
    public static class FallbackErrorController implements ErrorController {

        @RequestMapping("${server.error.path:${error.path:/error}}")
        ResponseEntity<ErrorBody> error(HttpServletRequest request) {
            Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
            Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
            int status = code instanceof Integer i ? (i >= 400 ? i : 500) : 404;
            return ErrorResponses.of(status, uri instanceof String s ? s : request.getRequestURI(),
                    StandardErrors.forStatus(status), null, ErrorResponses.defaultRetryAfter());
        }
    }
}
