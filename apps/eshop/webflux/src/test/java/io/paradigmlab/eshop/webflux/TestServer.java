package io.paradigmlab.eshop.webflux;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** One running service and plain HTTP clients for it: the JDK's for well-formed requests, a socket for the rest. */
final class TestServer {

    static final JsonMapper JSON = JsonMapper.builder().build();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    final int port;
    final ConfigurableApplicationContext context;

    TestServer(int port, ConfigurableApplicationContext context) {
        this.port = port;
        this.context = context;
    }

    URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + port + pathAndQuery);
    }

    Response get(String pathAndQuery) {
        return send(HttpRequest.newBuilder(uri(pathAndQuery)).GET());
    }

    Response json(String method, String pathAndQuery, String body) {
        return send(HttpRequest.newBuilder(uri(pathAndQuery)).header("Content-Type", "application/json")
                .method(method, HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8)));
    }

    Response post(String pathAndQuery, String body) {
        return json("POST", pathAndQuery, body);
    }

    Response put(String pathAndQuery, String body) {
        return json("PUT", pathAndQuery, body);
    }

    Response send(String method, String pathAndQuery, String contentType, byte[] body) {
        HttpRequest.Builder b = HttpRequest.newBuilder(uri(pathAndQuery))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        if (contentType != null) {
            b.header("Content-Type", contentType);
        }
        return send(b);
    }

    Response send(HttpRequest.Builder request) {
        try {
            HttpResponse<byte[]> response = HTTP.send(request.timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            return new Response(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Sends {@code request} (CRLF line ends, the closing blank line included) as it is; reads until the close. */
    String raw(String request) {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            ByteArrayOutputStream response = new ByteArrayOutputStream();
            socket.getInputStream().transferTo(response);
            return response.toString(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    record Response(int status, HttpHeaders headers, byte[] body) {
        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        JsonNode json() {
            return JSON.readTree(body);
        }

        String header(String name) {
            return headers.firstValue(name).orElse(null);
        }

        /** The error body's messages. */
        java.util.List<String> errors() {
            java.util.List<String> out = new java.util.ArrayList<>();
            json().get("errors").forEach(e -> out.add(e.asString()));
            return out;
        }

        @Override
        public String toString() {
            return status + " " + text();
        }
    }
}
