package io.paradigmlab.tweebyte.domain.interaction;

import java.util.UUID;

/** A row of {@code InteractionSql.TWEET_COUNTS}. */
public record TweetCounts(UUID tweetId, long likesCount, long repliesCount, long retweetsCount) {
}
