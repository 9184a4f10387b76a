package io.paradigmlab.tweebyte.reactive.tweet;

import io.paradigmlab.tweebyte.domain.media.MediaJob;
import io.paradigmlab.tweebyte.domain.media.MediaJobRules;
import io.paradigmlab.tweebyte.reactive.common.SchedulerMetrics;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.Disposable;
import reactor.core.publisher.Mono;
import reactor.core.publisher.Sinks;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The background media jobs' workers (docs/api/tweebyte.md, "Background jobs"; seed 001, 4.4): {@code workers} loops,
 * each claiming the oldest QUEUED job with R2DBC, running its remaining steps and recording each with R2DBC. A step is
 * the seed's contained blocking stage: the worker parks {@code duration_ms / steps}, on a thread of the {@code jobs}
 * scheduler (bounded elastic, one thread per worker; its threads may block, so BlockHound, which watches the event
 * loops and {@code parallel()}, stays quiet), never on an event loop. Between steps a worker holds no thread at all.
 *
 * <p>An idle worker waits for a submission's wake-up ({@link #wake()}, in-process) or one second, whichever comes
 * first, then claims again: the second covers jobs queued by another process or a wake-up lost to a race.
 *
 * <p>Started once the application is ready (after putting back the RUNNING jobs a stopped process left), stopped on
 * shutdown: a step under way is interrupted and its job stays RUNNING, for the next start to requeue.
 */
public class MediaJobWorkers {

    /** The scheduler's name, also its pool metrics' {@code name} tag. */
    public static final String SCHEDULER = "jobs";
    /** An idle worker claims again after this long without a wake-up. */
    static final Duration IDLE_POLL = Duration.ofSeconds(1);
    /** {@code media_jobs.reason} is a varchar(200). */
    private static final int MAX_REASON = 200;

    private static final Logger log = LoggerFactory.getLogger(MediaJobWorkers.class);

    private final R2dbcMediaJobStore store;
    private final int workers;
    private final Duration timeout;
    private final Scheduler jobs;
    /** Wakes every idle worker; a signal with nobody waiting is dropped (the idle poll covers it). */
    private final Sinks.Many<Boolean> wakeups = Sinks.many().multicast().directBestEffort();
    private final List<Disposable> loops = new ArrayList<>();

    /**
     * @param workers {@code tweebyte.media.jobs.workers}: jobs run at once, one {@code jobs} thread each
     * @param timeout {@code tweebyte.media.jobs.timeout}: a job running longer (from its first start) ends FAILED
     */
    public MediaJobWorkers(R2dbcMediaJobStore store, int workers, Duration timeout) {
        this.store = store;
        this.workers = workers;
        this.timeout = timeout;
        this.jobs = Schedulers.newBoundedElastic(workers, 1_000, SCHEDULER);
    }

    /** Puts back the jobs a stopped process left RUNNING, then starts the workers. */
    public synchronized void start() {
        Long requeued = store.requeueRunning()
                .onErrorResume(e -> {
                    log.warn("Media jobs: could not requeue RUNNING jobs: {}", e.toString());
                    return Mono.just(0L);
                })
                .block(Duration.ofSeconds(30));
        if (requeued != null && requeued > 0) {
            log.info("Media jobs: {} RUNNING job(s) of a stopped process back in the queue", requeued);
        }
        for (int i = 0; i < workers; i++) {
            loops.add(Mono.defer(this::once).repeat().subscribe(
                    null, e -> log.error("Media job worker stopped", e)));
        }
        log.info("Media jobs: {} worker(s) started", workers);
    }

    /** Stops the workers and their scheduler; jobs under way stay RUNNING. */
    public synchronized void stop() {
        loops.forEach(Disposable::dispose);
        loops.clear();
        jobs.dispose();
    }

    /** A job was submitted: wake the idle workers. */
    public void wake() {
        // FAIL_NON_SERIALIZED means another submission is emitting right now, which wakes them too
        wakeups.tryEmitNext(Boolean.TRUE);
    }

    /** One turn of a worker: claim and run a job, or wait to be woken (or one poll interval) when none is queued. */
    private Mono<Void> once() {
        return store.claimNext()
                .flatMap(job -> run(job).thenReturn(true))
                .switchIfEmpty(Mono.defer(this::idle).thenReturn(false))
                .onErrorResume(e -> {
                    // the database is away: try again after a pause rather than spin
                    log.warn("Media job worker: {}", e.toString());
                    return Mono.delay(IDLE_POLL).thenReturn(false);
                })
                .then();
    }

    private Mono<Void> idle() {
        return Mono.firstWithSignal(wakeups.asFlux().next().then(), Mono.delay(IDLE_POLL).then());
    }

    /** A claimed job, to its end: abandoned after too many starts, else its remaining steps one by one. */
    private Mono<Void> run(MediaJob claimed) {
        if (claimed.attempts() > MediaJobRules.MAX_ATTEMPTS) {
            return store.fail(claimed.id(), MediaJobRules.ABANDONED).then();
        }
        return Mono.just(claimed).expand(this::next).then()
                .onErrorResume(e -> store.fail(claimed.id(), reason(e))
                        .onErrorResume(again -> {
                            log.warn("Media job {}: could not record its failure ({}): {}", claimed.id(), e,
                                    again.toString());
                            return Mono.empty();
                        })
                        .then());
    }

    /**
     * What follows {@code job} (the row as last written), as the servlet variants' worker loop does it: nothing once
     * it ended or was cancelled; SUCCEED after its last step; FAIL once past the timeout (counted from its first
     * start), also when the next step would end past it (after waiting until the timeout, not for the whole step);
     * else one more step and its RECORD_PROGRESS (no row: cancelled meanwhile, the worker stops).
     */
    private Mono<MediaJob> next(MediaJob job) {
        if (job.state().terminal()) {
            return Mono.empty();
        }
        if (job.progress() >= job.steps()) {
            return store.succeed(job.id(), MediaJobRules.result(job.steps()));
        }
        long left = Duration.between(Instant.now(), job.startedAt().plus(timeout)).toNanos();
        if (left < 0) {
            return store.fail(job.id(), MediaJobRules.timeoutReason(timeout));
        }
        long step = MediaJobRules.stepNanos(job);
        boolean timesOut = step > left;
        return Mono.fromRunnable(() -> park(timesOut ? left + 1_000_000 : step))
                .subscribeOn(jobs)
                .doOnError(SchedulerMetrics::isRejection, rejected -> SchedulerMetrics.rejected(SCHEDULER))
                .then(Mono.defer(() -> timesOut
                        ? store.fail(job.id(), MediaJobRules.timeoutReason(timeout))
                        : store.recordProgress(job.id(), job.progress() + 1)));
    }

    /** The whole step ({@code parkNanos} may return early), unless the worker is stopped (interrupted). */
    private static void park(long nanos) {
        long end = System.nanoTime() + nanos;
        for (long left = nanos; left > 0 && !Thread.currentThread().isInterrupted(); left = end - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }

    private static String reason(Throwable e) {
        String message = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        return message.length() <= MAX_REASON ? message : message.substring(0, MAX_REASON);
    }
}
