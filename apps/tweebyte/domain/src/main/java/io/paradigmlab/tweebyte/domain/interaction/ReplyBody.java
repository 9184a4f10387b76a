package io.paradigmlab.tweebyte.domain.interaction;

/** The body {@code {"tweet_id","content"}} of a new reply, or {@code {"content"}} of an edit, as sent. */
public record ReplyBody(String tweetId, String content) {
}
