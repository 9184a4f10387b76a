package io.paradigmlab.tweebyte.jdbc;

import io.paradigmlab.tweebyte.domain.media.MediaJob;
import io.paradigmlab.tweebyte.domain.media.MediaJobRequest;
import io.paradigmlab.tweebyte.domain.media.MediaJobRules;
import java.util.Optional;
import java.util.UUID;

/**
 * The request side of the background media jobs (docs/api/tweebyte.md, "Background jobs") for the two servlet
 * variants, as blocking sequences of {@link JdbcMediaJobStore} statements: the virtual variant calls them on the
 * request's virtual thread, the async one as one task on its db executor. The statements per request, in order:
 * submit INSERT_IF_ROOM; get FIND; cancel FIND, then (unless the job has ended) CANCEL, then (when CANCEL changed
 * no row: it ended meanwhile) FIND again.
 */
public class BlockingMediaJobs {

    /** The {@code user_id} of jobs submitted while security is off (no caller is identified; the column is NOT NULL). */
    public static final UUID NOBODY = new UUID(0, 0);

    private final JdbcMediaJobStore store;
    private final int queueCapacity;

    /** @param queueCapacity {@code tweebyte.media.jobs.queue-capacity}: QUEUED jobs beyond which a submit is refused */
    public BlockingMediaJobs(JdbcMediaJobStore store, int queueCapacity) {
        if (queueCapacity < 1) {
            throw new IllegalArgumentException("tweebyte.media.jobs.queue-capacity must be at least 1, was "
                    + queueCapacity);
        }
        this.store = store;
        this.queueCapacity = queueCapacity;
    }

    /**
     * Validates (400 with every failing rule) and inserts a QUEUED job of {@code caller}.
     *
     * @param caller the caller's id, null when security is off
     * @return the job, or empty when the queue is full (the caller answers 503 {@link MediaJobRules#QUEUE_FULL})
     */
    public Optional<MediaJob> submit(UUID caller, MediaJobRequest body) {
        MediaJobRules.ValidJob valid = MediaJobRules.validate(body);
        return store.insertIfRoom(UUID.randomUUID(), caller == null ? NOBODY : caller, valid.steps(),
                valid.durationMs(), queueCapacity);
    }

    /** The job; 404 when there is none, 403 when {@code caller} (null: security off) did not submit it. */
    public MediaJob get(UUID caller, UUID id) {
        MediaJob job = store.find(id).orElse(null);
        MediaJobRules.requireOwner(job, caller);
        return job;
    }

    /** Cancels a QUEUED or RUNNING job; a cancelled one answers as it is; 409 for a finished one; 404; 403. */
    public MediaJob cancel(UUID caller, UUID id) {
        MediaJob job = get(caller, id);
        if (job.state().terminal()) {
            return MediaJobRules.afterMissedCancel(job);
        }
        return store.cancel(id, MediaJobRules.CANCELLED_BY_CLIENT)
                .orElseGet(() -> MediaJobRules.afterMissedCancel(store.find(id).orElse(null)));
    }

    /** The job as it is now, for the events stream's polling (no ownership check: done when the stream began). */
    public Optional<MediaJob> poll(UUID id) {
        return store.find(id);
    }

    /** True when {@code next} is worth an event after {@code last}: its state or its progress changed. */
    public static boolean changed(MediaJob last, MediaJob next) {
        return last.state() != next.state() || last.progress() != next.progress();
    }
}
