package io.paradigmlab.eshop.spec;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/**
 * HTTP as a client of one service sees it: the JDK's client for well-formed requests, a raw socket for those it
 * would refuse to send. With several instances of the service, each request goes to the next instance in turn (as the
 * lab's load generator rotates them), so every instance answers a share of every test.
 */
final class Client {

    /** What came back: status, headers (lower-case names), the body's bytes, and how long the exchange took. */
    record Response(String target, int status, Map<String, String> headers, byte[] bytes, Duration took) {

        String body() {
            return new String(bytes, StandardCharsets.UTF_8);
        }

        JsonNode json() {
            return Json.parse(body());
        }

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        /** The media type without parameters, or {@code none}. */
        String mediaType() {
            String type = header("content-type");
            return type == null ? "none" : type.split(";")[0].trim().toLowerCase(Locale.ROOT);
        }

        @Override
        public String toString() {
            String text = mediaType().equals("image/png") ? "<" + bytes.length + " bytes of PNG>" : body();
            return target + " -> " + status + " " + (text.length() > 400 ? text.substring(0, 400) + "..." : text);
        }
    }

    static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    /** Generous for a busy 2-core machine; a hang fails the test instead of holding it. */
    static final Duration TIMEOUT = Duration.ofSeconds(60);
    static final String JSON = "application/json";

    private final List<String> baseUrls;
    private final AtomicInteger next = new AtomicInteger();

    Client(List<String> baseUrls) {
        if (baseUrls.isEmpty()) {
            throw new IllegalArgumentException("no instance to call");
        }
        this.baseUrls = List.copyOf(baseUrls);
    }

    Client(String baseUrl) {
        this(List.of(baseUrl));
    }

    /** The instance's base URL the next request goes to. */
    private String base() {
        return baseUrls.get(Math.floorMod(next.getAndIncrement(), baseUrls.size()));
    }

    Response get(String pathAndQuery) {
        return send("GET", pathAndQuery, null, null);
    }

    Response post(String pathAndQuery, String json) {
        return send("POST", pathAndQuery, JSON, json.getBytes(StandardCharsets.UTF_8));
    }

    Response put(String pathAndQuery, String json) {
        return send("PUT", pathAndQuery, JSON, json.getBytes(StandardCharsets.UTF_8));
    }

    Response send(String method, String pathAndQuery, String contentType, byte[] body) {
        return await(sendAsync(method, pathAndQuery, contentType, body));
    }

    /** The request sent now, its answer when it comes: for concurrent requests. */
    CompletableFuture<Response> sendAsync(String method, String pathAndQuery, String contentType, byte[] body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base() + pathAndQuery)).timeout(TIMEOUT)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        long began = System.nanoTime();
        return HTTP.sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray()).thenApply(response -> {
            Duration took = Duration.ofNanos(System.nanoTime() - began);
            Map<String, String> headers = new LinkedHashMap<>();
            response.headers().map().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), String.join(",", v)));
            return new Response(method + " " + pathAndQuery, response.statusCode(), headers, response.body(), took);
        });
    }

    static Response await(CompletableFuture<Response> future) {
        try {
            return future.get();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new AssertionError("request failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /**
     * Sends the request line's target as written, bytes the JDK's client would refuse to send ({@code %00},
     * {@code %zz}), with an optional JSON body; reads the response to its end ({@code Connection: close}).
     */
    Response raw(String method, String target, String json) {
        URI base = URI.create(base());
        byte[] body = json == null ? new byte[0] : json.getBytes(StandardCharsets.UTF_8);
        long began = System.nanoTime();
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout((int) TIMEOUT.toMillis());
            OutputStream out = socket.getOutputStream();
            StringBuilder head = new StringBuilder(method + " " + target + " HTTP/1.1\r\nHost: " + base.getHost()
                    + "\r\nConnection: close\r\n");
            if (json != null) {
                head.append("Content-Type: application/json\r\nContent-Length: ").append(body.length).append("\r\n");
            }
            out.write(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            out.write(body);
            out.flush();
            byte[] all = socket.getInputStream().readAllBytes();
            return parse(method + " " + target, all, Duration.ofNanos(System.nanoTime() - began));
        } catch (IOException e) {
            throw new AssertionError(method + " " + target + " failed: " + e, e);
        }
    }

    private static Response parse(String target, byte[] all, Duration took) throws IOException {
        String text = new String(all, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (end < 0) {
            throw new AssertionError(target + ": no complete response head in " + text);
        }
        String[] lines = text.substring(0, end).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
        }
        byte[] body = Arrays.copyOfRange(all, end + 4, all.length);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = dechunk(new ByteArrayInputStream(body));
        }
        return new Response(target, status, headers, body, took);
    }

    private static byte[] dechunk(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        while (true) {
            StringBuilder size = new StringBuilder();
            for (int c = in.read(); c != '\n'; c = in.read()) {
                if (c < 0) {
                    return out.toByteArray();
                }
                if (c != '\r') {
                    size.append((char) c);
                }
            }
            int n = Integer.parseInt(size.toString().split(";")[0].trim(), 16);
            if (n == 0) {
                return out.toByteArray();
            }
            out.write(in.readNBytes(n));
            in.read();
            in.read();
        }
    }
}
