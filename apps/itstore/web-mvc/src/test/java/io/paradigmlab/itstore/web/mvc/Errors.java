package io.paradigmlab.itstore.web.mvc;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The contract's error body, checked field by field. */
final class Errors {

    static final JsonMapper JSON = JsonMapper.builder().build();

    private Errors() {
    }

    static void assertError(RawHttp.Response response, int status, String path, List<String> errors) {
        assertThat(response.status()).as(response.text()).isEqualTo(status);
        assertThat(response.header("Content-Type")).isEqualTo("application/json");
        assertThat(response.complete()).isTrue();
        JsonNode body = JSON.readTree(response.body());
        List<String> fields = new ArrayList<>(body.propertyNames());
        assertThat(fields).containsExactly("timestamp", "status", "path", "errors");
        assertThat(Instant.parse(body.get("timestamp").asString())).isBeforeOrEqualTo(Instant.now());
        assertThat(body.get("status").asInt()).isEqualTo(status);
        assertThat(body.get("path").asString()).isEqualTo(path);
        assertThat(body.get("errors").valueStream().map(JsonNode::asString).toList()).isEqualTo(errors);
        if (status == 503) {
            assertThat(response.header("Retry-After")).isEqualTo("10");
        }
    }
}
