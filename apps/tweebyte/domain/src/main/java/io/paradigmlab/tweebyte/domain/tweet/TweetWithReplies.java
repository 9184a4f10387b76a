package io.paradigmlab.tweebyte.domain.tweet;

import io.paradigmlab.tweebyte.domain.interaction.Reply;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** {@code GET /tweets/{id}}: the enriched tweet and its replies, newest first. */
public record TweetWithReplies(UUID id, UUID userId, String content, Instant createdAt, List<Mention> mentions,
                               List<Hashtag> hashtags, long likesCount, long repliesCount, long retweetsCount,
                               Reply topReply, List<Reply> replies) {

    public static TweetWithReplies of(EnrichedTweet t, List<Reply> replies) {
        return new TweetWithReplies(t.id(), t.userId(), t.content(), t.createdAt(), t.mentions(), t.hashtags(),
                t.likesCount(), t.repliesCount(), t.retweetsCount(), t.topReply(), List.copyOf(replies));
    }
}
