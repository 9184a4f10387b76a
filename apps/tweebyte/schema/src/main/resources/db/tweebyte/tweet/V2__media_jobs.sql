-- Background media jobs (seed 001, 4.4; docs/api/tweebyte.md "Background jobs"): accepted jobs live here, so a
-- restart of the tweet service loses none. Ids come from the application, as everywhere.
CREATE TABLE media_jobs (
    id            uuid         PRIMARY KEY,
    user_id       uuid         NOT NULL,
    state         varchar(16)  NOT NULL CHECK (state IN ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED')),
    steps         int          NOT NULL CHECK (steps BETWEEN 1 AND 100),
    duration_ms   int          NOT NULL CHECK (duration_ms BETWEEN 1 AND 600000),
    progress      int          NOT NULL DEFAULT 0,
    attempts      int          NOT NULL DEFAULT 0,
    created_at    timestamptz  NOT NULL DEFAULT clock_timestamp(),
    started_at    timestamptz,
    finished_at   timestamptz,
    reason        varchar(200),
    result_bytes  bigint,
    result_sha256 char(64)
);
-- the workers' claim and the queue bound: the oldest QUEUED job, the number of QUEUED jobs
CREATE INDEX media_jobs_queued_idx ON media_jobs (created_at, id) WHERE state = 'QUEUED';
