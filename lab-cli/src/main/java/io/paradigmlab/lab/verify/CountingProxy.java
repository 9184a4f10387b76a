package io.paradigmlab.lab.verify;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.paradigmlab.lab.api.CallCounter;
import io.paradigmlab.lab.api.LabException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;

/**
 * A reverse proxy in front of one service that counts the calls other services make to it, by method and path
 * template ({@code GET /tweets/{id}/summary}). The lab puts one in front of each service when it measures equal
 * work: the services' {@code tweebyte.services.*-url} point here, and every request is forwarded unchanged
 * (method, path, query, headers, body) and its answer returned unchanged. The applications' deployments start it
 * through {@code ServiceLauncher.countCalls} and see it as a {@link CallCounter}.
 */
public final class CountingProxy implements CallCounter {

    private static final Pattern UUID = Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
    private static final Pattern NUMBER = Pattern.compile("-?\\d+");
    /** Hop-by-hop headers, and those java.net.http sets itself. */
    private static final Set<String> NOT_FORWARDED = Set.of("connection", "content-length", "expect", "host", "upgrade",
            "keep-alive", "te", "trailer", "transfer-encoding", "proxy-connection", "proxy-authorization",
            "proxy-authenticate", "http2-settings");

    /**
     * Sees each exchange, synchronously: {@link #before} once the request arrived, before it is forwarded;
     * {@link #after} once the answer came back, before it is returned. The verification before a campaign uses
     * it to measure each client request's work and record its answer.
     */
    public interface Listener {
        void before(String method, String template);

        void after(String method, String template, int status, byte[] body);
    }

    private static final Listener NONE = new Listener() {
        @Override
        public void before(String method, String template) {
        }

        @Override
        public void after(String method, String template, int status, byte[] body) {
        }
    };

    private final String target;
    private final URI targetBase;
    private final Listener listener;
    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final HttpClient client;
    private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();
    private final AtomicInteger inFlight = new AtomicInteger();

    private CountingProxy(String target, URI targetBase, Listener listener) throws IOException {
        this.target = target;
        this.targetBase = targetBase;
        this.listener = listener;
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(executor)
                .connectTimeout(Duration.ofSeconds(5)).followRedirects(HttpClient.Redirect.NEVER).build();
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 200);
        server.setExecutor(executor);
        server.createContext("/", this::forward);
        server.start();
    }

    /**
     * Listens on a free loopback port and forwards to {@code targetBaseUrl}.
     *
     * @param target the name its counts are reported under, e.g. {@code tweet}
     */
    public static CountingProxy start(String target, String targetBaseUrl) {
        return start(target, targetBaseUrl, NONE);
    }

    /** As {@link #start(String, String)}, telling {@code listener} of every exchange. */
    public static CountingProxy start(String target, String targetBaseUrl, Listener listener) {
        try {
            return new CountingProxy(target, URI.create(targetBaseUrl), listener);
        } catch (IOException e) {
            throw new LabException("Cannot start the counting proxy for " + target + ": " + e.getMessage(), e);
        }
    }

    /** Where to send requests meant for the target. */
    @Override
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public String target() {
        return target;
    }

    /** Calls seen since the last {@link #reset()}, as {@code "<target> <METHOD> <template>"} to count, sorted. */
    @Override
    public Map<String, Long> counts() {
        Map<String, Long> out = new TreeMap<>();
        counts.forEach((k, v) -> {
            long n = v.sum();
            if (n > 0) {
                out.put(k, n);
            }
        });
        return out;
    }

    /** Requests received and not yet answered. */
    @Override
    public int inFlight() {
        return inFlight.get();
    }

    @Override
    public void reset() {
        counts.clear();
    }

    /**
     * The path with ids replaced: UUID and number segments become {@code {id}} and {@code {n}}; query parameters keep
     * their names, their values become {@code {id}}, {@code {n}} or {@code {value}}.
     */
    public static String template(String rawPath, String rawQuery) {
        StringJoiner joined = new StringJoiner("/");
        for (String segment : rawPath.split("/", -1)) {
            joined.add(placeholder(segment));
        }
        String path = joined.toString().isEmpty() ? "/" : joined.toString();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return path;
        }
        StringBuilder query = new StringBuilder();
        for (String pair : rawQuery.split("&")) {
            int eq = pair.indexOf('=');
            query.append(query.isEmpty() ? "?" : "&");
            query.append(eq < 0 ? pair : pair.substring(0, eq) + "=" + valuePlaceholder(pair.substring(eq + 1)));
        }
        return path + query;
    }

    private static String placeholder(String segment) {
        if (UUID.matcher(segment).matches()) {
            return "{id}";
        }
        if (NUMBER.matcher(segment).matches()) {
            return "{n}";
        }
        return segment;
    }

    private static String valuePlaceholder(String value) {
        if (UUID.matcher(value).matches()) {
            return "{id}";
        }
        return NUMBER.matcher(value).matches() ? "{n}" : "{value}";
    }

    private void forward(HttpExchange exchange) throws IOException {
        inFlight.incrementAndGet();
        try (exchange) {
            URI uri = exchange.getRequestURI();
            String method = exchange.getRequestMethod().toUpperCase(Locale.ROOT);
            String template = template(uri.getRawPath(), uri.getRawQuery());
            counts.computeIfAbsent(target + " " + method + " " + template, k -> new LongAdder()).increment();
            listener.before(method, template);
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            String query = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
            HttpRequest.Builder request = HttpRequest.newBuilder(targetBase.resolve(uri.getRawPath() + query))
                    .timeout(Duration.ofSeconds(60))
                    .method(method, body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofByteArray(body));
            exchange.getRequestHeaders().forEach((name, values) -> {
                if (!NOT_FORWARDED.contains(name.toLowerCase(Locale.ROOT))) {
                    values.forEach(v -> request.header(name, v));
                }
            });
            HttpResponse<byte[]> response;
            try {
                response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            } catch (IOException e) {
                // the target is down: a gateway error, which callers treat like any other unavailable service
                listener.after(method, template, 502, new byte[0]);
                exchange.sendResponseHeaders(502, -1);
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                exchange.sendResponseHeaders(502, -1);
                return;
            }
            response.headers().map().forEach((name, values) -> {
                String lower = name.toLowerCase(Locale.ROOT);
                if (!NOT_FORWARDED.contains(lower) && !lower.startsWith(":")) {
                    exchange.getResponseHeaders().put(name, List.copyOf(values));
                }
            });
            byte[] answer = response.body();
            int status = response.statusCode();
            listener.after(method, template, status, answer);
            boolean noBody = answer.length == 0 || status == 204 || status == 304 || "HEAD".equals(method);
            exchange.sendResponseHeaders(status, noBody ? -1 : answer.length);
            if (!noBody) {
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(answer);
                }
            }
        } finally {
            inFlight.decrementAndGet();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        client.close();
        executor.shutdownNow();
    }
}
