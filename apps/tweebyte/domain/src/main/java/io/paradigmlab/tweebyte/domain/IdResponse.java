package io.paradigmlab.tweebyte.domain;

import java.util.UUID;

/** The contract's {@code {"id"}} answer to a create. */
public record IdResponse(UUID id) {
}
