package io.paradigmlab.chatapp.domain;

import static io.paradigmlab.chatapp.domain.EditType.FINAL;
import static io.paradigmlab.chatapp.domain.EditType.PRIVATE;
import static io.paradigmlab.chatapp.domain.EditType.PUBLIC;
import static io.paradigmlab.chatapp.domain.Kind.BLOCKCAST;
import static io.paradigmlab.chatapp.domain.Kind.BROADCAST;
import static io.paradigmlab.chatapp.domain.Kind.UNICAST;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class GrammarTest {

    static Stream<Arguments> valid() {
        return Stream.of(
                Arguments.of("Hello", new Outgoing(BROADCAST, List.of(), FINAL, "Hello")),
                // the thesis's two examples (spec 1.4)
                Arguments.of("/private:Hello World!", new Outgoing(BROADCAST, List.of(), PRIVATE, "Hello World!")),
                Arguments.of("@user_1/public:Hello World!",
                        new Outgoing(UNICAST, List.of("user_1"), PUBLIC, "Hello World!")),
                Arguments.of("!b,c:x", new Outgoing(BLOCKCAST, List.of("b", "c"), FINAL, "x")),
                Arguments.of("!B,C/private:x", new Outgoing(BLOCKCAST, List.of("B", "C"), PRIVATE, "x")),
                Arguments.of("!b,c,b:x", new Outgoing(BLOCKCAST, List.of("b", "c"), FINAL, "x")),
                Arguments.of("@B/public:x", new Outgoing(UNICAST, List.of("B"), PUBLIC, "x")),
                Arguments.of("@bob:hi", new Outgoing(UNICAST, List.of("bob"), FINAL, "hi")),
                Arguments.of("/final:x", new Outgoing(BROADCAST, List.of(), FINAL, "x")),
                Arguments.of("/public:x", new Outgoing(BROADCAST, List.of(), PUBLIC, "x")),
                // a colon inside an unprefixed line is just text
                Arguments.of("time: 10:30", new Outgoing(BROADCAST, List.of(), FINAL, "time: 10:30")),
                Arguments.of("a:b", new Outgoing(BROADCAST, List.of(), FINAL, "a:b")),
                // only the first colon ends the prefix
                Arguments.of("@bob:time: 10:30", new Outgoing(UNICAST, List.of("bob"), FINAL, "time: 10:30")),
                Arguments.of(" @bob:x", new Outgoing(BROADCAST, List.of(), FINAL, " @bob:x")),
                Arguments.of("/public: ", new Outgoing(BROADCAST, List.of(), PUBLIC, " ")),
                Arguments.of("héllo \uD83D\uDE00", new Outgoing(BROADCAST, List.of(), FINAL, "héllo \uD83D\uDE00")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("valid")
    void parses(String line, Outgoing expected) {
        Outgoing parsed = Grammar.parse(line);
        assertThat(parsed).isEqualTo(expected);
        assertThat(Grammar.parse(parsed.line())).isEqualTo(parsed);
    }

    static Stream<Arguments> invalid() {
        return Stream.of(
                // spec 5.2 S11
                Arguments.of("@:x", ErrorCode.BAD_PREFIX),
                Arguments.of("!:x", ErrorCode.BAD_PREFIX),
                Arguments.of("/secret:x", ErrorCode.BAD_PREFIX),
                Arguments.of("@B:", ErrorCode.EMPTY_CONTENT),
                Arguments.of("/public:", ErrorCode.EMPTY_CONTENT),
                Arguments.of("!b,c:", ErrorCode.EMPTY_CONTENT),
                Arguments.of("", ErrorCode.EMPTY_CONTENT),
                // a prefixed line without a colon
                Arguments.of("@bob hello", ErrorCode.BAD_PREFIX),
                Arguments.of("/private", ErrorCode.BAD_PREFIX),
                // blockcast lists: commas only, no spaces, no empty names
                Arguments.of("!b, c:x", ErrorCode.BAD_PREFIX),
                Arguments.of("!b ,c:x", ErrorCode.BAD_PREFIX),
                Arguments.of("!b,,c:x", ErrorCode.BAD_PREFIX),
                Arguments.of("!b,:x", ErrorCode.BAD_PREFIX),
                Arguments.of("!,b:x", ErrorCode.BAD_PREFIX),
                // invalid nicks and edit types
                Arguments.of("@bo-b:x", ErrorCode.BAD_PREFIX),
                Arguments.of("@" + "a".repeat(33) + ":x", ErrorCode.BAD_PREFIX),
                Arguments.of("@bob/:x", ErrorCode.BAD_PREFIX),
                Arguments.of("@bob/Public:x", ErrorCode.BAD_PREFIX),
                Arguments.of("/private/public:x", ErrorCode.BAD_PREFIX),
                Arguments.of("@bob@carl:x", ErrorCode.BAD_PREFIX),
                Arguments.of("@bob!carl:x", ErrorCode.BAD_PREFIX),
                // text rules on the content
                Arguments.of("a\u0000b", ErrorCode.BAD_REQUEST),
                Arguments.of("@bob:\uD83D", ErrorCode.BAD_REQUEST),
                Arguments.of("x".repeat(Limits.MAX_CONTENT + 1), ErrorCode.BAD_REQUEST));
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @MethodSource("invalid")
    void refuses(String line, ErrorCode code) {
        assertThatThrownBy(() -> Grammar.parse(line))
                .isInstanceOfSatisfying(ChatException.class, e -> assertThat(e.code()).isEqualTo(code));
    }

    @Test
    void the_longest_content_is_accepted() {
        String content = "x".repeat(Limits.MAX_CONTENT);
        assertThat(Grammar.parse("@bob:" + content).content()).isEqualTo(content);
    }

    @Test
    void null_is_a_bad_request() {
        assertThatThrownBy(() -> Grammar.parse(null))
                .isInstanceOfSatisfying(ChatException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.BAD_REQUEST));
    }

    @Test
    void a_broadcast_whose_content_looks_like_a_prefix_is_written_with_final() {
        Outgoing o = new Outgoing(BROADCAST, List.of(), FINAL, "@not_a_prefix");
        assertThat(o.line()).isEqualTo("/final:@not_a_prefix");
        assertThat(Grammar.parse(o.line())).isEqualTo(o);
        assertThat(new Outgoing(BLOCKCAST, List.of("a", "b"), PUBLIC, "x").line()).isEqualTo("!a,b/public:x");
    }
}
