package io.paradigmlab.tweebyte.web.mvc.media;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.paradigmlab.tweebyte.domain.media.MediaStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.locks.LockSupport;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;

/**
 * The body of {@code GET /media/} (docs/api/tweebyte.md "Media", seed 001 listing 7), once for both servlet variants:
 * the four chunks of {@link MediaStream}, each written and flushed, then the producing thread parks for
 * {@link MediaStream#pauseNanos} (a platform thread of the async variant's {@code stream} executor, or the request's
 * virtual thread). A failed write (the client went away) stops the producer there: no further chunk is made. Counts
 * {@value #CHUNKS} and {@value #ABORTED}.
 */
public final class MediaStreaming {

    /** Chunks written, exported as {@code tweebyte_media_stream_chunks_total}. */
    public static final String CHUNKS = "tweebyte.media.stream.chunks";
    /** Streams ended by a client's disconnect, exported as {@code tweebyte_media_stream_aborted_total}. */
    public static final String ABORTED = "tweebyte.media.stream.aborted";

    private final long pauseNanos;
    private final Counter chunks;
    private final Counter aborted;
    private final java.util.concurrent.atomic.AtomicInteger active = new java.util.concurrent.atomic.AtomicInteger();

    /** @param bytesPerSecond {@code tweebyte.media.stream.bytes-per-second}: the pace, and so how long a stream holds its thread */
    public MediaStreaming(MeterRegistry registry, long bytesPerSecond) {
        this.pauseNanos = MediaStream.pauseNanos(MediaStream.CHUNK_BYTES, bytesPerSecond);
        this.chunks = Counter.builder(CHUNKS).description("Chunks of GET /media/ written").register(registry);
        this.aborted = Counter.builder(ABORTED).description("Streams of GET /media/ ended by a client's disconnect")
                .register(registry);
    }

    /** The answer's headers: {@code application/octet-stream}, {@code Content-Length: 262144}. */
    public static HttpHeaders headers() {
        HttpHeaders headers = new HttpHeaders();
        headers.setContentType(MediaType.APPLICATION_OCTET_STREAM);
        headers.setContentLength(MediaStream.TOTAL_BYTES);
        return headers;
    }

    /**
     * Writes the stream, blocking (about 42 ms at the default rate).
     *
     * @return false when the client went away (counted; the caller must not write again)
     */
    public boolean writeTo(OutputStream out) {
        active.incrementAndGet();
        try {
            return write(out);
        } finally {
            active.decrementAndGet();
        }
    }

    /** Streams being written now: where no pool runs them (virtual threads), their number is the pool's load. */
    public int active() {
        return active.get();
    }

    private boolean write(OutputStream out) {
        for (int i = 0; i < MediaStream.CHUNKS; i++) {
            try {
                out.write(MediaStream.chunk(i));
                out.flush();
            } catch (IOException e) {
                aborted.increment();
                return false;
            }
            chunks.increment();
            park(pauseNanos);
        }
        return true;
    }

    /** Parks the whole pause: {@code parkNanos} may return early (spuriously, or once interrupted). */
    private static void park(long nanos) {
        long end = System.nanoTime() + nanos;
        for (long left = nanos; left > 0; left = end - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }
}
