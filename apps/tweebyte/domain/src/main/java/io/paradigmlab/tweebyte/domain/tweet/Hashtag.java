package io.paradigmlab.tweebyte.domain.tweet;

import java.util.UUID;

/** A hashtag, stored once per lower-cased text. */
public record Hashtag(UUID id, String text) {
}
