package io.paradigmlab.tweebyte.web.mvc;

import io.paradigmlab.tweebyte.openapi.OpenApiDocuments;
import jakarta.servlet.http.HttpServletRequest;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The service's OpenAPI document, the same bytes in every variant; no token needed (like the health check). Through
 * the gateway its {@code servers} names the gateway's prefix: with {@code server.forward-headers-strategy: framework}
 * Spring's {@code ForwardedHeaderFilter} makes {@code X-Forwarded-Prefix} the request's context path.
 */
@RestController
@ConditionalOnExpression("T(io.paradigmlab.tweebyte.openapi.OpenApiDocuments).hasDocument('${spring.application.name:}')")
public class OpenApiController {

    private static final MediaType YAML = MediaType.parseMediaType("application/yaml");

    private final String service;

    public OpenApiController(@Value("${spring.application.name}") String applicationName) {
        this.service = OpenApiDocuments.serviceOf(applicationName);
        // read and converted now, so a bad document stops the start-up instead of failing a request
        OpenApiDocuments.json(service);
    }

    @GetMapping("/v3/api-docs")
    ResponseEntity<String> json(HttpServletRequest request) {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON)
                .body(OpenApiDocuments.json(service, request.getContextPath()));
    }

    @GetMapping("/v3/api-docs.yaml")
    ResponseEntity<String> yaml(HttpServletRequest request) {
        return ResponseEntity.ok().contentType(YAML).body(OpenApiDocuments.yaml(service, request.getContextPath()));
    }
}
