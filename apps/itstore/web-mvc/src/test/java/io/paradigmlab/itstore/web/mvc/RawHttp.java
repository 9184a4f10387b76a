package io.paradigmlab.itstore.web.mvc;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A minimal HTTP/1.1 client over a socket, so the tests can send what {@code java.net.URI} refuses ({@code %zz},
 * {@code %00}) and see how an answer ended: a chunked body without its last chunk is reported as incomplete.
 */
final class RawHttp {

    record Response(int status, Map<String, List<String>> headers, byte[] body, boolean complete) {

        String header(String name) {
            List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
            return values == null ? null : values.getFirst();
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private RawHttp() {
    }

    static Response get(int port, String target) {
        return send(port, "GET", target);
    }

    static Response send(int port, String method, String target, String... headerLines) {
        try (Socket socket = new Socket("localhost", port)) {
            socket.setSoTimeout(20_000);
            StringBuilder request = new StringBuilder(method).append(' ').append(target).append(" HTTP/1.1\r\n")
                    .append("Host: localhost\r\nConnection: close\r\n");
            for (String line : headerLines) {
                request.append(line).append("\r\n");
            }
            if (method.equals("POST") || method.equals("PUT")) {
                request.append("Content-Length: 0\r\n");
            }
            OutputStream out = socket.getOutputStream();
            out.write(request.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return read(socket.getInputStream(), method.equals("HEAD"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Response read(InputStream in, boolean head) throws IOException {
        byte[] all = in.readAllBytes();
        int end = indexOf(all, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1), 0);
        if (end < 0) {
            throw new IOException("no complete header: " + new String(all, StandardCharsets.ISO_8859_1));
        }
        String[] lines = new String(all, 0, end, StandardCharsets.ISO_8859_1).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            String name = lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
            headers.computeIfAbsent(name, k -> new ArrayList<>()).add(lines[i].substring(colon + 1).trim());
        }
        int start = end + 4;
        if (head) {
            return new Response(status, headers, new byte[0], true);
        }
        List<String> te = headers.get("transfer-encoding");
        if (te != null && te.getFirst().equalsIgnoreCase("chunked")) {
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            int pos = start;
            while (true) {
                int lineEnd = indexOf(all, "\r\n".getBytes(StandardCharsets.ISO_8859_1), pos);
                if (lineEnd < 0) {
                    return new Response(status, headers, body.toByteArray(), false);
                }
                String sizeLine = new String(all, pos, lineEnd - pos, StandardCharsets.ISO_8859_1);
                int size = Integer.parseInt(sizeLine.trim(), 16);
                if (size == 0) {
                    return new Response(status, headers, body.toByteArray(), true);
                }
                if (lineEnd + 2 + size + 2 > all.length) {
                    body.write(all, lineEnd + 2, Math.max(0, Math.min(size, all.length - lineEnd - 2)));
                    return new Response(status, headers, body.toByteArray(), false);
                }
                body.write(all, lineEnd + 2, size);
                pos = lineEnd + 2 + size + 2;
            }
        }
        byte[] body = Arrays.copyOfRange(all, start, all.length);
        List<String> length = headers.get("content-length");
        boolean complete = length == null || Integer.parseInt(length.getFirst()) == body.length;
        return new Response(status, headers, body, complete);
    }

    private static int indexOf(byte[] data, byte[] pattern, int from) {
        outer:
        for (int i = from; i <= data.length - pattern.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
