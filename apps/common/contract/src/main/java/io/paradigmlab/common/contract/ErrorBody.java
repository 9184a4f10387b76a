package io.paradigmlab.common.contract;

import java.time.Instant;
import java.util.List;

/**
 * The contracts' error body, for every 4xx and 5xx of every HTTP application:
 * {@code {"timestamp","status","path","errors":[...]}}.
 *
 * @param timestamp when the error was answered
 * @param status    the HTTP status, repeated
 * @param path      the request's path, without the query string
 * @param errors    the messages, at least one
 */
public record ErrorBody(Instant timestamp, int status, String path, List<String> errors) {

    public ErrorBody {
        errors = List.copyOf(errors);
    }

    public static ErrorBody of(int status, String path, List<String> errors) {
        return new ErrorBody(Instant.now(), status, path, errors);
    }

    public static ErrorBody of(ApiException e, String path) {
        return of(e.status(), path, e.errors());
    }
}
