package io.paradigmlab.tweebyte.domain.interaction;

import java.util.UUID;

/** One item of the batch enrichment answer: {@code {tweet_id,likes_count,replies_count,retweets_count,top_reply}}. */
public record TweetInteractionSummary(UUID tweetId, long likesCount, long repliesCount, long retweetsCount,
                                      Reply topReply) {
}
