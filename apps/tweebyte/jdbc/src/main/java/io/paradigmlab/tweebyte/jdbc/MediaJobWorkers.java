package io.paradigmlab.tweebyte.jdbc;

import io.paradigmlab.tweebyte.domain.media.MediaJob;
import io.paradigmlab.tweebyte.domain.media.MediaJobRules;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The workers of the background media jobs (docs/api/tweebyte.md, "Background jobs"), one loop per worker, shared by
 * the servlet variants, which differ only in the threads they run on ({@link #start(ExecutorService)}: a fixed
 * platform pool in async, a virtual thread each in virtual). A worker claims the oldest QUEUED job, fails it if it was
 * started more than {@link MediaJobRules#MAX_ATTEMPTS} times, then for each remaining step checks the timeout (from
 * the first start), parks for {@code duration_ms / steps} (never past the timeout) and records the progress (no row:
 * cancelled, it stops), and finally stores the result. Idle, it waits for {@link #wake()} (a submit in this process)
 * or polls again after {@code idlePoll}. Interrupted (shutdown), it leaves its job RUNNING: the next start requeues it.
 */
public final class MediaJobWorkers implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(MediaJobWorkers.class);
    /** The {@code reason} column's width. */
    private static final int MAX_REASON = 200;

    private final JdbcMediaJobStore store;
    private final int workers;
    private final Duration timeout;
    private final Duration idlePoll;
    private final Semaphore signal = new Semaphore(0);
    private final AtomicInteger busy = new AtomicInteger();
    private volatile boolean stopped;
    private volatile ExecutorService executor;

    /**
     * @param workers  {@code tweebyte.media.jobs.workers}: jobs run at once
     * @param timeout  {@code tweebyte.media.jobs.timeout}: longest run from the first start, then FAILED
     * @param idlePoll how long an idle worker waits for a signal before it looks at the table again
     */
    public MediaJobWorkers(JdbcMediaJobStore store, int workers, Duration timeout, Duration idlePoll) {
        if (workers < 1) {
            throw new IllegalArgumentException("tweebyte.media.jobs.workers must be at least 1, was " + workers);
        }
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("tweebyte.media.jobs.timeout must be positive, was " + timeout);
        }
        this.store = store;
        this.workers = workers;
        this.timeout = timeout;
        this.idlePoll = idlePoll;
    }

    /**
     * Puts the jobs a stopped process left RUNNING back to the queue, then starts {@link #workers()} loops on
     * {@code executor} (which {@link #close()} shuts down).
     */
    public void start(ExecutorService executor) {
        int requeued = store.requeueRunning();
        if (requeued > 0) {
            log.info("Requeued {} media job(s) left RUNNING by a previous process", requeued);
        }
        this.executor = executor;
        for (int i = 0; i < workers; i++) {
            executor.execute(this::loop);
        }
    }

    /** A job was submitted in this process: one idle worker looks at once instead of at its next poll. */
    public void wake() {
        // bounded: signals beyond one per worker would only make idle workers look twice
        if (signal.availablePermits() < workers) {
            signal.release();
        }
    }

    public int workers() {
        return workers;
    }

    /** Workers running a job now. */
    public int busy() {
        return busy.get();
    }

    /** Stops the workers: each is interrupted, leaving its job RUNNING for the next start to requeue. */
    @Override
    public void close() throws InterruptedException {
        stopped = true;
        ExecutorService running = executor;
        if (running != null) {
            running.shutdownNow();
            running.awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    private void loop() {
        while (!stopped && !Thread.currentThread().isInterrupted()) {
            try {
                MediaJob job = store.claimNext().orElse(null);
                if (job == null) {
                    signal.tryAcquire(idlePoll.toNanos(), TimeUnit.NANOSECONDS);
                    continue;
                }
                busy.incrementAndGet();
                try {
                    run(job);
                } finally {
                    busy.decrementAndGet();
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (stopping()) {
                    return;
                }
                // the database is down, say: wait as when idle instead of spinning on the failure
                log.warn("Media job worker: {}", e.toString());
                try {
                    Thread.sleep(idlePoll);
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }

    private boolean stopping() {
        return stopped || Thread.currentThread().isInterrupted();
    }

    /** Runs one claimed job to its end, or until the worker is interrupted (the job then stays RUNNING). */
    void run(MediaJob job) throws InterruptedException {
        UUID id = job.id();
        if (job.attempts() > MediaJobRules.MAX_ATTEMPTS) {
            store.fail(id, MediaJobRules.ABANDONED);
            return;
        }
        try {
            Instant deadline = job.startedAt().plus(timeout);
            long stepNanos = MediaJobRules.stepNanos(job);
            for (int progress = job.progress(); progress < job.steps(); ) {
                long left = Duration.between(Instant.now(), deadline).toNanos();
                if (left < 0) {
                    store.fail(id, MediaJobRules.timeoutReason(timeout));
                    return;
                }
                if (stepNanos > left) {
                    // the step would end past the timeout: fail at the timeout, not after the step
                    Thread.sleep(Duration.ofNanos(left + 1_000_000));
                    continue;
                }
                Thread.sleep(Duration.ofNanos(stepNanos));
                progress++;
                if (store.recordProgress(id, progress).isEmpty()) {
                    return; // no longer RUNNING: cancelled
                }
            }
            store.succeed(id, MediaJobRules.result(job.steps()));
        } catch (InterruptedException e) {
            throw e;
        } catch (RuntimeException e) {
            if (stopping()) {
                throw new InterruptedException("stopped while running job " + id);
            }
            String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            log.warn("Media job {} failed: {}", id, e.toString());
            store.fail(id, reason.length() > MAX_REASON ? reason.substring(0, MAX_REASON) : reason);
        }
    }
}
