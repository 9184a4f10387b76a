package io.paradigmlab.eshop.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The tests' HTTP client (the JDK's), with the contract's error body check. */
final class Http {

    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /** @param headers by lower-case name */
    record Response(int status, Map<String, List<String>> headers, byte[] body) {

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        byte[] bytes() {
            return body;
        }

        JsonNode json() {
            return JSON.readTree(body);
        }

        <T> T as(Class<T> type) {
            return JSON.readValue(body, type);
        }

        String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null || values.isEmpty() ? null : values.getFirst();
        }
    }

    private Http() {
    }

    static Response get(String url) {
        return send("GET", url, null, (byte[]) null);
    }

    static Response json(String method, String url, String body) {
        return send(method, url, "application/json", body);
    }

    static Response json(String method, String url, Object body) {
        return send(method, url, "application/json", JSON.writeValueAsString(body));
    }

    static Response send(String method, String url, String contentType, String body) {
        return send(method, url, contentType, body == null ? null : body.getBytes(StandardCharsets.UTF_8));
    }

    static Response send(String method, String url, String contentType, byte[] body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(60))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            request.header("Content-Type", contentType);
        }
        try {
            HttpResponse<byte[]> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            Map<String, List<String>> headers = new HashMap<>();
            response.headers().map().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values));
            return new Response(response.statusCode(), headers, response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /**
     * A bodiless request sent as is over a socket, for targets {@link URI} refuses ({@code %zz}); the answer must
     * have a {@code Content-Length} or end with the connection.
     */
    static Response raw(int port, String method, String target) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            out.write((method + " " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                    + "Content-Length: 0\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            byte[] all = socket.getInputStream().readAllBytes();
            String text = new String(all, StandardCharsets.ISO_8859_1);
            int end = text.indexOf("\r\n\r\n");
            String[] lines = text.substring(0, end).split("\r\n");
            Map<String, List<String>> headers = new HashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                headers.computeIfAbsent(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        k -> new ArrayList<>()).add(lines[i].substring(colon + 1).trim());
            }
            byte[] body = java.util.Arrays.copyOfRange(all, end + 4, all.length);
            if ("chunked".equalsIgnoreCase(headers.getOrDefault("transfer-encoding", List.of("")).getFirst())) {
                body = dechunk(body);
            }
            return new Response(Integer.parseInt(lines[0].split(" ")[1]), headers, body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] dechunk(byte[] chunked) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        int pos = 0;
        while (true) {
            int lineEnd = pos;
            while (chunked[lineEnd] != '\r') {
                lineEnd++;
            }
            String sizeLine = new String(chunked, pos, lineEnd - pos, StandardCharsets.ISO_8859_1);
            int size = Integer.parseInt(sizeLine.trim(), 16);
            if (size == 0) {
                return out.toByteArray();
            }
            out.write(chunked, lineEnd + 2, size);
            pos = lineEnd + 2 + size + 2;
        }
    }

    /**
     * The contract's error body, exactly: {@code {"timestamp":...,"status":s,"path":p,"errors":[...]}} in this order,
     * {@code application/json}, {@code Retry-After} on a 503.
     */
    static void assertError(Response response, int status, String path, List<String> errors) {
        assertThat(response.status()).as(response.text()).isEqualTo(status);
        assertThat(response.header("Content-Type")).isEqualTo("application/json");
        JsonNode body = response.json();
        assertThat(body.propertyNames()).containsExactly("timestamp", "status", "path", "errors");
        assertThat(body.get("status").asInt()).isEqualTo(status);
        assertThat(body.get("path").asString()).isEqualTo(path);
        assertThat(body.get("errors").valueStream().map(JsonNode::asString).toList())
                .containsExactlyElementsOf(errors);
        if (status == 503) {
            assertThat(response.header("Retry-After")).isNotNull();
        }
    }
}
