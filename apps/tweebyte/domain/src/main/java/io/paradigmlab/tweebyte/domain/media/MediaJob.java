package io.paradigmlab.tweebyte.domain.media;

import java.time.Instant;
import java.util.UUID;

/**
 * A background media job, as the API answers it (through the services' SNAKE_CASE JSON: {@code user_id},
 * {@code duration_ms}, ...) and as {@code media_jobs} stores it.
 *
 * @param progress steps done
 * @param attempts how many times a worker started it
 * @param reason   null unless FAILED or CANCELLED
 * @param result   null unless SUCCEEDED
 */
public record MediaJob(UUID id, UUID userId, JobState state, int steps, int durationMs, int progress, int attempts,
                       Instant createdAt, Instant startedAt, Instant finishedAt, String reason, JobResult result) {
}
