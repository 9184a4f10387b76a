package io.paradigmlab.tweebyte.domain.media;

/**
 * The payload of {@code GET /media/} (seed 001, 5.3): 256 KiB in four 64 KiB chunks, the byte at offset {@code o}
 * of the stream being {@code o % 251} (251 is prime, so no chunk repeats another and a misplaced chunk shows), and
 * the pause after each chunk that paces it to a fixed rate.
 */
public final class MediaStream {

    public static final int TOTAL_BYTES = 262_144;
    public static final int CHUNK_BYTES = 65_536;
    public static final int CHUNKS = TOTAL_BYTES / CHUNK_BYTES;
    /**
     * {@code tweebyte.media.stream.bytes-per-second} when unset: the seed's 6.25 MB/s, 10.49 ms after each 64 KiB
     * chunk, about 42 ms per response. It sets how long a streaming request holds its thread, so it must be the
     * same in every variant (ADR 0004).
     */
    public static final long DEFAULT_BYTES_PER_SECOND = 6_250_000L;

    /** The period of the pattern. */
    static final int PERIOD = 251;

    private static final byte[][] CHUNK_DATA = new byte[CHUNKS][];

    static {
        for (int i = 0; i < CHUNKS; i++) {
            byte[] chunk = new byte[CHUNK_BYTES];
            fill(chunk, (long) i * CHUNK_BYTES);
            CHUNK_DATA[i] = chunk;
        }
    }

    private MediaStream() {
    }

    /**
     * Chunk {@code index} (0..3). The same shared array on every call, so streaming allocates nothing: never modify
     * it (write it, wrap it read-only).
     */
    public static byte[] chunk(int index) {
        if (index < 0 || index >= CHUNKS) {
            throw new IndexOutOfBoundsException("chunk " + index + " of " + CHUNKS);
        }
        return CHUNK_DATA[index];
    }

    /** The byte at {@code offset} of the pattern, which goes on past {@link #TOTAL_BYTES} the same way. */
    public static byte at(long offset) {
        return (byte) (offset % PERIOD);
    }

    /** Fills {@code target} with the pattern from {@code offset} on. */
    public static void fill(byte[] target, long offset) {
        int v = (int) (offset % PERIOD);
        for (int i = 0; i < target.length; i++) {
            target[i] = (byte) v;
            if (++v == PERIOD) {
                v = 0;
            }
        }
    }

    /**
     * How long to park after writing {@code bytes} to hold {@code bytesPerSecond}: {@code bytes * 1e9 / rate}
     * nanoseconds, truncated, as the seed's listing 7 (65536 bytes at 6,250,000 B/s: 10,485,760 ns).
     */
    public static long pauseNanos(int bytes, long bytesPerSecond) {
        if (bytesPerSecond <= 0) {
            throw new IllegalArgumentException("tweebyte.media.stream.bytes-per-second must be at least 1, was "
                    + bytesPerSecond);
        }
        if (bytes < 0) {
            throw new IllegalArgumentException("bytes must not be negative, was " + bytes);
        }
        return (long) (bytes * 1_000_000_000.0 / bytesPerSecond);
    }
}
