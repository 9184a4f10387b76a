package io.paradigmlab.chatapp.server;

import io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException;
import io.paradigmlab.chatapp.domain.Limits;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.ServerWebSocket;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The WebSocket server shell every variant runs on (spec 4.2, W1: one transport for all): one Vert.x
 * {@link HttpServer} on {@link ChatConfig#port()} serving
 * <ul>
 * <li>{@code /chat}: the WebSocket upgrade (subprotocol {@value #SUBPROTOCOL} accepted when offered); text frames of
 * at most {@value Limits#MAX_FRAME_BYTES} bytes go to the engine's {@link ConnectionHandler} in order, on the
 * session's event loop; a larger frame or message closes with 1009, a binary frame with 1003;</li>
 * <li>{@code GET /actuator/health}: 200 {@code {"status":"UP"}} when the {@link HealthCheck} passes, else 503;</li>
 * <li>{@code GET /actuator/prometheus}: the {@link ChatCounters} registry in Prometheus text;</li>
 * <li>anything else: 404.</li>
 * </ul>
 * Per-message and per-frame compression are off, so every variant writes the same bytes whatever the client offers.
 */
public final class ChatServer implements AutoCloseable {

    /** The WebSocket subprotocol of the protocol's version 1. */
    public static final String SUBPROTOCOL = "chatapp.v1";

    private static final long HEALTH_TIMEOUT_SECONDS = 5;

    private final Vertx vertx;
    private final boolean ownsVertx;
    private final ChatConfig config;
    private final ChatCounters counters;
    private final ChatEngine engine;
    private final HealthCheck health;
    private final AtomicLong ids = new AtomicLong();
    private HttpServer server;

    private ChatServer(Vertx vertx, boolean ownsVertx, ChatConfig config, ChatCounters counters, ChatEngine engine,
            HealthCheck health) {
        this.vertx = vertx;
        this.ownsVertx = ownsVertx;
        this.config = config;
        this.counters = counters;
        this.engine = engine;
        this.health = health;
    }

    /**
     * Starts the server on a Vert.x instance of its own ({@link #newVertx()}, closed by {@link #close()}); returns
     * once it listens, after printing {@code chatapp listening on port N}.
     */
    public static ChatServer start(ChatConfig config, ChatCounters counters, ChatEngine engine, HealthCheck health) {
        return start(newVertx(), true, config, counters, engine, health);
    }

    /**
     * As {@link #start(ChatConfig, ChatCounters, ChatEngine, HealthCheck)} on the caller's Vert.x instance (the
     * reactive variant's database client shares its event loops); {@link #close()} leaves it open.
     */
    public static ChatServer start(Vertx vertx, ChatConfig config, ChatCounters counters, ChatEngine engine,
            HealthCheck health) {
        return start(vertx, false, config, counters, engine, health);
    }

    private static ChatServer start(Vertx vertx, boolean owns, ChatConfig config, ChatCounters counters,
            ChatEngine engine, HealthCheck health) {
        ChatServer chat = new ChatServer(vertx, owns, config, counters, engine, health);
        try {
            chat.listen();
        } catch (RuntimeException e) {
            chat.close();
            throw e;
        }
        System.out.println("chatapp listening on port " + chat.port());
        System.out.flush();
        return chat;
    }

    /**
     * A Vert.x instance with the defaults (2 event loops per core, as Vert.x sizes them), the one every variant's
     * server runs on.
     */
    public static Vertx newVertx() {
        return Vertx.vertx();
    }

    private void listen() {
        HttpServerOptions options = new HttpServerOptions()
                .setPort(config.port())
                .setMaxWebSocketFrameSize(Limits.MAX_FRAME_BYTES)
                .setMaxWebSocketMessageSize(Limits.MAX_FRAME_BYTES)
                .setWebSocketSubProtocols(List.of(SUBPROTOCOL))
                .setPerMessageWebSocketCompressionSupported(false)
                .setPerFrameWebSocketCompressionSupported(false)
                .setTcpNoDelay(true);
        server = vertx.createHttpServer(options).requestHandler(this::request);
        server.listen().toCompletionStage().toCompletableFuture().join();
    }

    /** The port it listens on (the chosen one when configured with 0). */
    public int port() {
        return server.actualPort();
    }

    /** The Vert.x instance it runs on. */
    public Vertx vertx() {
        return vertx;
    }

    /** The configuration it was started with. */
    public ChatConfig config() {
        return config;
    }

    private void request(HttpServerRequest req) {
        String path = req.path();
        if ("/chat".equals(path) && req.canUpgradeToWebSocket()) {
            req.toWebSocket().onSuccess(this::accept);
        } else if (req.method() == HttpMethod.GET && "/actuator/health".equals(path)) {
            health(req);
        } else if (req.method() == HttpMethod.GET && "/actuator/prometheus".equals(path)) {
            // the NMT gauge runs a diagnostic command: off the event loop
            vertx.executeBlocking(counters::scrape, false).onComplete(ar -> {
                if (ar.succeeded()) {
                    req.response().putHeader("content-type", "text/plain; version=0.0.4; charset=utf-8")
                            .end(ar.result());
                } else {
                    req.response().setStatusCode(500).end();
                }
            });
        } else {
            req.response().setStatusCode(404).end();
        }
    }

    private void health(HttpServerRequest req) {
        Future<Boolean> up;
        try {
            up = Future.fromCompletionStage(
                    health.check().toCompletableFuture().orTimeout(HEALTH_TIMEOUT_SECONDS, TimeUnit.SECONDS),
                    vertx.getOrCreateContext());
        } catch (RuntimeException e) {
            up = Future.failedFuture(e);
        }
        up.onComplete(ar -> {
            boolean ok = ar.succeeded() && Boolean.TRUE.equals(ar.result());
            req.response().setStatusCode(ok ? 200 : 503).putHeader("content-type", "application/json")
                    .end(ok ? "{\"status\":\"UP\"}" : "{\"status\":\"DOWN\"}");
        });
    }

    // On the session's event loop, right after the upgrade: no frame can have been handled yet.
    private void accept(ServerWebSocket ws) {
        Context context = Vertx.currentContext();
        Connection connection = new Connection(ids.incrementAndGet(), ws, context, counters, config.outboundQueue());
        counters.sessionOpened();
        ConnectionHandler handler = engine.open(connection);
        ws.textMessageHandler(text -> {
            if (connection.isOpen()) { // frames read after a close was asked are dropped
                counters.frameIn();
                handler.onText(text);
            }
        });
        ws.binaryMessageHandler(data -> connection.close(Connection.UNSUPPORTED, "binary frames are not supported"));
        ws.exceptionHandler(t -> {
            // Vert.x reports an oversized frame (Netty's decoder) or message (its aggregator) without closing
            if (t instanceof CorruptedWebSocketFrameException e) {
                connection.close((short) e.closeStatus().code(), "frame too big or invalid");
            } else if (t instanceof IllegalStateException && String.valueOf(t.getMessage()).contains("max message size")) {
                connection.close(Connection.TOO_BIG, "message too big");
            }
        });
        ws.closeHandler(v -> {
            connection.closed();
            counters.sessionClosed();
            handler.onClose();
        });
    }

    /** Stops listening and, when it created it, closes the Vert.x instance. */
    @Override
    public void close() {
        if (server != null) {
            server.close().toCompletionStage().toCompletableFuture().join();
        }
        if (ownsVertx) {
            vertx.close().toCompletionStage().toCompletableFuture().join();
        }
    }
}
