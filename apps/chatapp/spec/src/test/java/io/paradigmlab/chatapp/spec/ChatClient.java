package io.paradigmlab.chatapp.spec;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One chat connection of the suite, on the JDK's {@link WebSocket}: every text frame the server sends is parsed and
 * put on a queue in arrival order, which {@link #next(Duration)} takes from. Replies are matched to requests by
 * {@code ref} ({@link #call}); frames that arrive meanwhile (deliveries) are kept, in order, for {@link #next}.
 * Counts what it sent and received, for the comparison with the server's counters (S16).
 *
 * <p>Nothing here sleeps to prove that a frame does not come: a test proves non-delivery with a sentinel (a later
 * frame that must be the next one, {@link #expectNoFrameBefore}).
 */
final class ChatClient implements AutoCloseable {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final Duration TIMEOUT = Duration.ofSeconds(20);
    static final String SUBPROTOCOL = "chatapp.v1";

    private static final AtomicLong REFS = new AtomicLong();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    /** A frame as it arrived: its parsed JSON (null if it was not JSON) and its text. */
    record Frame(JsonNode json, String text) {
        String type() {
            return json == null || !json.has("type") ? "?" : json.get("type").asString();
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /** How the server closed the connection (or the error that ended it: code -1). */
    record Closed(int code, String reason) {
    }

    private final String label;
    /** Set once connected; the server sends nothing before the client's first request. */
    private WebSocket ws;
    private final BlockingQueue<Frame> frames = new LinkedBlockingQueue<>();
    /** Frames {@link #call} read past while waiting for its reply, handed out first by {@link #next}. */
    private final Deque<Frame> kept = new ArrayDeque<>();
    private final CompletableFuture<Closed> closed;
    private final Listener listener;
    /** The last frames seen, for failure messages. */
    private final Deque<String> recent = new ArrayDeque<>();

    private final AtomicInteger framesSent = new AtomicInteger();
    private final AtomicInteger framesReceived = new AtomicInteger();
    private final AtomicLong bytesReceived = new AtomicLong();
    private final AtomicLong palCounts = new AtomicLong();
    private final Map<String, AtomicInteger> received = new java.util.concurrent.ConcurrentHashMap<>();
    private String nick;

    private ChatClient(String label, Listener listener) {
        this.label = label;
        this.listener = listener;
        this.closed = listener.closed;
        listener.owner = this;
    }

    /** Connects to {@code uri}, offering the subprotocol {@value #SUBPROTOCOL} when {@code subprotocol}. */
    static ChatClient connect(String uri, String label, boolean subprotocol) {
        Listener listener = new Listener();
        ChatClient client = new ChatClient(label, listener);
        WebSocket.Builder builder = HTTP.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(10));
        if (subprotocol) {
            builder.subprotocols(SUBPROTOCOL);
        }
        try {
            client.ws = builder.buildAsync(URI.create(uri), listener).get(20, TimeUnit.SECONDS);
            return client;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while connecting " + label, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new AssertionError("cannot connect " + label + " to " + uri + ": " + e, e);
        }
    }

    String label() {
        return label;
    }

    /** The nick this connection logged in with, if any. */
    String nick() {
        return nick;
    }

    void nick(String nick) {
        this.nick = nick;
    }

    String subprotocol() {
        return ws.getSubprotocol();
    }

    // ---- sending

    static ObjectNode object() {
        return JSON.createObjectNode();
    }

    /** An operation with a fresh {@code ref}. */
    static ObjectNode op(String op) {
        return object().put("op", op).put("ref", "r" + REFS.incrementAndGet());
    }

    /** Sends a JSON object as one text frame (waits until the JDK has written it). */
    void sendJson(JsonNode json) {
        sendText(JSON.writeValueAsString(json));
    }

    /** Sends any text as one text frame. */
    void sendText(String text) {
        await(ws.sendText(text, true), "send a text frame");
        framesSent.incrementAndGet();
    }

    void sendBinary(byte[] bytes) {
        await(ws.sendBinary(ByteBuffer.wrap(bytes), true), "send a binary frame");
        framesSent.incrementAndGet();
    }

    /** Sends {@code request} (which carries a ref) and returns the frame answering it, keeping any other for next(). */
    Frame call(ObjectNode request) {
        sendJson(request);
        return reply(request.get("ref").asString());
    }

    /** The next frame whose ref is {@code ref}; the frames read past are kept for {@link #next}, in order. */
    Frame reply(String ref) {
        List<Frame> skipped = new ArrayList<>();
        try {
            while (true) {
                Frame f = take(TIMEOUT, "the reply to " + ref);
                JsonNode r = f.json() == null ? null : f.json().get("ref");
                if (r != null && r.isString() && r.asString().equals(ref) && !"msg".equals(f.type())) {
                    return f;
                }
                skipped.add(f);
            }
        } finally {
            // back in front of what next() hands out, in arrival order
            for (int i = skipped.size() - 1; i >= 0; i--) {
                kept.addFirst(skipped.get(i));
            }
        }
    }

    // ---- receiving

    /** The next frame, in arrival order. */
    Frame next(Duration timeout) {
        Frame f = kept.pollFirst();
        return f != null ? f : take(timeout, "a frame");
    }

    Frame next() {
        return next(TIMEOUT);
    }

    private Frame take(Duration timeout, String what) {
        try {
            Frame f = frames.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (f == null) {
                throw new AssertionError(label + " waited " + timeout.toSeconds() + " s for " + what
                        + (closed.isDone() ? " but the connection closed: " + closed.getNow(null) : "")
                        + "; last frames: " + recentFrames());
            }
            return f;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** Whether a frame is already here (for assertions after a sentinel; never waits). */
    boolean hasFrame() {
        return !kept.isEmpty() || !frames.isEmpty();
    }

    /** Stops asking for frames: the JDK client stops reading the socket, so the server's writes back up. */
    void pause() {
        listener.paused = true;
    }

    /** Reads again after {@link #pause()}. */
    void resume() {
        listener.paused = false;
        ws.request(1);
    }

    /** Waits for the server to close the connection; the close code, or -1 for an error. */
    Closed awaitClose(Duration timeout) {
        try {
            return closed.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        } catch (ExecutionException e) {
            throw new AssertionError(e);
        } catch (TimeoutException e) {
            throw new AssertionError(label + ": the server did not close the connection within " + timeout.toSeconds()
                    + " s; last frames: " + recentFrames());
        }
    }

    boolean isClosed() {
        return closed.isDone() || ws.isInputClosed();
    }

    int framesSent() {
        return framesSent.get();
    }

    int framesReceived() {
        return framesReceived.get();
    }

    long bytesReceived() {
        return bytesReceived.get();
    }

    /** Frames received of one {@code type} ({@code msg}, {@code edited}, {@code err}, ...). */
    int received(String type) {
        AtomicInteger n = received.get(type);
        return n == null ? 0 : n.get();
    }

    /**
     * Counts a frame under its type, and under {@code ack.edit} (an ack with a version), {@code ok.login} (an ok with
     * {@code you}), {@code msg.history} (a msg with a ref) as well; sums the counts of {@code result} frames.
     */
    private void count(Frame frame) {
        String type = frame.type();
        received.computeIfAbsent(type, k -> new AtomicInteger()).incrementAndGet();
        JsonNode json = frame.json();
        String sub = null;
        if ("ack".equals(type) && json.has("version")) {
            sub = "ack.edit";
        } else if ("ok".equals(type) && json.has("you")) {
            sub = "ok.login";
        } else if ("msg".equals(type) && json.has("ref")) {
            sub = "msg.history";
        } else if ("result".equals(type) && json.has("count")) {
            palCounts.addAndGet(json.get("count").asLong());
        }
        if (sub != null) {
            received.computeIfAbsent(sub, k -> new AtomicInteger()).incrementAndGet();
        }
    }

    /** The sum of the {@code count} of every {@code result} frame received. */
    long palCounts() {
        return palCounts.get();
    }

    /**
     * The next frame must be the unicast {@code sentinel} (a {@code msg} with that content): whatever the test
     * proves was not delivered to this connection would have come before it (an ack means enqueued, and a session's
     * frames leave in the order they were enqueued).
     */
    void expectNoFrameBefore(String sentinel) {
        Frame f = next();
        if (!"msg".equals(f.type()) || !sentinel.equals(f.json().path("content").asString(null))) {
            throw new AssertionError(label + " expected no frame before the sentinel " + sentinel + " but got " + f
                    + (hasFrame() ? " (and more after it)" : ""));
        }
    }

    synchronized String recentFrames() {
        return String.join(" | ", recent);
    }

    private synchronized void remember(String text) {
        recent.addLast(text.length() > 300 ? text.substring(0, 300) + "..." : text);
        if (recent.size() > 8) {
            recent.removeFirst();
        }
    }

    /** Closes with 1000 and waits a little for the server's close; aborts if it does not come. */
    @Override
    public void close() {
        if (!ws.isOutputClosed()) {
            try {
                ws.sendClose(WebSocket.NORMAL_CLOSURE, "").get(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // the server may already be gone
            }
        }
        // keep reading so the server's close frame is seen even when paused
        listener.paused = false;
        ws.request(Long.MAX_VALUE);
        try {
            closed.get(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // aborted below
        }
        ws.abort();
    }

    @Override
    public String toString() {
        return label;
    }

    private static <T> T await(CompletableFuture<T> future, String what) {
        try {
            return future.get(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        } catch (ExecutionException | TimeoutException e) {
            throw new AssertionError("cannot " + what + ": " + e, e);
        }
    }

    /** Collects whole text frames (the JDK may hand a frame over in parts) and the close. */
    private static final class Listener implements WebSocket.Listener {

        final CompletableFuture<Closed> closed = new CompletableFuture<>();
        volatile boolean paused;
        volatile ChatClient owner;
        private final StringBuilder partial = new StringBuilder();

        @Override
        public void onOpen(WebSocket webSocket) {
            webSocket.request(1);
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                JsonNode json;
                try {
                    json = JSON.readTree(text);
                } catch (RuntimeException e) {
                    json = null;
                }
                Frame frame = new Frame(json, text);
                ChatClient c = owner;
                c.framesReceived.incrementAndGet();
                c.bytesReceived.addAndGet(text.getBytes(StandardCharsets.UTF_8).length);
                c.count(frame);
                c.remember(text);
                c.frames.add(frame);
            }
            if (!paused) {
                webSocket.request(1);
            }
            return null;
        }

        @Override
        public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
            ChatClient c = owner;
            c.remember("(binary frame of " + data.remaining() + " bytes)");
            c.frames.add(new Frame(null, "(binary)"));
            webSocket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
            closed.complete(new Closed(statusCode, reason));
            return null;
        }

        @Override
        public void onError(WebSocket webSocket, Throwable error) {
            closed.complete(new Closed(-1, String.valueOf(error)));
        }
    }
}
