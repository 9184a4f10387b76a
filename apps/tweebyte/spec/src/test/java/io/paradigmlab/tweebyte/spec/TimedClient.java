package io.paradigmlab.tweebyte.spec;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The fault tests' client: every request has a deadline ({@link #TIMEOUT}), so a service that hangs shows up as a
 * {@code timeout} instead of a test that never ends. {@link Http} has no deadline on purpose (a behaviour test waits
 * as long as the answer takes); under a fault, not answering is the failure being looked for.
 */
final class TimedClient implements AutoCloseable {

    /** The longest a request may take; a slower one counts as a timeout, which fails the fault tests. */
    static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** What came back, or why nothing did ({@code failure}: {@code timeout}, {@code refused}, {@code io}). */
    record Result(int status, Map<String, String> headers, String body, String failure, long nanos) {

        boolean ok() {
            return status >= 200 && status < 300;
        }

        /** The status, or the kind of failure when there was no answer: how errors are counted. */
        String outcome() {
            return failure == null ? Integer.toString(status) : failure;
        }
    }

    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(2)).executor(executor).build();

    Result get(String url, String token) {
        return send("GET", url, token, null);
    }

    /** A POST with a JSON body, or none when {@code json} is null. */
    Result post(String url, String token, String json) {
        return send("POST", url, token, json);
    }

    Result send(String method, String url, String token, String json) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(TIMEOUT)
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(json));
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        long start = System.nanoTime();
        try {
            HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
            Map<String, String> headers = new TreeMap<>();
            response.headers().map().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT),
                    String.join(",", values)));
            return new Result(response.statusCode(), headers, response.body(), null, System.nanoTime() - start);
        } catch (HttpTimeoutException e) {
            return new Result(0, Map.of(), "", "timeout", System.nanoTime() - start);
        } catch (ConnectException e) {
            return new Result(0, Map.of(), "", "refused", System.nanoTime() - start);
        } catch (IOException e) {
            return new Result(0, Map.of(), e.toString(), "io", System.nanoTime() - start);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Result(0, Map.of(), "", "interrupted", System.nanoTime() - start);
        }
    }

    @Override
    public void close() {
        http.close();
        executor.close();
    }
}
