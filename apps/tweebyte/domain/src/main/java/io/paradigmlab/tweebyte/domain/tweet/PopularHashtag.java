package io.paradigmlab.tweebyte.domain.tweet;

import java.util.UUID;

/** {@code {id,text,count}}: a hashtag and how many tweets carry it. */
public record PopularHashtag(UUID id, String text, long count) {
}
