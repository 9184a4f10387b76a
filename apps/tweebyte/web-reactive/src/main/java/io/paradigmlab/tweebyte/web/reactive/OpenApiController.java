package io.paradigmlab.tweebyte.web.reactive;

import io.paradigmlab.tweebyte.openapi.OpenApiDocuments;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * The service's OpenAPI document, the same bytes in every variant; no token needed (like the health check). Read
 * and converted once at start-up, so serving it never touches the classpath on the event loop.
 */
@RestController
@ConditionalOnExpression("T(io.paradigmlab.tweebyte.openapi.OpenApiDocuments).hasDocument('${spring.application.name:}')")
public class OpenApiController {

    private final String json;
    private final String yaml;

    public OpenApiController(@Value("${spring.application.name}") String applicationName) {
        String service = OpenApiDocuments.serviceOf(applicationName);
        this.json = OpenApiDocuments.json(service);
        this.yaml = OpenApiDocuments.yaml(service);
    }

    @GetMapping("/v3/api-docs")
    Mono<ResponseEntity<String>> json() {
        return Mono.just(ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(json));
    }

    @GetMapping("/v3/api-docs.yaml")
    Mono<ResponseEntity<String>> yaml() {
        return Mono.just(ResponseEntity.ok().contentType(MediaType.parseMediaType("application/yaml")).body(yaml));
    }
}
