package io.paradigmlab.itstore.web.mvc;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.itstore.domain.error.StandardErrors;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.catalina.connector.ClientAbortException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.util.DisconnectedClientHelper;

/**
 * Every error of the MVC cells in the contract's body ({@link ErrorBody}): {@link ApiException}s with their own status
 * and messages ({@code Retry-After} on a 503), Spring's own 4xx (unknown path, wrong method) with
 * {@link StandardErrors}' words and their headers ({@code Allow} on a 405), anything else a 500 whose cause is logged
 * and never returned. Errors are JSON whatever the request's {@code Accept} says (the content type is set, not
 * negotiated), as every answer of the contract.
 */
public final class ItStoreErrorHandling {

    private static final Logger log = LoggerFactory.getLogger(ItStoreErrorHandling.class);

    /** The last time an outage was logged: an outage fails every request, the log needs to say so once in a while. */
    private static final AtomicLong lastOutageWarning = new AtomicLong(Long.MIN_VALUE);
    private static final long OUTAGE_WARNING_INTERVAL_NANOS = 10_000_000_000L;

    private ItStoreErrorHandling() {
    }

    static ResponseEntity<ErrorBody> respond(int status, String path, List<String> errors, HttpHeaders headers) {
        ResponseEntity.BodyBuilder response = ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON);
        if (headers != null) {
            headers.forEach((name, values) -> {
                if (!HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(name)) {
                    response.header(name, values.toArray(String[]::new));
                }
            });
        }
        if (status == 503) {
            response.header(HttpHeaders.RETRY_AFTER, ErrorResponses.retryAfter());
        }
        return response.body(ErrorBody.of(status, path, errors));
    }

    static boolean clientGone(Throwable error) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ClientAbortException) {
                return true;
            }
        }
        return DisconnectedClientHelper.isClientDisconnectedException(error);
    }

    private static void warnOutage(HttpServletRequest request, ApiException e) {
        long now = System.nanoTime();
        long last = lastOutageWarning.get();
        if ((last == Long.MIN_VALUE || now - last >= OUTAGE_WARNING_INTERVAL_NANOS)
                && lastOutageWarning.compareAndSet(last, now)) {
            log.warn("Answering 503 ({} {}): {}", request.getMethod(), request.getRequestURI(), e.getMessage());
        }
    }

    @RestControllerAdvice
    public static class Advice {

        @ExceptionHandler(ApiException.class)
        ResponseEntity<ErrorBody> api(ApiException e, HttpServletRequest request, HttpServletResponse response) {
            if (response.isCommitted()) {
                // a streamed first_N_products failed half-way: no status can be sent any more; rethrown, Tomcat
                // closes the connection (the client sees a truncated answer, never a shorter well-formed one)
                throw e;
            }
            // drops the part of a streamed answer still in Tomcat's buffer
            response.resetBuffer();
            if (e instanceof ApiException.Unavailable) {
                warnOutage(request, e);
            }
            return respond(e.status(), request.getRequestURI(), e.errors(), null);
        }

        @ExceptionHandler(Exception.class)
        ResponseEntity<ErrorBody> unexpected(Exception e, HttpServletRequest request, HttpServletResponse response)
                throws Exception {
            if (clientGone(e)) {
                // the client closed the connection (a streamed answer it stopped reading): nobody to answer
                log.debug("Client went away during {} {}", request.getMethod(), request.getRequestURI());
                return null;
            }
            if (response.isCommitted()) {
                throw e;
            }
            response.resetBuffer();
            if (e instanceof ErrorResponse framework && framework.getStatusCode().is4xxClientError()) {
                int status = framework.getStatusCode().value();
                return respond(status, request.getRequestURI(), StandardErrors.forStatus(status),
                        framework.getHeaders());
            }
            log.error("Unhandled error on {} {}", request.getMethod(), request.getRequestURI(), e);
            return respond(500, request.getRequestURI(), List.of(StandardErrors.INTERNAL), null);
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
            return respond(status, uri instanceof String s ? s : request.getRequestURI(),
                    StandardErrors.forStatus(status), null);
        }
    }
}
