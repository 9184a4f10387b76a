package io.paradigmlab.tweebyte.domain.tweet;

import io.paradigmlab.tweebyte.domain.user.UserSummary;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A tweet search hit: the tweet and its author's summary ({@code null} when the user service does not know it). */
public record TweetWithUser(UUID id, UUID userId, String content, Instant createdAt, List<Mention> mentions,
                            List<Hashtag> hashtags, UserSummary user) {
}
