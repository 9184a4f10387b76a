package io.paradigmlab.itstore.spec;

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
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** HTTP as a client sees it: the JDK's client for well-formed requests, a raw socket for malformed ones. */
final class Client {

    /** What came back: status, headers (lower-case names) and the body as text. */
    record Response(String target, int status, Map<String, String> headers, String body) {

        JsonNode json() {
            return Json.parse(body);
        }

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        @Override
        public String toString() {
            return target + " -> " + status + " " + (body.length() > 300 ? body.substring(0, 300) + "..." : body);
        }
    }

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    /** Generous for the whole table on a busy 2-core machine; a hang fails the test instead of holding it. */
    static final Duration TIMEOUT = Duration.ofSeconds(60);

    private final String baseUrl;

    Client(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    Response get(String pathAndQuery) {
        return send("GET", pathAndQuery);
    }

    Response send(String method, String pathAndQuery) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + pathAndQuery)).timeout(TIMEOUT)
                .method(method, HttpRequest.BodyPublishers.noBody()).build();
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            Map<String, String> headers = new LinkedHashMap<>();
            response.headers().map().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), String.join(",", v)));
            return new Response(method + " " + pathAndQuery, response.statusCode(), headers, response.body());
        } catch (IOException e) {
            throw new AssertionError(method + " " + pathAndQuery + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /**
     * Sends the request line's target as written, bytes the JDK's client would refuse to send ({@code %zz},
     * {@code %00}); reads the response to the end ({@code Connection: close}).
     */
    Response raw(String target) {
        URI base = URI.create(baseUrl);
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout((int) TIMEOUT.toMillis());
            OutputStream out = socket.getOutputStream();
            out.write(("GET " + target + " HTTP/1.1\r\nHost: " + base.getHost() + "\r\nConnection: close\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            byte[] all = socket.getInputStream().readAllBytes();
            return parse(target, all);
        } catch (IOException e) {
            throw new AssertionError("GET " + target + " failed: " + e, e);
        }
    }

    private static Response parse(String target, byte[] all) throws IOException {
        String text = new String(all, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (end < 0) {
            throw new AssertionError("GET " + target + ": no complete response head in " + text);
        }
        String[] lines = text.substring(0, end).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
        }
        byte[] body = java.util.Arrays.copyOfRange(all, end + 4, all.length);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = dechunk(new java.io.ByteArrayInputStream(body));
        }
        return new Response("GET " + target, status, headers, new String(body, StandardCharsets.UTF_8));
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
