package io.paradigmlab.common.web.mvc;

import io.paradigmlab.common.contract.ErrorBody;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Errors that never reached a controller (a filter's exception, a {@code sendError}) come through {@code /error}, in
 * the contract's body with the application's words; {@code /error} asked for directly is an unknown path.
 */
@RestController
public class FallbackErrorController implements ErrorController {

    private final ErrorResponses errors;

    public FallbackErrorController(ErrorResponses errors) {
        this.errors = errors;
    }

    @RequestMapping("${server.error.path:${error.path:/error}}")
    ResponseEntity<ErrorBody> error(HttpServletRequest request) {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        int status = code instanceof Integer i ? (i >= 400 ? i : 500) : 404;
        return errors.standard(status, uri instanceof String s ? s : request.getRequestURI(), null);
    }
}
