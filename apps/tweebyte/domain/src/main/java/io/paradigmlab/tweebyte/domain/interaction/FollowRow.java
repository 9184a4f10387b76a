package io.paradigmlab.tweebyte.domain.interaction;

import java.time.Instant;
import java.util.UUID;

/** A row of the follows table. */
public record FollowRow(UUID id, UUID followerId, UUID followedId, Instant createdAt, String status) {
}
