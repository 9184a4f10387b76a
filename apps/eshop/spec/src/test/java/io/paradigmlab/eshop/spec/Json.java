package io.paradigmlab.eshop.spec;

import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;

/** JSON as the suite reads and writes it: prices as exact decimals, so {@code 12.50} and {@code 12.5} differ. */
final class Json {

    static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            // keep the scale as sent: 12.50 must not become 12.5
            .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
            .build();

    private Json() {
    }

    static JsonNode parse(String text) {
        return MAPPER.readTree(text);
    }

    /** A value (a domain record, a map, a list) as JSON text. */
    static String write(Object value) {
        return MAPPER.writeValueAsString(value);
    }

    /** A value as a JSON tree, for comparisons with {@link #parse}'s. */
    static JsonNode tree(Object value) {
        return parse(write(value));
    }
}
