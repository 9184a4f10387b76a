package io.paradigmlab.tweebyte.domain.interaction;

/** What a like is on. */
public enum LikeableType {
    TWEET, REPLY
}
