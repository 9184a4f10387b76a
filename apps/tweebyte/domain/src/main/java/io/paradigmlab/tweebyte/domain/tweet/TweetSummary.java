package io.paradigmlab.tweebyte.domain.tweet;

import java.time.Instant;
import java.util.UUID;

/** A bare tweet, {@code {id,user_id,content,created_at}}: what other services and the profile get. */
public record TweetSummary(UUID id, UUID userId, String content, Instant createdAt) {
}
