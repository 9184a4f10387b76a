package io.paradigmlab.tweebyte.domain.user;

import java.time.Instant;
import java.util.UUID;

/** The contract's user summary: {@code {id,user_name,is_private,created_at}}. */
public record UserSummary(UUID id, String userName, boolean isPrivate, Instant createdAt) {
}
