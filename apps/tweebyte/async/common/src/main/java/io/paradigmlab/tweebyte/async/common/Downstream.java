package io.paradigmlab.tweebyte.async.common;

import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.common.contract.ApiException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/**
 * Calls to the other Tweebyte services as futures: java.net.http {@code sendAsync}, so no thread waits for an
 * answer. Maps the answers as docs/api/tweebyte.md decides, exactly as the other variants' clients do: 404 is the
 * caller's own "not found", 401 is passed on, a timeout (connect or response) is a 504, anything else a 503.
 */
public final class Downstream implements AutoCloseable {

    public static final String INVALID_TOKEN = "Invalid token";
    private static final Logger log = LoggerFactory.getLogger(Downstream.class);

    private final HttpClient http;
    private final ExecutorService executor;
    private final JsonMapper json;
    private final Duration responseTimeout;

    /**
     * @param threads threads that complete the client's futures and parse answers (the client's own executor)
     */
    public Downstream(JsonMapper json, Duration connectTimeout, Duration responseTimeout, int threads) {
        this.json = json;
        this.responseTimeout = responseTimeout;
        // unbounded queue on purpose: the JDK client runs its own I/O completions here and has no answer to a
        // rejection; the in-flight limit (tweebyte.limits.max-concurrent-requests) bounds what can wait here
        this.executor = Executors.newFixedThreadPool(threads, Thread.ofPlatform().name("http-", 0).daemon(true).factory());
        this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(connectTimeout)
                .executor(executor).build();
    }

    /** The client's executor, for its metrics (name {@code client}). */
    public ExecutorService executor() {
        return executor;
    }

    /**
     * @param authorization the caller's header as received, or null (none sent)
     * @param notFound      the message of the caller's 404 when the other service answers 404; null: a 404 is a failure
     */
    public <T> CompletableFuture<T> get(URI uri, String authorization, TypeReference<T> type, String notFound) {
        return send(request(uri, authorization).GET().build(), type, notFound);
    }

    public <T> CompletableFuture<T> post(URI uri, String authorization, Object body, TypeReference<T> type,
                                         String notFound) {
        HttpRequest request = request(uri, authorization).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body))).build();
        return send(request, type, notFound);
    }

    private HttpRequest.Builder request(URI uri, String authorization) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri).timeout(responseTimeout)
                .header("Accept", "application/json");
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        return builder;
    }

    private <T> CompletableFuture<T> send(HttpRequest request, TypeReference<T> type, String notFound) {
        return http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
                .handle((response, error) -> {
                    if (error != null) {
                        throw failure(request.uri(), error);
                    }
                    int status = response.statusCode();
                    if (status >= 200 && status < 300) {
                        try {
                            return json.readValue(response.body(), type);
                        } catch (RuntimeException unreadable) {
                            log.warn("{} failed: {}", request.uri(), unreadable.toString());
                            throw new ApiException.Unavailable(StandardErrors.DOWNSTREAM_UNAVAILABLE);
                        }
                    }
                    if (status == 404 && notFound != null) {
                        throw new ApiException.NotFound(notFound);
                    }
                    if (status == 401) {
                        throw new ApiException.Unauthorized(INVALID_TOKEN);
                    }
                    log.warn("{} answered {}", request.uri(), status);
                    throw new ApiException.Unavailable(StandardErrors.DOWNSTREAM_UNAVAILABLE);
                });
    }

    private static ApiException failure(URI uri, Throwable error) {
        if (isTimeout(error)) {
            return new ApiException.Timeout(StandardErrors.DOWNSTREAM_TIMEOUT);
        }
        Throwable e = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        if (!(e instanceof ConnectException)) {
            log.warn("{} failed: {}", uri, e.toString());
        }
        return new ApiException.Unavailable(StandardErrors.DOWNSTREAM_UNAVAILABLE);
    }

    /** A connect or response timeout anywhere in the chain (HttpConnectTimeoutException is an HttpTimeoutException). */
    private static boolean isTimeout(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (e instanceof HttpTimeoutException) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void close() {
        executor.shutdown();
    }
}
