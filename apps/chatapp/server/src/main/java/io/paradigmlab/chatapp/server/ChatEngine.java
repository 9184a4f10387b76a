package io.paradigmlab.chatapp.server;

/**
 * What a variant plugs into the server shell: everything that runs after a frame arrives (spec 4.2). The shell does
 * the transport (upgrade, limits, close codes, outbound queues) identically for every variant.
 */
@FunctionalInterface
public interface ChatEngine {

    /**
     * A new session was accepted. Called on its event loop: must not block. The returned handler receives the
     * session's frames and its close.
     */
    ConnectionHandler open(Connection connection);
}
