package io.paradigmlab.tweebyte.domain.interaction;

import java.time.Instant;
import java.util.UUID;

/** {@code {id,user_id,original_tweet_id,content,created_at}}: a retweet in lists and the answer to an edit. */
public record Retweet(UUID id, UUID userId, UUID originalTweetId, String content, Instant createdAt) {
}
