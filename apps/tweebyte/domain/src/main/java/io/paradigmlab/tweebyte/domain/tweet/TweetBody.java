package io.paradigmlab.tweebyte.domain.tweet;

/** The body {@code {"content"}} of create and update, as the client sent it. */
public record TweetBody(String content) {
}
