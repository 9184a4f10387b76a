package io.paradigmlab.itstore.spec;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;

/** JSON as the suite reads it: amounts as exact decimals, so {@code 1500.00} and {@code 1500} differ. */
final class Json {

    static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            // keep the scale as sent: 1500.00 must not become 1.5E+3
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private Json() {
    }

    static JsonNode parse(String text) {
        return MAPPER.readTree(text);
    }
}
