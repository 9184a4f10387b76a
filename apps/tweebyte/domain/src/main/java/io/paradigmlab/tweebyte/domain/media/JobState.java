package io.paradigmlab.tweebyte.domain.media;

/** The life of a background media job (docs/api/tweebyte.md, "Background jobs"), as stored in {@code media_jobs.state}. */
public enum JobState {
    QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED;

    /** True for the states a job never leaves: SUCCEEDED, FAILED, CANCELLED. */
    public boolean terminal() {
        return this == SUCCEEDED || this == FAILED || this == CANCELLED;
    }
}
