package io.paradigmlab.chatapp.server;

import io.vertx.core.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A test client over the JDK's {@link WebSocket}: frames arrive in a queue, the close code in a future. With
 * {@code reading == false} it reads nothing after the first frame (a slow consumer).
 */
public final class WsClient implements WebSocket.Listener, AutoCloseable {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private final BlockingQueue<String> frames = new LinkedBlockingQueue<>();
    private final CompletableFuture<Integer> closed = new CompletableFuture<>();
    private final boolean reading;
    private final StringBuilder partial = new StringBuilder();
    private WebSocket socket;

    private WsClient(boolean reading) {
        this.reading = reading;
    }

    /** Connects to {@code ws://localhost:port/chat}, offering the subprotocol. */
    public static WsClient connect(int port) {
        return connect(port, true);
    }

    public static WsClient connect(int port, boolean reading) {
        WsClient client = new WsClient(reading);
        client.socket = HTTP.newWebSocketBuilder().subprotocols("chatapp.v1").connectTimeout(Duration.ofSeconds(5))
                .buildAsync(URI.create("ws://localhost:" + port + "/chat"), client).join();
        return client;
    }

    public WebSocket socket() {
        return socket;
    }

    public void send(String text) {
        socket.sendText(text, true).join();
    }

    public void send(JsonObject json) {
        send(json.encode());
    }

    /** Sends and returns the next frame. */
    public JsonObject call(JsonObject json) {
        send(json);
        return next();
    }

    /** The next frame as JSON, waiting at most 10 s. */
    public JsonObject next() {
        return new JsonObject(nextText(Duration.ofSeconds(10)));
    }

    public String nextText(Duration timeout) {
        try {
            String f = frames.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (f == null) {
                throw new AssertionError("no frame within " + timeout);
            }
            return f;
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    /** The next frame if one arrives within {@code timeout}, else null. */
    public String poll(Duration timeout) throws InterruptedException {
        return frames.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The close code the server sent, waiting at most 10 s. */
    public int closeCode() {
        return closed.orTimeout(10, TimeUnit.SECONDS).join();
    }

    public boolean isClosed() {
        return closed.isDone();
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
            frames.add(partial.toString());
            partial.setLength(0);
        }
        if (reading) {
            webSocket.request(1);
        }
        return null;
    }

    @Override
    public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        closed.complete(statusCode);
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        closed.completeExceptionally(error);
    }

    @Override
    public void close() {
        if (!socket.isOutputClosed()) {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "bye").exceptionally(t -> null);
        }
        socket.abort();
    }
}
