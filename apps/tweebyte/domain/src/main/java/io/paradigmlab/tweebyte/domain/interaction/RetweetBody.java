package io.paradigmlab.tweebyte.domain.interaction;

/** The body {@code {"original_tweet_id","content"}} of a retweet, or {@code {"content"}} of an edit, as sent. */
public record RetweetBody(String originalTweetId, String content) {
}
