package io.paradigmlab.tweebyte.domain.tweet;

import java.util.UUID;

/** A resolved {@code @mention}: {@code text} is the user name as the user service spells it. */
public record Mention(UUID id, UUID userId, String text) {
}
