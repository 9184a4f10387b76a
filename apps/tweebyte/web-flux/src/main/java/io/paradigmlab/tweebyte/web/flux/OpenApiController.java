package io.paradigmlab.tweebyte.web.flux;

import io.paradigmlab.tweebyte.openapi.OpenApiDocuments;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The service's OpenAPI document, the same bytes in every variant; no token needed (like the health check). Read
 * and converted once at start-up, so serving it never touches the classpath on the event loop. Through the gateway
 * its {@code servers} names the gateway's prefix: with {@code server.forward-headers-strategy: framework} Spring's
 * {@code ForwardedHeaderTransformer} makes {@code X-Forwarded-Prefix} the request path's context path.
 */
@RestController
@ConditionalOnExpression("T(io.paradigmlab.tweebyte.openapi.OpenApiDocuments).hasDocument('${spring.application.name:}')")
public class OpenApiController {

    private static final MediaType YAML = MediaType.parseMediaType("application/yaml");

    private final String service;

    public OpenApiController(@Value("${spring.application.name}") String applicationName) {
        this.service = OpenApiDocuments.serviceOf(applicationName);
        OpenApiDocuments.json(service);
    }

    @GetMapping("/v3/api-docs")
    Mono<ResponseEntity<String>> json(ServerHttpRequest request) {
        return Mono.just(ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON)
                .body(OpenApiDocuments.json(service, request.getPath().contextPath().value())));
    }

    @GetMapping("/v3/api-docs.yaml")
    Mono<ResponseEntity<String>> yaml(ServerHttpRequest request) {
        return Mono.just(ResponseEntity.ok().contentType(YAML)
                .body(OpenApiDocuments.yaml(service, request.getPath().contextPath().value())));
    }
}
