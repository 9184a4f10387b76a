package io.paradigmlab.common.contract;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EdgeRefusalsTest {

    @Test
    void aQueryDecodesWhenItsEscapesAreWellFormedUtf8() {
        assertThat(EdgeRefusals.queryDecodes(null)).isTrue();
        assertThat(EdgeRefusals.queryDecodes("")).isTrue();
        assertThat(EdgeRefusals.queryDecodes("N=5&x=y")).isTrue();
        assertThat(EdgeRefusals.queryDecodes("N=%00")).isTrue();
        assertThat(EdgeRefusals.queryDecodes("x=%C3%A9")).isTrue();
        assertThat(EdgeRefusals.queryDecodes("x=%c3%a9%F0%9F%98%80")).isTrue();
        // é as Netty reads raw UTF-8 bytes (ISO-8859-1 chars)
        assertThat(EdgeRefusals.queryDecodes("x=\u00c3\u00a9")).isTrue();
        assertThat(EdgeRefusals.queryDecodes("x=%ff")).isFalse();
        assertThat(EdgeRefusals.queryDecodes("x=%C3")).isFalse();
        assertThat(EdgeRefusals.queryDecodes("x=\u00e9")).isFalse();
        assertThat(EdgeRefusals.queryDecodes("x=%zz")).isFalse();
        assertThat(EdgeRefusals.queryDecodes("x=%4")).isFalse();
        assertThat(EdgeRefusals.queryDecodes("x=%")).isFalse();
        assertThat(EdgeRefusals.queryDecodes("x=%\u0663\u0663")).isFalse();
    }

    @Test
    void aQueryWhoseEscapesAreBrokenIsRefusedBeforeItIsDecoded() {
        assertThat(EdgeRefusals.escapesAreWellFormed("a=%41&b=%7e")).isTrue();
        assertThat(EdgeRefusals.escapesAreWellFormed("a=%ff")).isTrue();
        assertThat(EdgeRefusals.escapesAreWellFormed("a=%zz")).isFalse();
        assertThat(EdgeRefusals.escapesAreWellFormed("a=%4")).isFalse();
        assertThat(EdgeRefusals.escapesAreWellFormed("a=%")).isFalse();
    }

    @Test
    void aNulOrAnEncodedSlashOrBackslashInThePathIsRefusedWithItsWord() {
        ErrorWords words = new ErrorWords("body", "request", "404", "405", null, null, "500", "busy", "nul");
        assertThat(EdgeRefusals.refusedPath("/users/%00", words)).isEqualTo("nul");
        assertThat(EdgeRefusals.refusedPath("/users/a%2fb%00", words)).isEqualTo("nul");
        assertThat(EdgeRefusals.refusedPath("/users/a%2Fb", words)).isEqualTo("request");
        assertThat(EdgeRefusals.refusedPath("/users/a%2fb", words)).isEqualTo("request");
        // found by Schemathesis: Tomcat refused an encoded backslash, the WebFlux variants searched for it
        assertThat(EdgeRefusals.refusedPath("/users/search/a%5Cb", words)).isEqualTo("request");
        assertThat(EdgeRefusals.refusedPath("/users/search/%5c", words)).isEqualTo("request");
        assertThat(EdgeRefusals.refusedPath("/users/%41", words)).isNull();
        assertThat(EdgeRefusals.refusedPath("/users", words)).isNull();
        assertThat(EdgeRefusals.refusedPath(null, words)).isNull();
    }
}
