package io.paradigmlab.tweebyte.domain.tweet;

import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A tweet with its mentions and hashtags (in order of first appearance in the text). */
public record Tweet(UUID id, UUID userId, String content, Instant createdAt, List<Mention> mentions,
                    List<Hashtag> hashtags) {
}
