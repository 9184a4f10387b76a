package io.paradigmlab.tweebyte.domain.tweet;

import java.util.UUID;

/** A tombstone of a deleted tweet, {@code {seq,tweet_id}}, for the interaction service's cleanup job. */
public record TweetDeletion(long seq, UUID tweetId) {
}
