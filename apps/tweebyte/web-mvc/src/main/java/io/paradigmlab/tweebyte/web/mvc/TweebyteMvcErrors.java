package io.paradigmlab.tweebyte.web.mvc;

import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.common.web.mvc.ErrorResponses;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.multipart.MultipartException;

/**
 * Tweebyte's own error mapping, before {@code common-web-mvc}'s {@code MvcErrorHandler}: a multipart body that does
 * not parse is 400 {@value StandardErrors#MALFORMED_MULTIPART} (its contract has a word of its own for it, as the
 * reactive variant's {@code TweebyteWebFlux.errors()}; the common plumbing says {@code malformedBody}). Spring takes
 * the first advice that knows the exception or a superclass of it, so the upload above its limit (a
 * {@link MaxUploadSizeExceededException}, a {@link MultipartException} too) is answered here as well, with the
 * common 413.
 */
@RestControllerAdvice
@Order(Ordered.LOWEST_PRECEDENCE - 1)
public class TweebyteMvcErrors {

    private final ErrorResponses errors;

    public TweebyteMvcErrors(ErrorResponses errors) {
        this.errors = errors;
    }

    @ExceptionHandler(MultipartException.class)
    ResponseEntity<ErrorBody> badMultipart(MultipartException e, HttpServletRequest request) {
        if (e instanceof MaxUploadSizeExceededException) {
            return errors.standard(413, request.getRequestURI(), null);
        }
        return ErrorResponses.of(400, request.getRequestURI(), List.of(StandardErrors.MALFORMED_MULTIPART), null,
                ErrorResponses.defaultRetryAfter());
    }
}
