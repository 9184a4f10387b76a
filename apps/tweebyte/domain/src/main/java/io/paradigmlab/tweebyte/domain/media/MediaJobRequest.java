package io.paradigmlab.tweebyte.domain.media;

/**
 * The body of {@code POST /media/jobs}: {@code {"duration_ms": 1..600000, "steps": 1..100}}. Boxed, so a missing
 * field reaches {@link MediaJobRules#validate(MediaJobRequest)} as null instead of as 0.
 */
public record MediaJobRequest(Integer durationMs, Integer steps) {
}
