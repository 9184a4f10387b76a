package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.lab.api.RedisEndpoint;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * Looks at what the services cached, as Redis holds it: a value's exact bytes and its time to live. A minimal RESP
 * client on one socket (the suite has no Redis library, and needs three commands).
 */
final class RedisProbe implements AutoCloseable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    RedisProbe(RedisEndpoint redis) {
        try {
            socket = new Socket();
            socket.connect(new InetSocketAddress(redis.host(), redis.port()), 2000);
            socket.setSoTimeout(5000);
            in = new BufferedInputStream(socket.getInputStream());
            out = socket.getOutputStream();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot reach Redis at " + redis.url(), e);
        }
    }

    /** The value's bytes, or null when the key does not exist. */
    byte[] get(String key) {
        return (byte[]) command("GET", key);
    }

    /** Seconds the key has left: -2 when it does not exist, -1 when it never expires (Redis's {@code TTL}). */
    long ttl(String key) {
        return (Long) command("TTL", key);
    }

    boolean exists(String key) {
        return (Long) command("EXISTS", key) == 1L;
    }

    private Object command(String... args) {
        try {
            ByteArrayOutputStream request = new ByteArrayOutputStream();
            request.write(("*" + args.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            for (String arg : args) {
                byte[] bytes = arg.getBytes(StandardCharsets.UTF_8);
                request.write(("$" + bytes.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
                request.write(bytes);
                request.write("\r\n".getBytes(StandardCharsets.US_ASCII));
            }
            out.write(request.toByteArray());
            out.flush();
            int type = in.read();
            String line = line();
            return switch (type) {
                case ':' -> Long.parseLong(line);
                case '+' -> line;
                case '$' -> {
                    int length = Integer.parseInt(line);
                    if (length < 0) {
                        yield null;
                    }
                    byte[] value = in.readNBytes(length);
                    in.readNBytes(2);
                    yield value;
                }
                case '-' -> throw new IllegalStateException("Redis refused " + args[0] + ": " + line);
                default -> throw new IllegalStateException("Unexpected Redis reply " + (char) type + line);
            };
        } catch (IOException e) {
            throw new UncheckedIOException("Redis " + args[0] + " failed", e);
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream buffer = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b == -1) {
                throw new IOException("connection closed");
            }
            if (b != '\r') {
                buffer.write(b);
            }
        }
        return buffer.toString(StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException ignored) {
            // nothing to do: the probe is done
        }
    }
}
