package io.paradigmlab.tweebyte.reactive.tweet;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.common.contract.InFlightLimit;
import io.paradigmlab.tweebyte.domain.media.ImagePipeline;
import io.paradigmlab.tweebyte.reactive.common.SchedulerMetrics;
import io.paradigmlab.tweebyte.domain.media.RetryLater;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.codec.multipart.Part;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * {@code POST /media/filter}'s work (seed 001, 5.2, listing 6): the part's bytes joined in memory, then
 * {@link ImagePipeline#filter} on the CPU scheduler ({@code Schedulers.parallel()}: one worker per core, the event
 * loops stay free), at most {@code cpu-threads + cpu-queue} uploads admitted at once (running plus waiting, as the
 * other variants' pool and queue): beyond that 503 with {@code Retry-After: 1}.
 */
public class ImageFilter {

    /** The scheduler's name when it is Reactor's own {@code Schedulers.parallel()}: its pool metrics' name tag. */
    public static final String PARALLEL = "parallel";
    /** The name of a parallel scheduler of its own, when {@code cpu-threads} differs from the number of cores. */
    public static final String OWN_PARALLEL = "media-parallel";

    private final Scheduler cpu;
    private final String schedulerName;
    private final boolean ownScheduler;
    private final InFlightLimit admitted;

    /**
     * @param cpuThreads {@code tweebyte.media.cpu-threads}: {@code Schedulers.parallel()} when it has that many
     *                   workers (unset: it has one per core, the seed's choice), else a parallel scheduler of its own
     * @param cpuQueue   {@code tweebyte.media.cpu-queue}: uploads that may wait beyond the running ones
     */
    public ImageFilter(int cpuThreads, int cpuQueue) {
        this.ownScheduler = cpuThreads != Schedulers.DEFAULT_POOL_SIZE;
        this.schedulerName = ownScheduler ? OWN_PARALLEL : PARALLEL;
        this.cpu = ownScheduler ? Schedulers.newParallel(OWN_PARALLEL, cpuThreads) : Schedulers.parallel();
        this.admitted = new InFlightLimit(cpuThreads + cpuQueue, "tweebyte.media.cpu-threads + tweebyte.media.cpu-queue");
    }

    /** Disposes the scheduler if it is its own (Reactor's shared one is Reactor's). */
    public void dispose() {
        if (ownScheduler) {
            cpu.dispose();
        }
    }

    /**
     * @param file the part {@code file} (with or without a file name), or null: 400 {@code file is required}
     * @return the JPEG; 400/413 from the pipeline's checks, 413 for a part over 4 MiB, 503 when too many are admitted
     */
    public Mono<byte[]> filter(Part file) {
        if (file == null) {
            return Mono.error(() -> new ApiException.BadRequest(ImagePipeline.FILE_REQUIRED));
        }
        // the part was parsed in memory before the controller ran; joining is a copy, bounded to the upload limit
        return DataBufferUtils.join(file.content(), ImagePipeline.MAX_UPLOAD_BYTES)
                .map(ImageFilter::bytes)
                .defaultIfEmpty(new byte[0])
                .flatMap(this::admittedRun);
    }

    private Mono<byte[]> admittedRun(byte[] upload) {
        return Mono.defer(() -> {
            if (!admitted.tryEnter()) {
                return Mono.error(RetryLater.media(StandardErrors.OVERLOADED));
            }
            return Mono.fromCallable(() -> ImagePipeline.filter(upload))
                    .subscribeOn(cpu)
                    .doOnError(SchedulerMetrics::isRejection, rejected -> SchedulerMetrics.rejected(schedulerName))
                    // once, however the request ends (answered, failed, or the client gone)
                    .doFinally(end -> admitted.exit());
        });
    }

    private static byte[] bytes(DataBuffer joined) {
        try {
            byte[] bytes = new byte[joined.readableByteCount()];
            joined.read(bytes);
            return bytes;
        } finally {
            DataBufferUtils.release(joined);
        }
    }

    /** Admitted uploads now (running plus waiting), for tests and metrics. */
    int admitted() {
        return admitted.inFlight();
    }
}
