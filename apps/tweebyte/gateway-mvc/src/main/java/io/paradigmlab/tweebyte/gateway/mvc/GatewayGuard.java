package io.paradigmlab.tweebyte.gateway.mvc;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.tweebyte.domain.gateway.GatewayRoutes;
import io.paradigmlab.tweebyte.security.Authenticator;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.client.RestClientException;
import org.springframework.web.servlet.function.HandlerFilterFunction;
import org.springframework.web.servlet.function.HandlerFunction;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * The outermost filter of a route: it refuses an oversized body (413) and a request without a valid token (401,
 * except logging in and registering), and turns a service that cannot be reached or does not answer in time into
 * 503 with {@code Retry-After}. Every refusal carries the contract's error body, with the path the client sent.
 */
final class GatewayGuard implements HandlerFilterFunction<ServerResponse, ServerResponse> {

    private static final Logger log = LoggerFactory.getLogger(GatewayGuard.class);

    private final GatewayRoutes.Route route;
    private final Authenticator authenticator;
    private final long maxRequestBytes;

    GatewayGuard(GatewayRoutes.Route route, Authenticator authenticator, long maxRequestBytes) {
        this.route = route;
        this.authenticator = authenticator;
        this.maxRequestBytes = maxRequestBytes;
    }

    @Override
    public ServerResponse filter(ServerRequest request, HandlerFunction<ServerResponse> next) throws Exception {
        HttpServletRequest servlet = request.servletRequest();
        String path = servlet.getRequestURI();
        try {
            if (servlet.getContentLengthLong() > maxRequestBytes) {
                return error(413, path, List.of(StandardErrors.PAYLOAD_TOO_LARGE));
            }
            if (GatewayRoutes.isInternal(path)) {
                return error(404, path, List.of(StandardErrors.NOT_FOUND));
            }
            if (!GatewayRoutes.isOpen(servlet.getMethod(), path)) {
                // the services check the token again (and ownership); the header goes on unchanged
                authenticator.authenticate(servlet.getHeader(HttpHeaders.AUTHORIZATION));
            }
            return next.handle(request);
        } catch (ApiException e) {
            return error(e.status(), path, e.errors());
        } catch (RestClientException | UncheckedIOException | IOException e) {
            if (RequestBodyLimit.exceeded(servlet)) {
                return error(413, path, List.of(StandardErrors.PAYLOAD_TOO_LARGE));
            }
            // refused connection, connect or response timeout, connection closed before the answer
            log.warn("{} {}: the {} service is unavailable: {}", servlet.getMethod(), path, route.service(),
                    e.getMessage());
            return error(503, path, List.of(GatewayRoutes.unavailable(route.service())));
        }
    }

    /** The contract's error body, as the services' {@code MvcErrorHandler} writes it. */
    static ServerResponse error(int status, String path, List<String> errors) {
        ServerResponse.BodyBuilder response = ServerResponse.status(status).contentType(MediaType.APPLICATION_JSON);
        if (status == 503) {
            response.header(HttpHeaders.RETRY_AFTER, Integer.toString(ApiException.Unavailable.RETRY_AFTER_SECONDS));
        }
        return response.body(ErrorBody.of(status, path, errors));
    }
}
