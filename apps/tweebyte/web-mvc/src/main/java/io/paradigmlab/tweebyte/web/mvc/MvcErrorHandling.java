package io.paradigmlab.tweebyte.web.mvc;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.apache.tomcat.util.http.InvalidParameterException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.ErrorResponse;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartException;
import io.paradigmlab.tweebyte.web.mvc.media.RetryLater;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;

/**
 * Every error of a Spring MVC variant in the contract's body: {@link ApiException}s with their own
 * messages, framework-detected failures with {@link StandardErrors}' words (the same as WebFlux's side).
 */
public final class MvcErrorHandling {

    private static final Logger log = LoggerFactory.getLogger(MvcErrorHandling.class);

    private MvcErrorHandling() {
    }

    static ResponseEntity<ErrorBody> respond(int status, String path, List<String> errors) {
        return respond(status, path, errors, ApiException.Unavailable.RETRY_AFTER_SECONDS);
    }

    static ResponseEntity<ErrorBody> respond(int status, String path, List<String> errors, int retryAfterSeconds) {
        ResponseEntity.BodyBuilder response = ResponseEntity.status(status);
        if (status == 503) {
            // overload and failing downstream services: tell the client when to try again
            response.header("Retry-After", Integer.toString(retryAfterSeconds));
        }
        // JSON whatever the request accepted (an upload that asked for image/jpeg fails in JSON too)
        return response.contentType(MediaType.APPLICATION_JSON).body(ErrorBody.of(status, path, errors));
    }

    private static boolean causedBy(Throwable error, Class<? extends Throwable> type) {
        for (Throwable t = error; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    @RestControllerAdvice
    public static class Advice {

        @ExceptionHandler(ApiException.class)
        ResponseEntity<ErrorBody> api(ApiException e, HttpServletRequest request) {
            return respond(e.status(), request.getRequestURI(), e.errors());
        }

        @ExceptionHandler(HttpMessageNotReadableException.class)
        ResponseEntity<ErrorBody> unreadable(HttpMessageNotReadableException e, HttpServletRequest request) {
            if (causedBy(e, LimitedBodyStream.BodyTooLargeException.class)) {
                return respond(413, request.getRequestURI(), List.of(StandardErrors.PAYLOAD_TOO_LARGE));
            }
            return respond(400, request.getRequestURI(), List.of(StandardErrors.MALFORMED_JSON));
        }

        /** A query Tomcat cannot parse that the edge rule let through (more parameters than Tomcat's 1,000, say). */
        @ExceptionHandler(InvalidParameterException.class)
        ResponseEntity<ErrorBody> badParameters(InvalidParameterException e, HttpServletRequest request) {
            return respond(400, request.getRequestURI(), List.of(StandardErrors.MALFORMED_REQUEST));
        }

        /** A bounded executor's queue is full (the async variant): overload, as above the in-flight limit. */
        @ExceptionHandler(RejectedExecutionException.class)
        ResponseEntity<ErrorBody> rejected(RejectedExecutionException e, HttpServletRequest request) {
            return respond(503, request.getRequestURI(), List.of(StandardErrors.OVERLOADED));
        }

        /** A media pool or queue is full: 503 with its own, short Retry-After. */
        @ExceptionHandler(RetryLater.class)
        ResponseEntity<ErrorBody> retryLater(RetryLater e, HttpServletRequest request) {
            return respond(503, request.getRequestURI(), List.of(e.error()), e.retryAfterSeconds());
        }

        /**
         * The client went away while an async answer was being written (a stream): nothing can be answered, and it
         * is no server error.
         */
        @ExceptionHandler(AsyncRequestNotUsableException.class)
        void unusable(AsyncRequestNotUsableException e) {
            // nothing to write to
        }

        @ExceptionHandler(MaxUploadSizeExceededException.class)
        ResponseEntity<ErrorBody> tooLarge(MaxUploadSizeExceededException e, HttpServletRequest request) {
            return respond(413, request.getRequestURI(), List.of(StandardErrors.PAYLOAD_TOO_LARGE));
        }

        @ExceptionHandler(MultipartException.class)
        ResponseEntity<ErrorBody> badMultipart(MultipartException e, HttpServletRequest request) {
            return respond(400, request.getRequestURI(), List.of(StandardErrors.MALFORMED_MULTIPART));
        }

        @ExceptionHandler(CompletionException.class)
        ResponseEntity<ErrorBody> completion(CompletionException e, HttpServletRequest request) throws Exception {
            if (e.getCause() instanceof ApiException api) {
                return api(api, request);
            }
            if (e.getCause() instanceof RejectedExecutionException rejected) {
                return rejected(rejected, request);
            }
            if (e.getCause() instanceof RetryLater retryLater) {
                return retryLater(retryLater, request);
            }
            return unexpected(e, request);
        }

        /** Spring's own 4xx (unknown path, wrong method, unsupported media type) keep their status, with our words. */
        @ExceptionHandler(Exception.class)
        ResponseEntity<ErrorBody> unexpected(Exception e, HttpServletRequest request) {
            if (DatabaseFailures.unreachable(e)) {
                // the database is down, restarting or out of connections: the client may retry (Retry-After)
                DatabaseFailures.warn(log, request.getMethod(), request.getRequestURI(), e);
                return api(new ApiException.Unavailable(ApiException.Unavailable.DATABASE), request);
            }
            if (e instanceof ErrorResponse framework && framework.getStatusCode().is4xxClientError()) {
                int status = framework.getStatusCode().value();
                return respond(status, request.getRequestURI(), StandardErrors.forStatus(status));
            }
            log.error("Unhandled error on {} {}", request.getMethod(), request.getRequestURI(), e);
            return respond(500, request.getRequestURI(), List.of(StandardErrors.INTERNAL));
        }
    }

    /** Errors that never reach a controller (the container's own) come through {@code /error}. */
    @RestController
    public static class FallbackErrorController implements ErrorController {

        @RequestMapping("${server.error.path:${error.path:/error}}")
        ResponseEntity<ErrorBody> error(HttpServletRequest request) {
            Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
            Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
            int status = code instanceof Integer i ? i : HttpStatus.INTERNAL_SERVER_ERROR.value();
            HttpStatusCode statusCode = HttpStatusCode.valueOf(status);
            return respond(statusCode.value(), uri instanceof String s ? s : request.getRequestURI(),
                    StandardErrors.forStatus(status));
        }
    }
}
