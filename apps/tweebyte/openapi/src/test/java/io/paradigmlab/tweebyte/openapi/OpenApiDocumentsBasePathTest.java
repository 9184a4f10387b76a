package io.paradigmlab.tweebyte.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Through the gateway a document names the gateway's prefix as its server, so that "Try it out" goes through the
 * gateway too; asked directly it is the document as written. Whatever the prefix says, it stays one string.
 */
class OpenApiDocumentsBasePathTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** Quotes, a line break, a tag, a backslash, a C1 control and a non-ASCII letter: none may leave the string. */
    private static final String HOSTILE = "/x\"}],\"paths\":{}\n- url: <script>\\\u0085é";

    @ParameterizedTest
    @ValueSource(strings = {"user", "tweet", "interaction"})
    void withoutABasePathTheDocumentIsAsWritten(String service) {
        assertThat(OpenApiDocuments.json(service, "")).isSameAs(OpenApiDocuments.json(service));
        assertThat(OpenApiDocuments.json(service, null)).isSameAs(OpenApiDocuments.json(service));
        assertThat(OpenApiDocuments.yaml(service, "")).isSameAs(OpenApiDocuments.yaml(service));
        assertThat(JSON.readTree(OpenApiDocuments.json(service)).get("servers").toString())
                .isEqualTo("[{\"url\":\"/\"}]");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/user-service", HOSTILE})
    void aBasePathBecomesTheServerAndNothingElseChanges(String basePath) {
        for (String service : OpenApiDocuments.SERVICES) {
            JsonNode prefixed = JSON.readTree(OpenApiDocuments.json(service, basePath));
            assertThat(prefixed.get("servers").size()).isEqualTo(1);
            assertThat(prefixed.get("servers").get(0).get("url").asString()).isEqualTo(basePath);
            ObjectNode asWritten = (ObjectNode) JSON.readTree(OpenApiDocuments.json(service));
            asWritten.set("servers", prefixed.get("servers"));
            assertThat(prefixed).isEqualTo(asWritten);
            // the same keys in the same order: only the server differs
            assertThat(OpenApiDocuments.json(service, basePath)).isEqualTo(JSON.writeValueAsString(asWritten));

            Map<String, Object> yaml = load(OpenApiDocuments.yaml(service, basePath));
            assertThat(yaml.get("servers")).isEqualTo(List.of(Map.of("url", basePath)));
            Map<String, Object> yamlAsWritten = load(OpenApiDocuments.yaml(service));
            yamlAsWritten.put("servers", List.of(Map.of("url", basePath)));
            assertThat(yaml).isEqualTo(yamlAsWritten);
        }
    }

    private static Map<String, Object> load(String yaml) {
        return new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
    }
}
