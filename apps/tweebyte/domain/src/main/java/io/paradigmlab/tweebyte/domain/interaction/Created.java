package io.paradigmlab.tweebyte.domain.interaction;

import java.time.Instant;
import java.util.UUID;

/** {@code {id,created_at}}: the answer to a like. */
public record Created(UUID id, Instant createdAt) {
}
