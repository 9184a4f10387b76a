package io.paradigmlab.tweebyte.spec;

import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** What came back: status, headers (lower-case names) and the body as text. */
public record Response(String method, String uri, int status, Map<String, String> headers, String body) {

    static final JsonMapper JSON = JsonMapper.builder().build();

    public JsonNode json() {
        return JSON.readTree(body);
    }

    public String contentType() {
        return headers.get("content-type");
    }

    @Override
    public String toString() {
        return method + " " + uri + " -> " + status + " " + body;
    }
}
