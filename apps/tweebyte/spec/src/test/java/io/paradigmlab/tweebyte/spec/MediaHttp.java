package io.paradigmlab.tweebyte.spec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;

/**
 * The media endpoints' client: bodies as bytes both ways (an image in, a JPEG or a stream out), multipart bodies
 * written by hand (so a test controls every byte of a part's headers, a NUL in a file name included), and every
 * read bounded in time, so a stream that never ends fails the test instead of hanging it.
 */
final class MediaHttp {

    /** A read that waits longer than this for the next bytes fails: far above any pause of the media endpoints. */
    static final int READ_TIMEOUT_SECONDS = 60;

    private static final CloseableHttpClient CLIENT = HttpClients.custom().disableAutomaticRetries()
            .disableRedirectHandling().setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                    .setMaxConnPerRoute(32).setMaxConnTotal(96)
                    // a pooled connection is checked before every reuse: a service killed and started again within
                    // the default 2 s leaves connections its old process closed (retries are off, so one such
                    // reuse would fail the test's request)
                    .setDefaultConnectionConfig(ConnectionConfig.custom().setConnectTimeout(5, TimeUnit.SECONDS)
                            .setSocketTimeout(READ_TIMEOUT_SECONDS, TimeUnit.SECONDS)
                            .setValidateAfterInactivity(TimeValue.ZERO_MILLISECONDS).build())
                    .build()).build();

    private static final String BOUNDARY = "tweebyte-media-boundary-7d3a";

    /** What came back: status, headers (lower-case names) and the body's bytes. */
    record Answer(String method, String uri, int status, Map<String, String> headers, byte[] body) {

        /** The same answer as the suite's text {@link Response}, for the JSON and error-body assertions. */
        Response text() {
            return new Response(method, uri, status, headers, new String(body, StandardCharsets.UTF_8));
        }

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        @Override
        public String toString() {
            String type = header("content-type");
            boolean printable = type != null && (type.startsWith("application/json") || type.startsWith("text/"));
            return method + " " + uri + " -> " + status + " " + (printable
                    ? new String(body, StandardCharsets.UTF_8) : body.length + " bytes of " + type);
        }
    }

    /** One part of a multipart body; {@code filename} and {@code contentType} may be null. */
    record Part(String name, String filename, String contentType, byte[] content) {

        static Part file(byte[] content) {
            return new Part("file", "image.png", "image/png", content);
        }
    }

    private final String baseUrl;

    MediaHttp(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    Answer get(String path, String token) {
        return send("GET", path, token, null, null);
    }

    Answer delete(String path, String token) {
        return send("DELETE", path, token, null, null);
    }

    Answer postJson(String path, String json, String token) {
        return send("POST", path, token, json.getBytes(StandardCharsets.UTF_8), "application/json");
    }

    Answer postMultipart(String path, List<Part> parts, String token) {
        return send("POST", path, token, multipart(parts), "multipart/form-data; boundary=" + BOUNDARY);
    }

    /** Any body with any content type (null: no Content-Type header). */
    Answer send(String method, String path, String token, byte[] body, String contentType) {
        HttpUriRequestBase request = new HttpUriRequestBase(method, URI.create(baseUrl + path));
        if (token != null) {
            request.setHeader("Authorization", "Bearer " + token);
        }
        if (body != null) {
            request.setEntity(new ByteArrayEntity(body, contentType == null ? null : ContentType.parse(contentType)));
        }
        try {
            return CLIENT.execute(request, response -> {
                Map<String, String> headers = new LinkedHashMap<>();
                for (Header h : response.getHeaders()) {
                    headers.put(h.getName().toLowerCase(Locale.ROOT), h.getValue());
                }
                byte[] bytes = response.getEntity() == null ? new byte[0] : EntityUtils.toByteArray(response.getEntity());
                return new Answer(method, path, response.getCode(), headers, bytes);
            });
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + baseUrl + path + " failed", e);
        }
    }

    /** {@code multipart/form-data} with {@link #BOUNDARY}, each part's headers written as UTF-8, as browsers do. */
    static byte[] multipart(List<Part> parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Part part : parts) {
            StringBuilder head = new StringBuilder("--").append(BOUNDARY).append("\r\n")
                    .append("Content-Disposition: form-data; name=\"").append(part.name()).append('"');
            if (part.filename() != null) {
                head.append("; filename=\"").append(part.filename()).append('"');
            }
            head.append("\r\n");
            if (part.contentType() != null) {
                head.append("Content-Type: ").append(part.contentType()).append("\r\n");
            }
            head.append("\r\n");
            out.writeBytes(head.toString().getBytes(StandardCharsets.UTF_8));
            out.writeBytes(part.content());
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        out.writeBytes(("--" + BOUNDARY + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }

    static String boundary() {
        return BOUNDARY;
    }

    // ---- /actuator/prometheus

    /** The service's metrics in Prometheus's text format (no token needed). */
    String prometheus() {
        Answer r = get("/actuator/prometheus", null);
        if (r.status() != 200) {
            throw new AssertionError("GET /actuator/prometheus: " + r);
        }
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    /** The sum of every series of {@code name} (a counter may carry tags of its own); 0 when there is none. */
    static double sum(String prometheus, String name) {
        double sum = 0;
        Pattern series = Pattern.compile("^" + Pattern.quote(name) + "(\\{[^}]*\\})?\\s+(\\S+)", Pattern.MULTILINE);
        Matcher m = series.matcher(prometheus);
        while (m.find()) {
            sum += Double.parseDouble(m.group(2));
        }
        return sum;
    }

    /** Whether a series of {@code name} carries the label {@code label="value"}. */
    static boolean hasSeries(String prometheus, String name, String label, String value) {
        Pattern series = Pattern.compile("^" + Pattern.quote(name) + "\\{[^}]*\\b" + Pattern.quote(label) + "=\""
                + Pattern.quote(value) + "\"[^}]*\\}\\s+\\S+", Pattern.MULTILINE);
        return series.matcher(prometheus).find();
    }

    /** Whether any series of {@code name} exists, with or without labels. */
    static boolean hasSeries(String prometheus, String name) {
        return Pattern.compile("^" + Pattern.quote(name) + "(\\{[^}]*\\})?\\s+\\S+", Pattern.MULTILINE)
                .matcher(prometheus).find();
    }
}
