package io.paradigmlab.tweebyte.reactive.user;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.tweebyte.domain.media.MediaStream;
import io.paradigmlab.tweebyte.reactive.common.MediaProperties;
import io.paradigmlab.tweebyte.reactive.common.SchedulerMetrics;
import io.paradigmlab.tweebyte.security.Caller;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferFactory;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Flux;
import reactor.core.publisher.SignalType;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * {@code GET /media/} (and {@code /media}): seed 001's blocking stream (5.3, listing 8). 256 KiB in four 64 KiB
 * chunks of {@link MediaStream#chunk}, the producer parking {@link MediaStream#pauseNanos} after each one. The
 * producer is a {@link Flux#generate} subscribed on the {@code stream} scheduler, a bounded elastic one whose threads
 * may block (BlockHound watches only non-blocking threads: event loops and {@code parallel()}), so each stream holds
 * one of its threads for its whole transfer and the event loops stay free.
 */
@RestController
public class MediaStreamController implements DisposableBean {

    /** The scheduler's name, also its pool metrics' {@code name} tag. */
    public static final String SCHEDULER = "stream";
    /**
     * Producer threads: the seed's 1,000 (listing 8), as the other variants' stream executor. The service's in-flight
     * limit (1,000 requests) bounds the streams anyway.
     */
    public static final int THREADS = 1_000;
    /**
     * Tasks queued per thread of the bounded elastic scheduler (the seed's 100,000 lowered as the other variants'
     * queue, ADR 0010); with the in-flight limit it is never reached.
     */
    public static final int QUEUED_PER_THREAD = 10_000;

    private final Scheduler stream;
    private final long pauseNanos;
    private final Counter chunks;
    private final Counter aborted;

    public MediaStreamController(MediaProperties media, MeterRegistry meters) {
        // its own, not a bean: the services inject their cpu scheduler by type
        this.stream = Schedulers.newBoundedElastic(THREADS, QUEUED_PER_THREAD, SCHEDULER);
        this.pauseNanos = MediaStream.pauseNanos(MediaStream.CHUNK_BYTES, media.streamOrDefault().bytesPerSecondOrDefault());
        this.chunks = Counter.builder("tweebyte.media.stream.chunks")
                .description("Chunks of GET /media/ written").register(meters);
        this.aborted = Counter.builder("tweebyte.media.stream.aborted")
                .description("Streams of GET /media/ ended by a client disconnect before their last chunk").register(meters);
    }

    /**
     * The length is known up front, so the answer has a {@code Content-Length} (no chunked encoding), as every
     * variant's. A disconnect cancels the subscription: {@link Flux#generate} checks it before producing the next
     * chunk, so none is made after it (the pause under way runs out first).
     */
    @GetMapping({"/media", "/media/"})
    ResponseEntity<Flux<DataBuffer>> media(Caller caller, ServerHttpResponse response) {
        DataBufferFactory buffers = response.bufferFactory();
        AtomicInteger sent = new AtomicInteger();
        Flux<DataBuffer> body = Flux.<DataBuffer, Integer>generate(() -> 0, (index, sink) -> {
                    if (index == MediaStream.CHUNKS) {
                        sink.complete();
                        return index;
                    }
                    // the shared read-only chunk, wrapped, not copied
                    sink.next(buffers.wrap(MediaStream.chunk(index)));
                    sent.incrementAndGet();
                    chunks.increment();
                    park(pauseNanos);
                    return index + 1;
                })
                // once per stream, with its first end. Reactor Netty cancels a body once it has written the
                // Content-Length it announced, while the producer parks after its last chunk: no disconnect
                .doFinally(end -> {
                    if (end == SignalType.CANCEL && sent.get() < MediaStream.CHUNKS) {
                        aborted.increment();
                    }
                })
                .subscribeOn(stream)
                .onErrorMap(SchedulerMetrics::isRejection, rejected -> {
                    // every stream thread busy and its queue full: overload, as a full executor in the other variants
                    SchedulerMetrics.rejected(SCHEDULER);
                    return new ApiException.Unavailable(StandardErrors.OVERLOADED);
                });
        return ResponseEntity.ok()
                .contentType(MediaType.APPLICATION_OCTET_STREAM)
                .contentLength(MediaStream.TOTAL_BYTES)
                .body(body);
    }

    /** The whole pause ({@code parkNanos} may return early), unless the thread is interrupted (shutdown). */
    private static void park(long nanos) {
        long end = System.nanoTime() + nanos;
        for (long left = nanos; left > 0 && !Thread.currentThread().isInterrupted(); left = end - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }

    /** On shutdown, after the server stopped taking requests: a stream still under way is cut. */
    @Override
    public void destroy() {
        stream.dispose();
    }
}
