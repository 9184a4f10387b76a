package io.paradigmlab.tweebyte.jdbc;

import io.paradigmlab.tweebyte.domain.media.JobResult;
import io.paradigmlab.tweebyte.domain.media.JobState;
import io.paradigmlab.tweebyte.domain.media.MediaJob;
import io.paradigmlab.tweebyte.schema.MediaJobSql;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The tweet service's background media jobs ({@code media_jobs}), blocking. Each method runs exactly one statement of
 * {@link MediaJobSql}, as its very string; every statement that changes a job answers the changed row, and an empty
 * answer means its condition did not hold (queue full, job no longer RUNNING, job already ended).
 */
public class JdbcMediaJobStore {

    private final JdbcClient jdbc;

    public JdbcMediaJobStore(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** A QUEUED job, or empty when {@code capacity} jobs are QUEUED already. */
    public Optional<MediaJob> insertIfRoom(UUID id, UUID userId, int steps, int durationMs, int capacity) {
        return jdbc.sql(MediaJobSql.INSERT_IF_ROOM).param("id", id).param("userId", userId).param("steps", steps)
                .param("durationMs", durationMs).param("capacity", capacity).query(JdbcMediaJobStore::job).optional();
    }

    public Optional<MediaJob> find(UUID id) {
        return jdbc.sql(MediaJobSql.FIND).param("id", id).query(JdbcMediaJobStore::job).optional();
    }

    /** The oldest QUEUED job, now RUNNING with one more attempt; empty when none is queued (or all are locked). */
    public Optional<MediaJob> claimNext() {
        return jdbc.sql(MediaJobSql.CLAIM_NEXT).query(JdbcMediaJobStore::job).optional();
    }

    /** Empty when the job is no longer RUNNING (cancelled, or failed meanwhile). */
    public Optional<MediaJob> recordProgress(UUID id, int progress) {
        return jdbc.sql(MediaJobSql.RECORD_PROGRESS).param("id", id).param("progress", progress)
                .query(JdbcMediaJobStore::job).optional();
    }

    /** Empty when the job was no longer RUNNING. */
    public Optional<MediaJob> succeed(UUID id, JobResult result) {
        return jdbc.sql(MediaJobSql.SUCCEED).param("id", id).param("resultBytes", result.bytes())
                .param("resultSha256", result.sha256()).query(JdbcMediaJobStore::job).optional();
    }

    /** Empty when the job had ended already. */
    public Optional<MediaJob> fail(UUID id, String reason) {
        return jdbc.sql(MediaJobSql.FAIL).param("id", id).param("reason", reason).query(JdbcMediaJobStore::job)
                .optional();
    }

    /** Empty when the job had ended already or does not exist. */
    public Optional<MediaJob> cancel(UUID id, String reason) {
        return jdbc.sql(MediaJobSql.CANCEL).param("id", id).param("reason", reason).query(JdbcMediaJobStore::job)
                .optional();
    }

    /** On start: the RUNNING jobs a stopped process left go back to the queue. @return how many */
    public int requeueRunning() {
        return jdbc.sql(MediaJobSql.REQUEUE_RUNNING).update();
    }

    /** One row of {@link MediaJobSql#COLUMNS}, by column name. */
    static MediaJob job(ResultSet rs, int row) throws SQLException {
        long resultBytes = rs.getLong("result_bytes");
        JobResult result = rs.wasNull() ? null : new JobResult(resultBytes, rs.getString("result_sha256"));
        return new MediaJob(rs.getObject("id", UUID.class), rs.getObject("user_id", UUID.class),
                JobState.valueOf(rs.getString("state")), rs.getInt("steps"), rs.getInt("duration_ms"),
                rs.getInt("progress"), rs.getInt("attempts"), instant(rs, "created_at"), instant(rs, "started_at"),
                instant(rs, "finished_at"), rs.getString("reason"), result);
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        OffsetDateTime value = rs.getObject(column, OffsetDateTime.class);
        return value == null ? null : value.toInstant();
    }
}
