package io.paradigmlab.chatapp.tck;

import io.paradigmlab.chatapp.server.ChatCounters;

/**
 * An engine started by {@link ChatEngineContract#start}: the real server on {@code port}, the counters its
 * {@code stats} frames and metrics read, and how to stop it (the server, the engine, its pool or client).
 *
 * @param port     the WebSocket/HTTP port the server listens on
 * @param counters the counters the engine updates (the contract compares them before and after requests)
 * @param closer   stops the server and releases the engine's resources; never closes the database
 */
public record RunningChat(int port, ChatCounters counters, AutoCloseable closer) implements AutoCloseable {

    @Override
    public void close() throws Exception {
        closer.close();
    }
}
