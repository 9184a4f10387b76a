package io.paradigmlab.tweebyte.web.mvc;

import io.paradigmlab.tweebyte.openapi.OpenApiDocuments;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** The service's OpenAPI document, the same bytes in every variant; no token needed (like the health check). */
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
    ResponseEntity<String> json() {
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(json);
    }

    @GetMapping("/v3/api-docs.yaml")
    ResponseEntity<String> yaml() {
        return ResponseEntity.ok().contentType(MediaType.parseMediaType("application/yaml")).body(yaml);
    }
}
