package io.paradigmlab.common.web.mvc;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.common.contract.ErrorWords;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import tools.jackson.databind.json.JsonMapper;

/**
 * The contract's error answer ({@link ErrorBody}) with an application's words, as a {@link ResponseEntity} for MVC's
 * handlers and written straight to the servlet response for the answers given outside MVC's handler chain (the
 * filters, Tomcat's valve): {@code application/json} without a charset, as every other answer, and
 * {@code Retry-After} on a 503 (the exception's own value, else the contract's default).
 */
public final class ErrorResponses {

    private final ErrorWords words;
    private final JsonMapper json;

    public ErrorResponses(ErrorWords words, JsonMapper json) {
        this.words = words;
        this.json = json;
    }

    public ErrorWords words() {
        return words;
    }

    /** {@code Retry-After} of a 503 that carries no value of its own (overload, database): the contract's default. */
    public static int defaultRetryAfter() {
        return ApiException.Unavailable.RETRY_AFTER_SECONDS;
    }

    /** The answer to an {@link ApiException}: its status and messages, its own {@code Retry-After} on a 503. */
    public static ResponseEntity<ErrorBody> of(ApiException e, String path) {
        int retryAfter = e instanceof ApiException.Unavailable u ? u.retryAfterSeconds() : defaultRetryAfter();
        return of(e.status(), path, e.errors(), null, retryAfter);
    }

    /** A status the framework produced, with the application's word for it. */
    public ResponseEntity<ErrorBody> standard(int status, String path, HttpHeaders headers) {
        return of(status, path, words.forStatus(status), headers, defaultRetryAfter());
    }

    /**
     * @param headers headers to keep (a 405's {@code Allow}), or null; their content type and length are dropped
     */
    public static ResponseEntity<ErrorBody> of(int status, String path, List<String> errors, HttpHeaders headers,
            int retryAfterSeconds) {
        ResponseEntity.BodyBuilder response = ResponseEntity.status(status).contentType(MediaType.APPLICATION_JSON);
        if (headers != null) {
            headers.forEach((name, values) -> {
                if (!HttpHeaders.CONTENT_TYPE.equalsIgnoreCase(name)
                        && !HttpHeaders.CONTENT_LENGTH.equalsIgnoreCase(name)) {
                    response.header(name, values.toArray(String[]::new));
                }
            });
        }
        if (status == 503) {
            response.header(HttpHeaders.RETRY_AFTER, Integer.toString(retryAfterSeconds));
        }
        return response.body(ErrorBody.of(status, path, errors));
    }

    /** Writes the error body to the servlet response (nothing may have been written yet). */
    public void write(HttpServletRequest request, HttpServletResponse response, int status, List<String> errors)
            throws IOException {
        write(response, status, request.getRequestURI(), errors);
    }

    void write(HttpServletResponse response, int status, String path, List<String> errors) throws IOException {
        byte[] body = json.writeValueAsBytes(ErrorBody.of(status, path, errors));
        response.setStatus(status);
        // bytes, not a Writer: a Writer makes Tomcat add ";charset=..." to the content type, which the controllers'
        // answers (plain application/json, UTF-8 by RFC 8259) do not carry
        response.setContentType(MediaType.APPLICATION_JSON_VALUE);
        if (status == 503) {
            response.setHeader(HttpHeaders.RETRY_AFTER, Integer.toString(defaultRetryAfter()));
        }
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
