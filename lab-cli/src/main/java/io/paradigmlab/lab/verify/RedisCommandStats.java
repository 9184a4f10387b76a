package io.paradigmlab.lab.verify;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.RedisEndpoint;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Counts the commands Redis executed, from {@code INFO commandstats}, reset with {@code CONFIG RESETSTAT}. A
 * minimal RESP client on one socket: the lab needs nothing more of Redis.
 */
public final class RedisCommandStats implements AutoCloseable {

    /**
     * Commands that are no work of a request: connection set-up and health checks by the client library
     * ({@code HELLO}, {@code CLIENT ...}, {@code PING}, {@code SELECT}, {@code AUTH}, {@code COMMAND ...}), and
     * the lab's own {@code CONFIG RESETSTAT} and {@code INFO}.
     */
    private static final Set<String> IGNORED = Set.of("flushall", "hello", "client", "ping", "select", "auth", "command", "config",
            "info", "quit", "reset");

    private final RedisEndpoint redis;
    private Socket socket;
    private InputStream in;
    private OutputStream out;

    public RedisCommandStats(RedisEndpoint redis) {
        this.redis = redis;
    }

    public synchronized void reset() {
        String answer = command("CONFIG", "RESETSTAT");
        if (!"OK".equals(answer)) {
            throw new LabException("Redis at " + redis.url() + " refused CONFIG RESETSTAT: " + answer);
        }
    }

    /** Deletes every key (FLUSHALL), so that no run reads what an earlier one cached. */
    public synchronized void flushAll() {
        String answer = command("FLUSHALL");
        if (!"OK".equals(answer)) {
            throw new LabException("Redis at " + redis.url() + " refused FLUSHALL: " + answer);
        }
    }

    /** Calls per command since the last {@link #reset()}, lower case, subcommands as {@code client|setname}. */
    public synchronized Map<String, Long> read() {
        Map<String, Long> counts = new TreeMap<>();
        for (String line : command("INFO", "commandstats").split("\r?\n")) {
            // cmdstat_get:calls=3,usec=12,usec_per_call=4.00,rejected_calls=0,failed_calls=0
            if (!line.startsWith("cmdstat_")) {
                continue;
            }
            int colon = line.indexOf(':');
            String name = line.substring("cmdstat_".length(), colon).toLowerCase(Locale.ROOT);
            String base = name.contains("|") ? name.substring(0, name.indexOf('|')) : name;
            if (IGNORED.contains(base)) {
                continue;
            }
            for (String field : line.substring(colon + 1).split(",")) {
                if (field.startsWith("calls=")) {
                    long calls = Long.parseLong(field.substring("calls=".length()));
                    if (calls > 0) {
                        counts.put(name.toUpperCase(Locale.ROOT), calls);
                    }
                }
            }
        }
        return counts;
    }

    /** How many keys the database holds ({@code DBSIZE}): a cache that is written to grows. */
    public synchronized long dbSize() {
        return Long.parseLong(command("DBSIZE"));
    }

    /**
     * Reads that found their key ({@code keyspace_hits} of {@code INFO stats}) since the server started or the last
     * {@link #reset()}: a cache that is read from grows this.
     */
    public synchronized long keyspaceHits() {
        for (String line : command("INFO", "stats").split("\r?\n")) {
            if (line.startsWith("keyspace_hits:")) {
                return Long.parseLong(line.substring("keyspace_hits:".length()).trim());
            }
        }
        throw new LabException("Redis at " + redis.url() + " reported no keyspace_hits in INFO stats");
    }

    private String command(String... args) {
        try {
            connect();
            StringBuilder request = new StringBuilder("*").append(args.length).append("\r\n");
            for (String arg : args) {
                byte[] bytes = arg.getBytes(StandardCharsets.UTF_8);
                request.append('$').append(bytes.length).append("\r\n").append(arg).append("\r\n");
            }
            out.write(request.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
            return reply();
        } catch (IOException e) {
            closeSocket();
            throw new LabException("Cannot talk to Redis at " + redis.url() + ": " + e.getMessage(), e);
        }
    }

    private String reply() throws IOException {
        int type = in.read();
        String line = line();
        return switch (type) {
            case '+', ':' -> line;
            case '-' -> throw new IOException("Redis error: " + line);
            case '$' -> {
                int length = Integer.parseInt(line);
                if (length < 0) {
                    yield "";
                }
                byte[] bytes = in.readNBytes(length + 2);
                yield new String(bytes, 0, length, StandardCharsets.UTF_8);
            }
            default -> throw new IOException("Unexpected Redis reply type " + (char) type + line);
        };
    }

    private String line() throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != -1 && b != '\n') {
            if (b != '\r') {
                buffer.write(b);
            }
        }
        if (b == -1) {
            throw new IOException("connection closed");
        }
        return buffer.toString(StandardCharsets.UTF_8);
    }

    private void connect() throws IOException {
        if (socket == null || socket.isClosed()) {
            socket = new Socket();
            socket.connect(new InetSocketAddress(redis.host(), redis.port()), 2000);
            socket.setSoTimeout(5000);
            in = new BufferedInputStream(socket.getInputStream());
            out = socket.getOutputStream();
        }
    }

    private void closeSocket() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException ignored) {
                // best effort
            }
            socket = null;
        }
    }

    @Override
    public synchronized void close() {
        closeSocket();
    }
}
