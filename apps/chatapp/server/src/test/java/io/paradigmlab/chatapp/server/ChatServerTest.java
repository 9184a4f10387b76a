package io.paradigmlab.chatapp.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.chatapp.domain.Limits;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The shell with an engine that echoes every frame (and floods on "flood", closes on "quit"). */
class ChatServerTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final AtomicBoolean healthy = new AtomicBoolean(true);
    private static final List<Long> closedSessions = new CopyOnWriteArrayList<>();
    private static final List<Long> quitSessions = new CopyOnWriteArrayList<>();
    private static ChatCounters counters;
    private static ChatServer server;

    @BeforeAll
    static void start() {
        counters = new ChatCounters();
        ChatEngine echo = connection -> new ConnectionHandler() {
            @Override
            public void onText(String frame) {
                if (frame.equals("quit")) {
                    quitSessions.add(connection.id());
                    connection.close(Connection.NORMAL, "bye");
                } else if (frame.equals("flood")) {
                    // from another thread, one frame at a time, so that the event loop writes as fast as the
                    // client reads: only a client that stops reading lets the frames pile up
                    Thread.ofPlatform().daemon().start(() -> {
                        String big = "x".repeat(60_000);
                        for (int i = 0; i < 20_000 && connection.send(big); i++) {
                            Thread.onSpinWait();
                        }
                    });
                } else if (frame.equals("stream")) {
                    Thread.ofPlatform().daemon().start(() -> {
                        String chunk = "s".repeat(10_000);
                        for (int i = 0; i < 2_000; i++) {
                            // paced by the pending count: it must fall as the client reads
                            while (connection.pending() > 100) {
                                LockSupport.parkNanos(100_000);
                            }
                            connection.send(chunk);
                        }
                        connection.send("done");
                    });
                } else {
                    connection.send(frame);
                }
            }

            @Override
            public void onClose() {
                closedSessions.add(connection.id());
            }
        };
        HealthCheck health = () -> CompletableFuture.completedFuture(healthy.get());
        ChatConfig config = ChatConfig.of(0, "jdbc:postgresql://localhost:5432/chatapp", null, null)
                .withOutboundQueue(200);
        server = ChatServer.start(config, counters, echo, health);
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    private static HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + server.port() + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void echoesTextFramesInOrderAndAcceptsTheSubprotocol() {
        try (WsClient c = WsClient.connect(server.port())) {
            assertThat(c.socket().getSubprotocol()).isEqualTo("chatapp.v1");
            for (int i = 0; i < 100; i++) {
                c.send("{\"n\":" + i + "}");
            }
            for (int i = 0; i < 100; i++) {
                assertThat(c.next().getInteger("n")).isEqualTo(i);
            }
        }
    }

    @Test
    void aFrameAtTheLimitPasses() {
        try (WsClient c = WsClient.connect(server.port())) {
            String atLimit = "y".repeat(Limits.MAX_FRAME_BYTES);
            c.send(atLimit);
            assertThat(c.nextText(Duration.ofSeconds(10))).isEqualTo(atLimit);
        }
    }

    @Test
    void anOversizedFrameClosesWith1009() {
        try (WsClient c = WsClient.connect(server.port())) {
            c.socket().sendText("z".repeat(200 * 1024), true);
            assertThat(c.closeCode()).isEqualTo(1009);
        }
    }

    /** The JDK client splits a message into 16 KiB frames; a single 200 KiB frame takes Netty's decoder path. */
    @Test
    void anOversizedSingleFrameClosesWith1009() throws Exception {
        try (Socket s = new Socket("localhost", server.port())) {
            s.setSoTimeout(10_000);
            OutputStream out = s.getOutputStream();
            out.write(("GET /chat HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            DataInputStream in = new DataInputStream(s.getInputStream());
            String head = "";
            while (!head.endsWith("\r\n\r\n")) {
                head += (char) in.readUnsignedByte();
            }
            assertThat(head).startsWith("HTTP/1.1 101");
            int length = 200 * 1024;
            ByteBuffer frame = ByteBuffer.allocate(2 + 8 + 4 + length);
            frame.put((byte) 0x81).put((byte) (0x80 | 127)).putLong(length).putInt(0); // zero mask: payload as is
            for (int i = 0; i < length; i++) {
                frame.put((byte) 'a');
            }
            // the server answers (and closes the TCP connection) before it has read the whole frame: write aside
            Thread writer = Thread.ofPlatform().daemon().start(() -> {
                try {
                    out.write(frame.array());
                    out.flush();
                } catch (IOException expected) {
                    // broken pipe once the server has closed
                }
            });
            int opcode = in.readUnsignedByte() & 0x0F;
            int payload = in.readUnsignedByte() & 0x7F;
            assertThat(opcode).isEqualTo(0x8); // close
            assertThat(payload).isGreaterThanOrEqualTo(2);
            assertThat(in.readUnsignedShort()).isEqualTo(1009);
            writer.join(10_000);
        }
    }

    @Test
    void anOversizedFragmentedMessageClosesWith1009() {
        try (WsClient c = WsClient.connect(server.port())) {
            String part = "z".repeat(100 * 1024);
            c.socket().sendText(part, false).join();
            c.socket().sendText(part, true);
            assertThat(c.closeCode()).isEqualTo(1009);
        }
    }

    @Test
    void aBinaryFrameClosesWith1003() {
        try (WsClient c = WsClient.connect(server.port())) {
            c.socket().sendBinary(ByteBuffer.wrap(new byte[] {1, 2, 3}), true);
            assertThat(c.closeCode()).isEqualTo(1003);
        }
    }

    @Test
    void theEngineClosesWith1000AndHearsTheClose() throws Exception {
        // other tests' sessions may still be closing: look for this session's own id
        int before = quitSessions.size();
        try (WsClient c = WsClient.connect(server.port())) {
            c.send("quit");
            assertThat(c.closeCode()).isEqualTo(1000);
        }
        assertThat(quitSessions).hasSize(before + 1);
        long quitter = quitSessions.get(before);
        for (int i = 0; i < 250 && !closedSessions.contains(quitter); i++) {
            Thread.sleep(20);
        }
        assertThat(closedSessions).containsOnlyOnce(quitter);
    }

    @Test
    void aSlowConsumerIsClosedWith1008() throws Exception {
        long before = counters.stats().slowConsumerCloses();
        try (WsClient c = WsClient.connect(server.port(), false)) { // reads one frame, then nothing
            c.send("flood");
            for (int i = 0; i < 250 && counters.stats().slowConsumerCloses() == before; i++) {
                Thread.sleep(20);
            }
            assertThat(counters.stats().slowConsumerCloses()).isEqualTo(before + 1);
        }
    }

    @Test
    void aReadingClientKeepsUpWithMoreFramesThanTheBound() {
        long before = counters.stats().slowConsumerCloses();
        try (WsClient c = WsClient.connect(server.port())) {
            c.send("stream");
            for (int i = 0; i < 2_000; i++) {
                assertThat(c.nextText(Duration.ofSeconds(10))).hasSize(10_000);
            }
            assertThat(c.nextText(Duration.ofSeconds(10))).isEqualTo("done");
            assertThat(c.isClosed()).isFalse();
        }
        assertThat(counters.stats().slowConsumerCloses()).isEqualTo(before);
    }

    @Test
    void countsFramesAndBytes() {
        ChatCounters.Stats before = counters.stats();
        try (WsClient c = WsClient.connect(server.port())) {
            c.send("héllo");
            assertThat(c.nextText(Duration.ofSeconds(5))).isEqualTo("héllo");
        }
        ChatCounters.Stats after = counters.stats();
        assertThat(after.in() - before.in()).isEqualTo(1);
        assertThat(after.out() - before.out()).isEqualTo(1);
        assertThat(after.bytesOut() - before.bytesOut()).isEqualTo(6);
    }

    @Test
    void healthFollowsTheCheck() throws Exception {
        HttpResponse<String> up = get("/actuator/health");
        assertThat(up.statusCode()).isEqualTo(200);
        assertThat(up.body()).isEqualTo("{\"status\":\"UP\"}");
        healthy.set(false);
        try {
            assertThat(get("/actuator/health").statusCode()).isEqualTo(503);
        } finally {
            healthy.set(true);
        }
    }

    @Test
    void prometheusHasTheChatCountersAndMemoryGauges() throws Exception {
        HttpResponse<String> r = get("/actuator/prometheus");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).contains("chatapp_frames_in_total", "chatapp_frames_out_total",
                "chatapp_deliveries_total", "chatapp_bytes_out_total", "chatapp_pal_tasks_total",
                "chatapp_pal_count_total", "chatapp_sends_total", "chatapp_edits_total", "chatapp_logins_total",
                "chatapp_errors_total", "chatapp_sessions_open", "chatapp_slow_consumer_closes_total",
                "chatapp_nmt_thread_committed_bytes", "chatapp_heap_after_gc_bytes", "jvm_memory_used_bytes",
                "jvm_threads_live_threads", "jvm_gc_", "system_cpu_count");
    }

    @Test
    void everythingElseIs404() throws Exception {
        assertThat(get("/").statusCode()).isEqualTo(404);
        assertThat(get("/chat").statusCode()).isEqualTo(404);
        assertThat(get("/actuator").statusCode()).isEqualTo(404);
        var failed = HttpClient.newHttpClient().newWebSocketBuilder()
                .buildAsync(URI.create("ws://localhost:" + server.port() + "/other"), new java.net.http.WebSocket.Listener() { });
        assertThat(failed).failsWithin(Duration.ofSeconds(5));
    }
}
