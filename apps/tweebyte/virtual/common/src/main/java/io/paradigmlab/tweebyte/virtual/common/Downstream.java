package io.paradigmlab.tweebyte.virtual.common;

import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.common.contract.ApiException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.ParameterizedTypeReference;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.client.JdkClientHttpRequestFactory;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import org.springframework.web.client.RestClient;
import tools.jackson.databind.json.JsonMapper;

/**
 * Blocking calls to the other Tweebyte services: RestClient over java.net.http, run on the caller's virtual thread,
 * which simply waits. Maps the answers as docs/api/tweebyte.md decides: 404 is the caller's own "not found",
 * 401 is passed on, a timeout (connect or response) is a 504, anything else a 503.
 */
public final class Downstream {

    public static final String INVALID_TOKEN = "Invalid token";
    private static final Logger log = LoggerFactory.getLogger(Downstream.class);

    private final RestClient rest;

    public Downstream(JsonMapper json, Duration connectTimeout, Duration responseTimeout) {
        HttpClient http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(connectTimeout)
                .executor(Executors.newVirtualThreadPerTaskExecutor())
                .build();
        JdkClientHttpRequestFactory factory = new JdkClientHttpRequestFactory(http);
        factory.setReadTimeout(responseTimeout);
        this.rest = RestClient.builder()
                .requestFactory(factory)
                .messageConverters(List.of(new JacksonJsonHttpMessageConverter(json)))
                .build();
    }

    /**
     * @param authorization the caller's header as received, or null (none sent)
     * @param notFound      the message of the caller's 404 when the other service answers 404; null: a 404 is a failure
     */
    public <T> T get(URI uri, String authorization, ParameterizedTypeReference<T> type, String notFound) {
        return exchange(rest.get().uri(uri), uri, authorization, type, notFound);
    }

    public <T> T post(URI uri, String authorization, Object body, ParameterizedTypeReference<T> type, String notFound) {
        return exchange(rest.post().uri(uri).contentType(MediaType.APPLICATION_JSON).body(body), uri, authorization,
                type, notFound);
    }

    private <T> T exchange(RestClient.RequestHeadersSpec<?> spec, URI uri, String authorization,
                           ParameterizedTypeReference<T> type, String notFound) {
        if (authorization != null) {
            spec.header(HttpHeaders.AUTHORIZATION, authorization);
        }
        spec.accept(MediaType.APPLICATION_JSON);
        try {
            return spec.exchange((request, response) -> {
                int status = response.getStatusCode().value();
                if (status >= 200 && status < 300) {
                    return response.bodyTo(type);
                }
                if (status == 404 && notFound != null) {
                    throw new ApiException.NotFound(notFound);
                }
                if (status == 401) {
                    throw new ApiException.Unauthorized(INVALID_TOKEN);
                }
                log.warn("{} answered {}", uri, status);
                throw new ApiException.Unavailable(StandardErrors.DOWNSTREAM_UNAVAILABLE);
            });
        } catch (ApiException e) {
            throw e;
        } catch (RuntimeException e) {
            if (isTimeout(e)) {
                throw new ApiException.Timeout(StandardErrors.DOWNSTREAM_TIMEOUT);
            }
            log.warn("{} failed: {}", uri, e.toString());
            throw new ApiException.Unavailable(StandardErrors.DOWNSTREAM_UNAVAILABLE);
        }
    }

    private static boolean isTimeout(Throwable error) {
        for (Throwable e = error; e != null; e = e.getCause() == e ? null : e.getCause()) {
            if (e instanceof HttpTimeoutException || e instanceof SocketTimeoutException || e instanceof TimeoutException) {
                return true;
            }
        }
        return false;
    }
}
