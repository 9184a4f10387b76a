package io.paradigmlab.eshop.webflux.product;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.eshop.domain.error.StandardErrors;
import java.io.ByteArrayOutputStream;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.codec.multipart.PartEvent;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The import's upload, read into memory as it arrives (never to disk), bounded by {@link #MAX_BYTES}: a
 * {@code text/csv} body as it is, or the part {@code file} of a {@code multipart/form-data} body. Over the bound:
 * {@link DataBufferLimitException}, answered 413 {@link StandardErrors#PAYLOAD_TOO_LARGE}. Each buffer is copied and
 * released at once.
 */
final class Uploads {

    /** The most bytes an upload may have: 16 MiB (the seed's file is about 2.1 MB). */
    static final int MAX_BYTES = 16 * 1024 * 1024;
    /** The multipart part that carries the file. */
    static final String FILE_PART = "file";

    private Uploads() {
    }

    /** A whole {@code text/csv} body. */
    static Mono<byte[]> body(Flux<DataBuffer> body) {
        return Mono.defer(() -> {
            Collector collector = new Collector();
            // a buffer dropped before it is kept is released; kept ones are released by keep (then() discards each
            // element it ignores, so the hook must sit above it)
            return body.doOnDiscard(DataBuffer.class, DataBufferUtils::release)
                    .doOnNext(collector::keep)
                    .then(Mono.fromSupplier(collector::bytes));
        });
    }

    /**
     * The content of the first part named {@value #FILE_PART} of a multipart body; every other part is read and
     * dropped (counted towards the bound). No such part: 400 {@link StandardErrors#BODY_REQUIRED}.
     */
    static Mono<byte[]> file(Flux<PartEvent> parts) {
        return Mono.defer(() -> {
            Collector file = new Collector();
            Collector others = new Collector();
            // whether a file part was seen, and whether it has been read completely (a second one is dropped)
            boolean[] seen = new boolean[2];
            return parts.doOnDiscard(PartEvent.class, event -> DataBufferUtils.release(event.content()))
                    .doOnNext(event -> {
                        boolean isFile = !seen[1] && FILE_PART.equals(event.name());
                        if (isFile) {
                            seen[0] = true;
                            file.keep(event.content(), others.size);
                            seen[1] = event.isLast();
                        } else {
                            others.drop(event.content(), file.size);
                        }
                    })
                    .then(Mono.defer(() -> seen[0]
                            ? Mono.just(file.bytes())
                            : Mono.error(new ApiException.BadRequest(StandardErrors.BODY_REQUIRED))));
        });
    }

    /** Copies buffers into one array (or only counts them), releasing each, up to the bound. */
    private static final class Collector {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream(64 * 1024);
        private long size;

        void keep(DataBuffer buffer) {
            keep(buffer, 0);
        }

        void keep(DataBuffer buffer, long elsewhere) {
            try {
                int n = buffer.readableByteCount();
                check(n, elsewhere);
                byte[] bytes = new byte[n];
                buffer.read(bytes);
                out.write(bytes, 0, n);
            } finally {
                DataBufferUtils.release(buffer);
            }
        }

        void drop(DataBuffer buffer, long elsewhere) {
            try {
                check(buffer.readableByteCount(), elsewhere);
            } finally {
                DataBufferUtils.release(buffer);
            }
        }

        private void check(int n, long elsewhere) {
            size += n;
            if (size + elsewhere > MAX_BYTES) {
                throw new DataBufferLimitException("Upload exceeded the limit of " + MAX_BYTES + " bytes");
            }
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }
}
