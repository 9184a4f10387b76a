package io.paradigmlab.tweebyte.reactive.common;

import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.netty.channel.ChannelOption;
import io.netty.channel.ConnectTimeoutException;
import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.security.TokenVerifier;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.client.reactive.ReactorClientHttpConnector;
import org.springframework.http.codec.json.JacksonJsonDecoder;
import org.springframework.http.codec.json.JacksonJsonEncoder;
import org.springframework.web.reactive.function.client.ClientResponse;
import org.springframework.web.reactive.function.client.WebClient;
import reactor.core.publisher.Mono;
import reactor.netty.http.client.HttpClient;
import reactor.netty.resources.ConnectionProvider;
import tools.jackson.databind.json.JsonMapper;

/**
 * Calls to the other services through one Reactor Netty {@link WebClient}, with the contract's connect and
 * response timeouts and its error mapping (docs/api/tweebyte.md, "Calls between services"): a 404 is the
 * caller's own not-found, a 401 is passed on, a timeout is a 504, anything else a 503.
 */
public final class Downstream {

    private static final Logger log = LoggerFactory.getLogger(Downstream.class);

    /** Largest answer read (a profile's or a user's every tweet: about 1,000 bare tweets). */
    private static final int MAX_BODY_BYTES = 32 * 1024 * 1024;

    private final WebClient client;
    private final ConnectionProvider connections;

    /**
     * @param json  the application's mapper (snake_case), so bodies read and written as the services answer them
     * @param warm  the types this service reads: their deserializers are built now, not under a lock on an event
     *              loop at the first concurrent requests
     */
    public Downstream(ClientProperties timeouts, JsonMapper json, List<Type> warm) {
        // java.net.http (the other variants) opens as many connections as there are concurrent calls: no pool cap
        // or queue here either, only idle connections are closed before a server may close them
        this.connections = ConnectionProvider.builder("tweebyte-downstream")
                .maxConnections(10_000)
                .pendingAcquireMaxCount(-1)
                .maxIdleTime(Duration.ofSeconds(15))
                .build();
        HttpClient http = HttpClient.create(connections)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, Math.toIntExact(timeouts.connect().toMillis()))
                .responseTimeout(timeouts.response());
        this.client = WebClient.builder()
                .clientConnector(new ReactorClientHttpConnector(http))
                .codecs(codecs -> {
                    codecs.defaultCodecs().jacksonJsonDecoder(new JacksonJsonDecoder(json));
                    codecs.defaultCodecs().jacksonJsonEncoder(new JacksonJsonEncoder(json));
                    codecs.defaultCodecs().maxInMemorySize(MAX_BODY_BYTES);
                })
                .build();
        warm.forEach(type -> json.readerFor(json.constructType(type)));
    }

    /** Closes the pooled connections; a Spring bean's destroy method. */
    public void dispose() {
        connections.dispose();
    }

    /**
     * @param authorization the caller's header as received, or null (security off, or a call without token)
     * @param notFound      the caller's message for a 404, or null when a 404 is not an expected answer (503)
     */
    public <T> Mono<T> get(String url, @Nullable String authorization, ParameterizedTypeReference<T> type,
                           @Nullable String notFound) {
        return client.get().uri(url).headers(h -> authorize(h, authorization)).accept(MediaType.APPLICATION_JSON)
                .exchangeToMono(response -> read(response, type, notFound))
                .onErrorMap(e -> !(e instanceof ApiException), e -> failure(url, e));
    }

    /** As {@link #get}, with a JSON body. */
    public <T> Mono<T> post(String url, @Nullable String authorization, Object body, ParameterizedTypeReference<T> type,
                            @Nullable String notFound) {
        return client.post().uri(url).headers(h -> authorize(h, authorization))
                .contentType(MediaType.APPLICATION_JSON).accept(MediaType.APPLICATION_JSON).bodyValue(body)
                .exchangeToMono(response -> read(response, type, notFound))
                .onErrorMap(e -> !(e instanceof ApiException), e -> failure(url, e));
    }

    private static void authorize(HttpHeaders headers, @Nullable String authorization) {
        if (authorization != null) {
            headers.set(HttpHeaders.AUTHORIZATION, authorization);
        }
    }

    private static <T> Mono<T> read(ClientResponse response, ParameterizedTypeReference<T> type,
                                    @Nullable String notFound) {
        HttpStatusCode status = response.statusCode();
        if (status.is2xxSuccessful()) {
            return response.bodyToMono(type);
        }
        ApiException error;
        if (status.value() == 404 && notFound != null) {
            error = new ApiException.NotFound(notFound);
        } else if (status.value() == 401) {
            error = new ApiException.Unauthorized(TokenVerifier.INVALID);
        } else {
            log.debug("Downstream answered {}", status.value());
            error = new ApiException.Unavailable(StandardErrors.DOWNSTREAM_UNAVAILABLE);
        }
        return response.releaseBody().then(Mono.error(error));
    }

    /** A timeout (connect or response) is a 504; a refused connection, a broken answer or anything else a 503. */
    private static ApiException failure(String url, Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (e instanceof io.netty.handler.timeout.TimeoutException || e instanceof ConnectTimeoutException
                    || e instanceof java.util.concurrent.TimeoutException) {
                log.debug("Downstream call to {} timed out", url);
                return new ApiException.Timeout(StandardErrors.DOWNSTREAM_TIMEOUT);
            }
        }
        log.debug("Downstream call to {} failed: {}", url, error.toString());
        return new ApiException.Unavailable(StandardErrors.DOWNSTREAM_UNAVAILABLE);
    }
}
