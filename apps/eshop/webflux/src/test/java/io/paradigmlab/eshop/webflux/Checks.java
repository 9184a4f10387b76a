package io.paradigmlab.eshop.webflux;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.regex.Pattern;

/** Assertions on the contract's error body, to the byte: field order, status, path, messages. */
final class Checks {

    private Checks() {
    }

    /** {@code {"timestamp":"...","status":s,"path":p,"errors":[...]}}, as {@code application/json}. */
    static void assertError(TestServer.Response response, int status, String path, String... errors) {
        assertThat(response.status()).as(response.toString()).isEqualTo(status);
        assertThat(response.header("Content-Type")).isEqualTo("application/json");
        String expected = Pattern.quote("{\"timestamp\":\"") + "[^\"]+" + Pattern.quote("\",\"status\":" + status
                + ",\"path\":" + TestServer.JSON.writeValueAsString(path) + ",\"errors\":"
                + TestServer.JSON.writeValueAsString(List.of(errors)) + "}");
        assertThat(response.text()).matches(expected);
    }

    static void assertJson(TestServer.Response response, int status, String json) {
        assertThat(response.status()).as(response.toString()).isEqualTo(status);
        assertThat(response.header("Content-Type")).isEqualTo("application/json");
        assertThat(response.text()).isEqualTo(json);
    }
}
