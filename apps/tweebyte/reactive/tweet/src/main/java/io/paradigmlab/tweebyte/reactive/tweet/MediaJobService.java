package io.paradigmlab.tweebyte.reactive.tweet;

import io.paradigmlab.tweebyte.domain.Ids;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.media.MediaJob;
import io.paradigmlab.tweebyte.domain.media.MediaJobRequest;
import io.paradigmlab.tweebyte.domain.media.MediaJobRules;
import io.paradigmlab.tweebyte.domain.media.SseFrames;
import io.paradigmlab.tweebyte.security.Caller;
import io.paradigmlab.tweebyte.domain.media.RetryLater;
import java.time.Duration;
import java.util.UUID;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import tools.jackson.databind.json.JsonMapper;

/**
 * The background media jobs' endpoints (docs/api/tweebyte.md, "Background jobs"): submit, read, cancel and follow a
 * job. The work itself is {@link MediaJobWorkers}'.
 */
public class MediaJobService {

    /** The owner recorded for a job submitted with security off (no caller is identified; the column is NOT NULL). */
    static final UUID NOBODY = new UUID(0L, 0L);

    private final R2dbcMediaJobStore store;
    private final MediaJobWorkers workers;
    private final JsonMapper json;
    private final Scheduler cpu;
    private final int queueCapacity;
    private final Duration pollInterval;

    /**
     * @param cpu           where the new job's id is drawn ({@code UUID.randomUUID()} may read /dev/urandom)
     * @param queueCapacity {@code tweebyte.media.jobs.queue-capacity}
     * @param pollInterval  {@code tweebyte.media.jobs.poll-interval}: how often an events stream reads its job
     */
    public MediaJobService(R2dbcMediaJobStore store, MediaJobWorkers workers, JsonMapper json, Scheduler cpu,
                           int queueCapacity, Duration pollInterval) {
        this.store = store;
        this.workers = workers;
        this.json = json;
        this.cpu = cpu;
        this.queueCapacity = queueCapacity;
        this.pollInterval = pollInterval;
    }

    /** Validation (400), then INSERT_IF_ROOM (503 when the queue is full); a worker is woken. */
    public Mono<MediaJob> submit(Caller caller, MediaJobRequest body) {
        return Mono.fromCallable(() -> MediaJobRules.validate(body))
                .flatMap(valid -> Mono.fromCallable(UUID::randomUUID).subscribeOn(cpu)
                        .flatMap(id -> store.insertIfRoom(id, caller.checked() ? caller.userId() : NOBODY,
                                valid.steps(), valid.durationMs(), queueCapacity)))
                .switchIfEmpty(Mono.error(() -> RetryLater.media(MediaJobRules.QUEUE_FULL)))
                .doOnNext(job -> workers.wake());
    }

    /** FIND: 400 for a bad id, 404 without the job, 403 unless the caller submitted it. */
    public Mono<MediaJob> get(Caller caller, String rawId) {
        return Mono.fromCallable(() -> Ids.parse("id", rawId))
                .flatMap(id -> store.find(id).switchIfEmpty(Mono.error(MediaJobService::notFound)))
                .doOnNext(job -> MediaJobRules.requireOwner(job, caller.userId()));
    }

    /**
     * FIND (400, 404, 403 as {@link #get}); a job that ended answers as it is (CANCELLED) or 409 (SUCCEEDED, FAILED)
     * with no more statements; else CANCEL, and if the job ended meanwhile (no row), FIND again to say how.
     */
    public Mono<MediaJob> cancel(Caller caller, String rawId) {
        return get(caller, rawId).flatMap(found -> found.state().terminal()
                ? Mono.fromCallable(() -> MediaJobRules.afterMissedCancel(found))
                : store.cancel(found.id(), MediaJobRules.CANCELLED_BY_CLIENT)
                        .switchIfEmpty(Mono.defer(() -> store.find(found.id())
                                .switchIfEmpty(Mono.error(MediaJobService::notFound))
                                .map(MediaJobRules::afterMissedCancel))));
    }

    /**
     * The job's events, each frame {@link SseFrames#frame} exactly: the job at once (after the checks of {@link #get},
     * so a 400, 403 or 404 comes before the stream starts), then FIND every poll interval, one frame on every change
     * of state or progress, ending after the frame of a terminal state. A client that goes away cancels the polling.
     */
    public Mono<Flux<String>> events(Caller caller, String rawId) {
        return get(caller, rawId).map(first -> Flux.just(first)
                .concatWith(Flux.interval(pollInterval)
                        // a slow FIND skips ticks instead of failing the interval for lack of demand
                        .onBackpressureDrop()
                        .concatMap(tick -> store.find(first.id()), 1))
                .distinctUntilChanged(job -> job.state().name() + ':' + job.progress())
                .takeUntil(job -> job.state().terminal())
                .map(job -> SseFrames.frame(job, json.writeValueAsString(job))));
    }

    private static ApiException notFound() {
        return new ApiException.NotFound(MediaJobRules.NOT_FOUND);
    }
}
