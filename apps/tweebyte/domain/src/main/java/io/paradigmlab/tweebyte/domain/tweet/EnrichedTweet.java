package io.paradigmlab.tweebyte.domain.tweet;

import io.paradigmlab.tweebyte.domain.interaction.Reply;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A tweet with the interaction service's counts and top reply ({@code null} when it has no reply). */
public record EnrichedTweet(UUID id, UUID userId, String content, Instant createdAt, List<Mention> mentions,
                            List<Hashtag> hashtags, long likesCount, long repliesCount, long retweetsCount,
                            Reply topReply) {
}
