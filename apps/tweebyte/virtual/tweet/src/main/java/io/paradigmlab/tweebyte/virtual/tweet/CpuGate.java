package io.paradigmlab.tweebyte.virtual.tweet;

import io.micrometer.core.instrument.Counter;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.common.contract.InFlightLimit;
import io.paradigmlab.tweebyte.domain.media.RetryLater;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;

/**
 * Where the virtual variant runs the image pipeline (docs/adr/0010-media-workloads.md): on the request's own virtual
 * thread, but at most {@code tweebyte.media.cpu-threads} at once (a fair semaphore: the others wait in arrival order,
 * as in the async variant's executor queue), so a thousand uploads do not time-slice the carriers and all finish
 * late. At most {@code cpu-threads + cpu-queue} are admitted (running plus waiting, as the async executor's threads
 * plus queue); beyond that 503 with {@code Retry-After: 1}, counted as {@code tweebyte_executor_rejected_total{name="cpu"}}.
 */
final class CpuGate {

    private final int threads;
    private final Semaphore permits;
    private final InFlightLimit admission;
    private final Counter rejected;

    CpuGate(int threads, int queue, Counter rejected) {
        if (threads < 1) {
            throw new IllegalArgumentException("tweebyte.media.cpu-threads must be at least 1, was " + threads);
        }
        if (queue < 1) {
            throw new IllegalArgumentException("tweebyte.media.cpu-queue must be at least 1, was " + queue);
        }
        this.threads = threads;
        this.permits = new Semaphore(threads, true);
        this.admission = new InFlightLimit(threads + queue, "tweebyte.media.cpu-queue");
        this.rejected = rejected;
    }

    /** {@code work} on this thread once a permit is free; 503 at once when the queue is full. */
    <T> T run(Supplier<T> work) {
        if (!admission.tryEnter()) {
            rejected.increment();
            throw RetryLater.media(StandardErrors.OVERLOADED);
        }
        try {
            permits.acquire();
            try {
                return work.get();
            } finally {
                permits.release();
            }
        } catch (InterruptedException e) {
            // the service is stopping
            Thread.currentThread().interrupt();
            throw RetryLater.media(StandardErrors.OVERLOADED);
        } finally {
            admission.exit();
        }
    }

    /** Pipelines running / permits, 0..1. */
    double utilization() {
        return (double) (threads - permits.availablePermits()) / threads;
    }

    /** Pipelines running now. */
    int running() {
        return threads - permits.availablePermits();
    }

    /** Pipelines that may run at once: {@code tweebyte.media.cpu-threads}. */
    int threads() {
        return threads;
    }

    /** Uploads admitted and waiting for a permit. */
    int waiting() {
        return permits.getQueueLength();
    }
}
