package io.paradigmlab.itstore.web.mvc;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.ErrorBody;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes the contract's error body straight to the servlet response, for the answers given outside Spring MVC's
 * handler chain (the filters): {@code application/json} without a charset, as every other answer, and
 * {@code Retry-After} on a 503.
 */
final class ErrorResponses {

    private ErrorResponses() {
    }

    static String retryAfter() {
        return Integer.toString(ApiException.Unavailable.RETRY_AFTER_SECONDS);
    }

    static void write(JsonMapper json, HttpServletRequest request, HttpServletResponse response, int status,
                      List<String> errors) throws IOException {
        byte[] body = json.writeValueAsBytes(ErrorBody.of(status, request.getRequestURI(), errors));
        response.setStatus(status);
        response.setContentType("application/json");
        if (status == 503) {
            response.setHeader("Retry-After", retryAfter());
        }
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
