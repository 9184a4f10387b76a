package io.paradigmlab.tweebyte.schema;

/**
 * Every SQL statement of the tweet service's background media jobs (docs/api/tweebyte.md, "Background jobs"), run
 * as these very strings by every variant. Each statement that changes a job returns the job's row
 * ({@link #COLUMNS}), so no change needs a second read; each is conditional on the state it expects, so a cancel
 * racing a worker, or two workers, can never both win.
 */
public final class MediaJobSql {

    /** The columns of a job, in this order, returned by every statement below that answers a job. */
    public static final String COLUMNS = "id, user_id, state, steps, duration_ms, progress, attempts, created_at,"
            + " started_at, finished_at, reason, result_bytes, result_sha256";

    /**
     * Params: id, userId, steps, durationMs, capacity. Inserts a QUEUED job unless {@code capacity} jobs are QUEUED
     * already; no row back means the queue is full. The count and the insert are one statement, not one
     * transaction under a lock: concurrent submitters may each see room, so the bound can be passed by at most
     * their number.
     */
    public static final String INSERT_IF_ROOM =
            "INSERT INTO media_jobs (id, user_id, state, steps, duration_ms)"
                    + " SELECT :id, :userId, 'QUEUED', :steps, :durationMs"
                    + " WHERE (SELECT count(*) FROM media_jobs WHERE state = 'QUEUED') < :capacity"
                    + " RETURNING " + COLUMNS;

    /** Params: id. The job, or no row. */
    public static final String FIND = "SELECT " + COLUMNS + " FROM media_jobs WHERE id = :id";

    /**
     * No params. A worker's claim: the oldest QUEUED job becomes RUNNING, one more attempt, {@code started_at} now
     * (kept from the first start when resumed after a restart, so the timeout counts from there). SKIP LOCKED: two
     * workers never take the same job and never wait for each other.
     */
    public static final String CLAIM_NEXT =
            "UPDATE media_jobs SET state = 'RUNNING', attempts = attempts + 1,"
                    + " started_at = COALESCE(started_at, clock_timestamp())"
                    + " WHERE id = (SELECT id FROM media_jobs WHERE state = 'QUEUED'"
                    + " ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)"
                    + " RETURNING " + COLUMNS;

    /**
     * Params: id, progress. Records a finished step of a RUNNING job; no row back means the job is no longer
     * RUNNING (cancelled): the worker stops.
     */
    public static final String RECORD_PROGRESS =
            "UPDATE media_jobs SET progress = :progress WHERE id = :id AND state = 'RUNNING' RETURNING " + COLUMNS;

    /** Params: id, resultBytes, resultSha256. A RUNNING job succeeds; no row back: it was cancelled meanwhile. */
    public static final String SUCCEED =
            "UPDATE media_jobs SET state = 'SUCCEEDED', finished_at = clock_timestamp(),"
                    + " result_bytes = :resultBytes, result_sha256 = :resultSha256"
                    + " WHERE id = :id AND state = 'RUNNING' RETURNING " + COLUMNS;

    /**
     * Params: id, reason. A QUEUED or RUNNING job fails (timeout, too many attempts, a failing step); no row back:
     * it had ended already.
     */
    public static final String FAIL =
            "UPDATE media_jobs SET state = 'FAILED', finished_at = clock_timestamp(), reason = :reason"
                    + " WHERE id = :id AND state IN ('QUEUED', 'RUNNING') RETURNING " + COLUMNS;

    /**
     * Params: id, reason. The client's cancel of a QUEUED or RUNNING job; no row back: it had ended already (or
     * does not exist), which a {@link #FIND} then tells apart.
     */
    public static final String CANCEL =
            "UPDATE media_jobs SET state = 'CANCELLED', finished_at = clock_timestamp(), reason = :reason"
                    + " WHERE id = :id AND state IN ('QUEUED', 'RUNNING') RETURNING " + COLUMNS;

    /**
     * No params. On start: the jobs a stopped process left RUNNING go back to the queue, in their place (their
     * {@code created_at} is kept), to be resumed at their progress. One process per database owns its jobs.
     */
    public static final String REQUEUE_RUNNING = "UPDATE media_jobs SET state = 'QUEUED' WHERE state = 'RUNNING'";

    private MediaJobSql() {
    }
}
