package io.paradigmlab.chatapp.domain;

import java.util.Objects;

/**
 * A rule was broken: the server answers with an {@code err} frame carrying {@link #code()} and {@link #detail()} and
 * keeps the connection open. No stack trace is captured: these are expected outcomes (the load sends some on purpose),
 * not bugs, and filling in a stack per refused frame would be measured work that differs by paradigm (call depth).
 */
public final class ChatException extends RuntimeException {

    private final ErrorCode code;
    private final String detail;

    public ChatException(ErrorCode code, String detail) {
        super(Objects.requireNonNull(code, "code") + ": " + detail, null, false, false);
        this.code = code;
        this.detail = detail == null ? "" : detail;
    }

    /** The error code of the {@code err} frame. */
    public ErrorCode code() {
        return code;
    }

    /** A human-readable explanation, never null. */
    public String detail() {
        return detail;
    }
}
