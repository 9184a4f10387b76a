package io.paradigmlab.itstore.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class StaticSourceTest {

    @Test
    void eightDistinctStringsUnderOneKilobyteAsJson() {
        assertThat(StaticSource.NAMES).hasSize(8).doesNotHaveDuplicates();
        // plain ASCII without quotes or backslashes: the JSON is the strings quoted and joined
        assertThat(StaticSource.NAMES).allSatisfy(s -> assertThat(s).matches("[A-Za-z ]+"));
        String json = StaticSource.NAMES.stream().map(s -> "\"" + s + "\"").collect(Collectors.joining(",", "[", "]"));
        assertThat(json.getBytes(StandardCharsets.UTF_8)).hasSize(135);
        assertThat(json.getBytes(StandardCharsets.UTF_8).length).isLessThan(1024);
    }

    @Test
    void theListCannotBeChanged() {
        assertThatThrownBy(() -> StaticSource.NAMES.add("x")).isInstanceOf(UnsupportedOperationException.class);
    }
}
