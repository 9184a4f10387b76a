package io.paradigmlab.tweebyte.domain.interaction;

import io.paradigmlab.tweebyte.domain.tweet.TweetSummary;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import java.time.Instant;
import java.util.UUID;

/** The contract's answer to a retweet: {@code {id,created_at,content,user,tweet}}. */
public record RetweetCreated(UUID id, Instant createdAt, String content, UserSummary user, TweetSummary tweet) {
}
