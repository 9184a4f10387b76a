package io.paradigmlab.tweebyte.domain.error;

import java.time.Instant;
import java.util.List;

/** The contract's error body, for every 4xx and 5xx. */
public record ErrorBody(Instant timestamp, int status, String path, List<String> errors) {

    public static ErrorBody of(int status, String path, List<String> errors) {
        return new ErrorBody(Instant.now(), status, path, List.copyOf(errors));
    }

    public static ErrorBody of(ApiException e, String path) {
        return of(e.status(), path, e.errors());
    }
}
