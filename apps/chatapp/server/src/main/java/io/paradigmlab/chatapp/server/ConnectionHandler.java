package io.paradigmlab.chatapp.server;

/**
 * An engine's side of one WebSocket session. Both methods are called on the session's Vert.x event loop, so they
 * must not block: an engine hands the frame to its own execution context (a thread's mailbox, a Flowable) and returns.
 */
public interface ConnectionHandler {

    /** One inbound text frame (a whole message, at most 131,072 bytes), in arrival order. */
    void onText(String frame);

    /** The session is closed (by either side, for any reason); called once, after the last {@link #onText}. */
    void onClose();
}
