package io.paradigmlab.tweebyte.domain.media;

/**
 * What a SUCCEEDED job produced: {@code bytes} of the MediaStream pattern and their SHA-256 (lower-case hex).
 * See {@link MediaJobRules#result(int)}.
 */
public record JobResult(long bytes, String sha256) {
}
