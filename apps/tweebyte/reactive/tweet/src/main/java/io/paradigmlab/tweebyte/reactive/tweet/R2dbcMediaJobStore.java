package io.paradigmlab.tweebyte.reactive.tweet;

import io.paradigmlab.tweebyte.domain.media.JobResult;
import io.paradigmlab.tweebyte.domain.media.JobState;
import io.paradigmlab.tweebyte.domain.media.MediaJob;
import io.paradigmlab.tweebyte.schema.MediaJobSql;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import reactor.core.publisher.Mono;

/**
 * The tweet service's {@code media_jobs} table, non-blocking: each method runs exactly one statement of
 * {@link MediaJobSql}, as the servlet variants' JDBC store does. The statements that change a job are conditional on
 * the state they expect and return the job's row: an empty answer means the condition did not hold (queue full, job
 * ended or cancelled meanwhile). Nothing happens until the returned publisher is subscribed.
 */
public class R2dbcMediaJobStore {

    private final DatabaseClient db;

    public R2dbcMediaJobStore(DatabaseClient db) {
        this.db = db;
    }

    /** INSERT_IF_ROOM: the new QUEUED job, or empty when {@code capacity} jobs are QUEUED already. */
    public Mono<MediaJob> insertIfRoom(UUID id, UUID userId, int steps, int durationMs, int capacity) {
        return db.sql(MediaJobSql.INSERT_IF_ROOM).bind("id", id).bind("userId", userId).bind("steps", steps)
                .bind("durationMs", durationMs).bind("capacity", capacity)
                .map(R2dbcMediaJobStore::job).one();
    }

    /** FIND: the job, or empty. */
    public Mono<MediaJob> find(UUID id) {
        return db.sql(MediaJobSql.FIND).bind("id", id).map(R2dbcMediaJobStore::job).one();
    }

    /** CLAIM_NEXT: the oldest QUEUED job, now RUNNING with one more attempt; empty when none is queued. */
    public Mono<MediaJob> claimNext() {
        return db.sql(MediaJobSql.CLAIM_NEXT).map(R2dbcMediaJobStore::job).one();
    }

    /** RECORD_PROGRESS: the RUNNING job with {@code progress} steps done; empty when it is no longer RUNNING. */
    public Mono<MediaJob> recordProgress(UUID id, int progress) {
        return db.sql(MediaJobSql.RECORD_PROGRESS).bind("id", id).bind("progress", progress)
                .map(R2dbcMediaJobStore::job).one();
    }

    /** SUCCEED: the job, SUCCEEDED with {@code result}; empty when it was no longer RUNNING. */
    public Mono<MediaJob> succeed(UUID id, JobResult result) {
        return db.sql(MediaJobSql.SUCCEED).bind("id", id).bind("resultBytes", result.bytes())
                .bind("resultSha256", result.sha256()).map(R2dbcMediaJobStore::job).one();
    }

    /** FAIL: the job, FAILED with {@code reason}; empty when it had ended already. */
    public Mono<MediaJob> fail(UUID id, String reason) {
        return db.sql(MediaJobSql.FAIL).bind("id", id).bind("reason", reason).map(R2dbcMediaJobStore::job).one();
    }

    /** CANCEL: the job, CANCELLED with {@code reason}; empty when it had ended already or does not exist. */
    public Mono<MediaJob> cancel(UUID id, String reason) {
        return db.sql(MediaJobSql.CANCEL).bind("id", id).bind("reason", reason).map(R2dbcMediaJobStore::job).one();
    }

    /** REQUEUE_RUNNING: how many RUNNING jobs (left by a stopped process) went back to the queue. */
    public Mono<Long> requeueRunning() {
        return db.sql(MediaJobSql.REQUEUE_RUNNING).fetch().rowsUpdated();
    }

    static MediaJob job(Readable row) {
        Long resultBytes = row.get("result_bytes", Long.class);
        JobResult result = resultBytes == null ? null : new JobResult(resultBytes, row.get("result_sha256", String.class));
        return new MediaJob(row.get("id", UUID.class), row.get("user_id", UUID.class),
                JobState.valueOf(row.get("state", String.class)), row.get("steps", Integer.class),
                row.get("duration_ms", Integer.class), row.get("progress", Integer.class),
                row.get("attempts", Integer.class), instant(row, "created_at"), instant(row, "started_at"),
                instant(row, "finished_at"), row.get("reason", String.class), result);
    }

    private static Instant instant(Readable row, String column) {
        OffsetDateTime value = row.get(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
