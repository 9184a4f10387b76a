package io.paradigmlab.tweebyte.spec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hc.client5.http.classic.methods.HttpUriRequestBase;
import org.apache.hc.client5.http.entity.mime.MultipartEntityBuilder;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.http.io.entity.StringEntity;

/** A plain HTTP client for the suite: it knows only URLs, headers and bodies, never a variant. */
public final class Http {

    /** Enough connections per service for the race scenarios, which send their requests at once. */
    private static final CloseableHttpClient CLIENT = HttpClients.custom().disableAutomaticRetries()
            .disableRedirectHandling().setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                    .setMaxConnPerRoute(32).setMaxConnTotal(96)
                    // a pooled connection is checked before every reuse: a service restarted within the default 2 s
                    // leaves connections its old process closed, and with retries off one reuse would fail a request
                    .setDefaultConnectionConfig(ConnectionConfig.custom()
                            .setValidateAfterInactivity(TimeValue.ZERO_MILLISECONDS).build())
                    .build()).build();

    private final String baseUrl;

    public Http(String baseUrl) {
        this.baseUrl = baseUrl;
    }

    public Response get(String path, String token) {
        return send(request("GET", path, token, null));
    }

    public Response postJson(String path, String json, String token) {
        return send(request("POST", path, token, new StringEntity(json, ContentType.APPLICATION_JSON)));
    }

    public Response putJson(String path, String json, String token) {
        return send(request("PUT", path, token, new StringEntity(json, ContentType.APPLICATION_JSON)));
    }

    public Response delete(String path, String token) {
        return send(request("DELETE", path, token, null));
    }

    public Response postMultipart(String path, Map<String, String> fields, String token) {
        return send(request("POST", path, token, multipart(fields, null)));
    }

    public Response postMultipart(String path, Map<String, String> fields, byte[] picture) {
        return send(request("POST", path, null, multipart(fields, picture)));
    }

    public Response putMultipart(String path, Map<String, String> fields, String token) {
        return send(request("PUT", path, token, multipart(fields, null)));
    }

    /** A JSON body sent in chunks, without a Content-Length: the server learns its size only by reading it. */
    public Response postChunkedJson(String path, byte[] json, String token) {
        var entity = new org.apache.hc.core5.http.io.entity.InputStreamEntity(new java.io.ByteArrayInputStream(json), -1,
                ContentType.APPLICATION_JSON);
        return send(request("POST", path, token, entity));
    }

    /** A GET with one extra header, e.g. one larger than a server accepts. */
    public Response getWithHeader(String path, String token, String header, String value) {
        HttpUriRequestBase request = request("GET", path, token, null);
        request.setHeader(header, value);
        return send(request);
    }

    /** Any method, any body with any content type, e.g. to send what a well-behaved client never would. */
    public Response raw(String method, String path, String token, String body, ContentType type) {
        return send(request(method, path, token, body == null ? null : new StringEntity(body, type)));
    }

    private HttpUriRequestBase request(String method, String path, String token, HttpEntity entity) {
        HttpUriRequestBase request;
        try {
            request = new HttpUriRequestBase(method, java.net.URI.create(baseUrl + path));
        } catch (IllegalArgumentException notAUri) {
            // what a well-behaved client never sends (e.g. a bad % escape): the request line carries it verbatim
            java.net.URI base = java.net.URI.create(baseUrl);
            request = new HttpUriRequestBase(method, base);
            request.setPath((base.getRawPath() == null ? "" : base.getRawPath()) + path);
        }
        if (token != null) {
            request.setHeader("Authorization", "Bearer " + token);
        }
        if (entity != null) {
            request.setEntity(entity);
        }
        return request;
    }

    private static HttpEntity multipart(Map<String, String> fields, byte[] picture) {
        MultipartEntityBuilder builder = MultipartEntityBuilder.create().setCharset(StandardCharsets.UTF_8);
        fields.forEach((name, value) -> builder.addTextBody(name, value,
                ContentType.TEXT_PLAIN.withCharset(StandardCharsets.UTF_8)));
        if (picture != null) {
            builder.addBinaryBody("picture", picture, ContentType.IMAGE_PNG, "picture.png");
        }
        return builder.build();
    }

    private static Response send(HttpUriRequestBase request) {
        try {
            return CLIENT.execute(request, response -> {
                Map<String, String> headers = new LinkedHashMap<>();
                for (Header h : response.getHeaders()) {
                    headers.put(h.getName().toLowerCase(java.util.Locale.ROOT), h.getValue());
                }
                String body = response.getEntity() == null ? "" : EntityUtils.toString(response.getEntity(),
                        StandardCharsets.UTF_8);
                return new Response(request.getMethod(), request.getRequestUri(), response.getCode(), headers, body);
            });
        } catch (IOException e) {
            throw new UncheckedIOException(request.getMethod() + " " + request.getRequestUri() + " failed", e);
        }
    }
}
