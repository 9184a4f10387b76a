package io.paradigmlab.chatapp.rxjava;

import io.paradigmlab.chatapp.server.ChatConfig;
import io.paradigmlab.chatapp.server.ChatCounters;
import io.paradigmlab.chatapp.server.ChatServer;
import io.paradigmlab.chatapp.server.HealthCheck;
import io.paradigmlab.chatapp.server.OnlineUsers;
import io.paradigmlab.common.blockhound.BlockHoundInstaller;
import io.reactivex.rxjava3.exceptions.UndeliverableException;
import io.reactivex.rxjava3.plugins.RxJavaPlugins;
import io.vertx.core.Vertx;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The rxjava variant's process: the shared WebSocket shell ({@link ChatServer}) with the {@link RxChatEngine}, the
 * Vert.x reactive PostgreSQL client on the server's own Vert.x instance (its event loops serve both), and the health
 * probe {@code SELECT 1} through that pool. Configured by {@code chatapp.*} system properties ({@link ChatConfig});
 * with {@code chatapp.blockhound=true} BlockHound is installed first (needs {@code -XX:+EnableDynamicAgentLoading
 * -XX:+AllowRedefinitionToAddDeleteMethods}), so any blocking call on an event loop or computation thread fails.
 */
public final class RxChatApp implements AutoCloseable {

    private static final long WARM_UP_SECONDS = 30;

    private final Vertx vertx;
    private final RxChatStore store;
    private final ChatServer server;
    private final ChatCounters counters;
    private final OnlineUsers online;

    private RxChatApp(Vertx vertx, RxChatStore store, ChatServer server, ChatCounters counters, OnlineUsers online) {
        this.vertx = vertx;
        this.store = store;
        this.server = server;
        this.counters = counters;
        this.online = online;
    }

    public static void main(String[] args) {
        ChatConfig config = ChatConfig.fromSystemProperties();
        if (config.blockhound()) {
            BlockHoundInstaller.install();
        }
        RxChatApp app = start(config);
        Runtime.getRuntime().addShutdownHook(new Thread(app::close, "chatapp-shutdown"));
    }

    /**
     * Starts a server (its own Vert.x instance and pool), returns once it listens. Opens the pool's connections
     * first; when the database cannot be reached the server starts anyway and its health stays DOWN.
     */
    public static RxChatApp start(ChatConfig config) {
        installErrorHandler();
        Vertx vertx = ChatServer.newVertx();
        RxChatStore store = RxChatStore.create(io.vertx.rxjava3.core.Vertx.newInstance(vertx), config);
        try {
            // main thread: blocking here is fine (it is not an event loop)
            if (!store.warmUp(config.poolSize()).blockingAwait(WARM_UP_SECONDS, TimeUnit.SECONDS)) {
                ChatLog.warn("the database connections did not open within " + WARM_UP_SECONDS + " s");
            }
        } catch (RuntimeException e) {
            ChatLog.warn("could not open the database connections at start: " + e);
        }
        ChatCounters counters = new ChatCounters();
        OnlineUsers online = new OnlineUsers();
        RxChatEngine engine = new RxChatEngine(store, online, counters, config.stateless());
        HealthCheck health = () -> store.ping().toCompletionStage();
        ChatServer server;
        try {
            server = ChatServer.start(vertx, config, counters, engine, health);
        } catch (RuntimeException e) {
            store.close();
            vertx.close();
            throw e;
        }
        return new RxChatApp(vertx, store, server, counters, online);
    }

    /**
     * RxJava reports an error that has nowhere to go (a chain already disposed, e.g. its session closed) to this
     * hook; by default it prints and calls the thread's uncaught-exception handler. Logged instead.
     */
    private static void installErrorHandler() {
        if (RxJavaPlugins.getErrorHandler() == null) {
            RxJavaPlugins.setErrorHandler(e -> ChatLog.error("undeliverable error",
                    e instanceof UndeliverableException u && u.getCause() != null ? u.getCause() : e));
        }
    }

    /** The port the server listens on. */
    public int port() {
        return server.port();
    }

    /** The server-wide counters. */
    public ChatCounters counters() {
        return counters;
    }

    /** Who is online. */
    public OnlineUsers online() {
        return online;
    }

    /** The Vert.x instance the server and the pool run on. */
    public Vertx vertx() {
        return vertx;
    }

    /** Stops the server, closes the pool, then Vert.x. */
    @Override
    public void close() {
        server.close();
        try {
            store.closePool().blockingAwait(10, TimeUnit.SECONDS);
        } catch (RuntimeException e) {
            ChatLog.warn("closing the pool: " + e);
        }
        try {
            // bounded: a test run once saw Vert.x's close future never complete with its event loop idle (cause not
            // found); a stop must not hang the JVM that asked for it
            vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            ChatLog.warn("closing Vert.x: " + e);
        }
    }
}
