package io.paradigmlab.tweebyte.domain.interaction;

import java.time.Instant;
import java.util.UUID;

/** {@code {id,user_id,tweet_id,content,created_at,likes_count}}. */
public record Reply(UUID id, UUID userId, UUID tweetId, String content, Instant createdAt, long likesCount) {
}
