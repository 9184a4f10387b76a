package io.paradigmlab.chatapp.threads;

import io.paradigmlab.chatapp.server.ChatConfig;
import io.paradigmlab.chatapp.server.ChatCounters;
import io.paradigmlab.chatapp.server.ChatServer;
import io.paradigmlab.chatapp.server.HealthCheck;
import io.paradigmlab.chatapp.server.OnlineUsers;
import java.util.concurrent.ThreadFactory;

/**
 * A running thread-per-connection server: the store, the registry, the engine and the shell, wired the same way for
 * the platform and the virtual variant (their mains only pass another {@link ThreadFactory}).
 */
public final class ThreadChatApp implements AutoCloseable {

    private final JdbcChatStore store;
    private final ChatServer server;

    private ThreadChatApp(JdbcChatStore store, ChatServer server) {
        this.store = store;
        this.server = server;
    }

    /**
     * Opens the pool (fails when the database cannot be reached), then listens.
     *
     * @param threads  the session threads' factory (a {@link CountingThreadFactory} around the platform or virtual
     *                 builder's factory: the one thing that differs between the variants)
     * @param counters the counters and registry (the variant has added its thread gauges to it)
     */
    public static ThreadChatApp start(ChatConfig config, ThreadFactory threads, ChatCounters counters) {
        JdbcChatStore store = new JdbcChatStore(config);
        try {
            ThreadChatEngine engine = new ThreadChatEngine(threads, store, new OnlineUsers(), counters,
                    config.stateless());
            ChatServer server = ChatServer.start(config, counters, engine, HealthCheck.blocking(store::ping));
            return new ThreadChatApp(store, server);
        } catch (RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /** Closes the app when the JVM shuts down (the lab stops a variant with SIGTERM). */
    public ThreadChatApp closeOnShutdown() {
        Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(this::close));
        return this;
    }

    public int port() {
        return server.port();
    }

    @Override
    public void close() {
        server.close();
        store.close();
    }
}
