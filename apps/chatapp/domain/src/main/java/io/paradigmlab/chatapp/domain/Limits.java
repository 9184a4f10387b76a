package io.paradigmlab.chatapp.domain;

/** The protocol's fixed bounds, shared by every variant so that they refuse exactly the same frames. */
public final class Limits {

    /** Largest accepted WebSocket frame (128 KiB, spec 5.1); larger closes with 1009. A 1000-word line is < 51 KB. */
    public static final int MAX_FRAME_BYTES = 131_072;
    /** Default database connection cap of every variant (spec 4.2 W2); changes the measurement. */
    public static final int DEFAULT_POOL_SIZE = 10;
    /**
     * Default bound of a session's outbound queue, in frames; a consumer that falls further behind is closed with
     * 1008. Changes the measurement: a smaller bound drops slow clients sooner.
     */
    public static final int DEFAULT_OUTBOUND_QUEUE = 4_096;
    /** Largest {@code history.limit}. */
    public static final int MAX_HISTORY = 1_000;
    /** Default {@code history.limit}. */
    public static final int DEFAULT_HISTORY = 100;
    /** Largest first name, last name (chars; the columns are varchar(64)). */
    public static final int MAX_NAME = 64;
    /** Largest message content or {@code pal.text}, in chars (an edit's result included). */
    public static final int MAX_CONTENT = 65_536;
    /** Longest nickname (chars; the column is varchar(32)). */
    public static final int MAX_NICK = 32;
    /** Password length bounds (chars). */
    public static final int MIN_PASSWORD = 6;
    public static final int MAX_PASSWORD = 128;
    /** Bounds of the palindrome work factor {@code k}; it changes the CPU cost of a {@code pal} task linearly. */
    public static final int MIN_PAL_K = 1;
    public static final int MAX_PAL_K = 1_000;

    private Limits() {
    }
}
