package io.paradigmlab.tweebyte.domain.interaction;

import java.time.Instant;
import java.util.UUID;

/** {@code {id,user_id,likeable_id,likeable_type,created_at}}. */
public record Like(UUID id, UUID userId, UUID likeableId, String likeableType, Instant createdAt) {
}
