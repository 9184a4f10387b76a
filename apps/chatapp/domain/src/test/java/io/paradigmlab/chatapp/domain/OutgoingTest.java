package io.paradigmlab.chatapp.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class OutgoingTest {

    @Test
    void structured_sends_are_the_same_messages_as_lines() {
        assertThat(Outgoing.structured("broadcast", null, null, "Hello")).isEqualTo(Grammar.parse("Hello"));
        assertThat(Outgoing.structured("broadcast", List.of(), "private", "Hello World!"))
                .isEqualTo(Grammar.parse("/private:Hello World!"));
        assertThat(Outgoing.structured("unicast", List.of("user_1"), "public", "Hello World!"))
                .isEqualTo(Grammar.parse("@user_1/public:Hello World!"));
        assertThat(Outgoing.structured("blockcast", List.of("b", "c", "b"), "final", "x"))
                .isEqualTo(Grammar.parse("!b,c:x"));
        assertThat(Outgoing.structured("unicast", List.of("bob"), null, "x").target()).isEqualTo("bob");
    }

    @Test
    void structured_sends_are_checked() {
        expect(ErrorCode.BAD_REQUEST, () -> Outgoing.structured("multicast", null, null, "x"));
        expect(ErrorCode.BAD_REQUEST, () -> Outgoing.structured(null, null, null, "x"));
        expect(ErrorCode.BAD_REQUEST, () -> Outgoing.structured("BROADCAST", null, null, "x"));
        expect(ErrorCode.BAD_REQUEST, () -> Outgoing.structured("broadcast", null, "secret", "x"));
        expect(ErrorCode.BAD_REQUEST, () -> Outgoing.structured("broadcast", List.of("bob"), null, "x"));
        expect(ErrorCode.BAD_REQUEST, () -> Outgoing.structured("unicast", List.of(), null, "x"));
        expect(ErrorCode.BAD_REQUEST, () -> Outgoing.structured("unicast", List.of("a", "b"), null, "x"));
        expect(ErrorCode.BAD_REQUEST, () -> Outgoing.structured("unicast", List.of("b-b"), null, "x"));
        expect(ErrorCode.BAD_REQUEST, () -> Outgoing.structured("blockcast", null, null, "x"));
        expect(ErrorCode.BAD_REQUEST, () -> Outgoing.structured("blockcast", Arrays.asList("a", null), null, "x"));
        expect(ErrorCode.BAD_REQUEST, () -> Outgoing.structured("broadcast", null, null, null));
        expect(ErrorCode.BAD_REQUEST, () -> Outgoing.structured("broadcast", null, null, "a\u0000"));
        expect(ErrorCode.EMPTY_CONTENT, () -> Outgoing.structured("unicast", List.of("bob"), null, ""));
    }

    @Test
    void targets_are_an_immutable_copy() {
        List<String> to = new ArrayList<>(List.of("a"));
        Outgoing o = Outgoing.structured("blockcast", to, null, "x");
        to.add("b");
        assertThat(o.targets()).containsExactly("a");
        assertThatThrownBy(() -> o.targets().add("c")).isInstanceOf(UnsupportedOperationException.class);
        assertThatThrownBy(() -> Grammar.parse("Hello").target()).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void kinds_and_edit_types_have_lower_case_wire_forms() {
        for (Kind k : Kind.values()) {
            assertThat(Kind.parse(k.wire())).isSameAs(k);
        }
        assertThat(Kind.BLOCKCAST.wire()).isEqualTo("blockcast");
        for (EditType e : EditType.values()) {
            assertThat(EditType.parse(e.wire())).isSameAs(e);
        }
        assertThat(EditType.parse(null)).isSameAs(EditType.FINAL);
        assertThat(EditType.PRIVATE.wire()).isEqualTo("private");
        assertThat(ErrorCode.EDIT_FORBIDDEN.wire()).isEqualTo("EDIT_FORBIDDEN");
    }

    @Test
    void the_edit_rule() {
        assertThat(EditType.FINAL.allows("a", "a")).isFalse();
        assertThat(EditType.PRIVATE.allows("a", "a")).isTrue();
        assertThat(EditType.PRIVATE.allows("a", "b")).isFalse();
        assertThat(EditType.PUBLIC.allows("a", "b")).isTrue();
    }

    @Test
    void chat_exceptions_carry_code_and_detail() {
        ChatException e = new ChatException(ErrorCode.NOT_FOUND, "no message 7");
        assertThat(e.code()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(e.detail()).isEqualTo("no message 7");
        assertThat(e.getMessage()).isEqualTo("NOT_FOUND: no message 7");
        assertThat(e.getStackTrace()).isEmpty();
        assertThat(new ChatException(ErrorCode.BAD_JSON, null).detail()).isEmpty();
    }

    static void expect(ErrorCode code, ThrowingCallable call) {
        assertThatThrownBy(call)
                .isInstanceOfSatisfying(ChatException.class, e -> assertThat(e.code()).isEqualTo(code));
    }
}
