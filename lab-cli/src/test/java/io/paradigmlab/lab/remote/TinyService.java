package io.paradigmlab.lab.remote;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A service JVM small enough to package in a test: {@code /actuator/health}, {@code /actuator/prometheus} (heap in use
 * and live threads, as Micrometer names them) and {@code /file} (the path and content of the file given as
 * {@code --file=PATH}). It holds {@value #HELD_MB} MB touched on the heap and keeps one thread busy, so its RSS and
 * CPU stand far apart from an idle ssh client's. Arguments: {@code PORT --file=PATH}.
 */
public final class TinyService {

    static final int HELD_MB = 160;
    private static byte[][] held;
    private static volatile long sink;

    private TinyService() {
    }

    public static void main(String[] args) throws IOException {
        int port = Integer.parseInt(args[0]);
        Path file = Path.of(args[1].substring("--file=".length()));
        held = new byte[HELD_MB][];
        for (int i = 0; i < HELD_MB; i++) {
            held[i] = new byte[1 << 20];
            for (int j = 0; j < held[i].length; j += 4096) {
                held[i][j] = 1;
            }
        }
        Thread.ofPlatform().daemon(true).name("busy").start(() -> {
            long x = 0;
            while (true) {
                x = x * 6364136223846793005L + 1442695040888963407L;
                sink = x;
            }
        });
        HttpServer server = HttpServer.create(new InetSocketAddress(port), 50);
        server.createContext("/actuator/health", ex -> answer(ex, "{\"status\":\"UP\"}"));
        server.createContext("/actuator/prometheus", ex -> answer(ex, String.format(
                "# TYPE jvm_memory_used_bytes gauge%njvm_memory_used_bytes{area=\"heap\",id=\"all\"} %d%n"
                        + "# TYPE jvm_threads_live_threads gauge%njvm_threads_live_threads %d%n",
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(),
                ManagementFactory.getThreadMXBean().getThreadCount())));
        server.createContext("/file", ex -> answer(ex, file + "\n" + Files.readString(file)));
        server.start();
        System.out.println("tiny service on " + port);
    }

    private static void answer(HttpExchange exchange, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(200, bytes.length);
        try (var out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
