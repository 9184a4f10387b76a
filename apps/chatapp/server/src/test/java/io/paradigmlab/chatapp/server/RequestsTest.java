package io.paradigmlab.chatapp.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.chatapp.domain.ChatException;
import io.paradigmlab.chatapp.domain.EditType;
import io.paradigmlab.chatapp.domain.ErrorCode;
import io.paradigmlab.chatapp.domain.Kind;
import io.paradigmlab.chatapp.domain.Outgoing;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RequestsTest {

    private static ErrorCode codeOf(String frame) {
        try {
            Requests.parse(frame);
        } catch (ChatException e) {
            return e.code();
        }
        throw new AssertionError("parsed: " + frame);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "{", "not json", "[1,2]", "\"op\"", "42", "null", "{\"op\":\"stats\"} x", "{'op':'stats'}"})
    void nonJsonOrNonObjectIsBadJson(String frame) {
        assertThat(codeOf(frame)).isEqualTo(ErrorCode.BAD_JSON);
    }

    @Test
    void opMustBeAKnownString() {
        assertThat(codeOf("{}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":1}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"dance\"}")).isEqualTo(ErrorCode.UNKNOWN_OP);
        assertThat(codeOf("{\"op\":\"LOGIN\"}")).isEqualTo(ErrorCode.UNKNOWN_OP);
    }

    @Test
    void refIsEchoedOnlyAsAString() {
        assertThat(Requests.parse("{\"op\":\"stats\",\"ref\":\"r1\"}").ref()).isEqualTo("r1");
        assertThat(Requests.parse("{\"op\":\"stats\"}").ref()).isNull();
        assertThat(codeOf("{\"op\":\"stats\",\"ref\":7}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(Requests.ref("{\"op\":\"dance\",\"ref\":\"x\"}")).isEqualTo("x");
        assertThat(Requests.ref("{\"op\":\"dance\",\"ref\":7}")).isNull();
        assertThat(Requests.ref("garbage")).isNull();
    }

    @Test
    void registerAndLogin() {
        assertThat(Requests.parse("{\"op\":\"register\",\"ref\":\"a\",\"nick\":\"ann\",\"first\":\"A\",\"last\":\"B\","
                + "\"password\":\"pa$$w0rd\"}"))
                .isEqualTo(new Request.Register("a", "ann", "A", "B", "pa$$w0rd"));
        assertThat(codeOf("{\"op\":\"register\",\"nick\":\"ann\",\"first\":\"A\",\"password\":\"x\"}"))
                .isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"register\",\"nick\":5,\"first\":\"A\",\"last\":\"B\",\"password\":\"x\"}"))
                .isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(Requests.parse("{\"op\":\"login\",\"nick\":\"ann\",\"password\":\"p\"}"))
                .isEqualTo(new Request.Login(null, "ann", "p"));
        assertThat(codeOf("{\"op\":\"login\",\"nick\":\"ann\"}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"login\",\"nick\":\"ann\",\"password\":null}")).isEqualTo(ErrorCode.BAD_REQUEST);
    }

    @Test
    void domainChecksRunInValidate() {
        Request.Register weak = (Request.Register) Requests.parse(
                "{\"op\":\"register\",\"nick\":\"ann\",\"first\":\"A\",\"last\":\"B\",\"password\":\"abc12\"}");
        assertThatThrownBy(weak::validate).extracting(e -> ((ChatException) e).code())
                .isEqualTo(ErrorCode.WEAK_PASSWORD);
        Request.Register badNick = new Request.Register(null, "a b", "A", "B", "pa$$w0rd");
        assertThatThrownBy(badNick::validate).extracting(e -> ((ChatException) e).code())
                .isEqualTo(ErrorCode.BAD_NICK);
        Request.Login login = new Request.Login(null, "no such nick!", "x");
        assertThatThrownBy(login::validate).extracting(e -> ((ChatException) e).code())
                .isEqualTo(ErrorCode.BAD_CREDENTIALS);
    }

    @Test
    void updateNeverChangesTheNick() {
        Request.Update u = (Request.Update) Requests.parse("{\"op\":\"update\",\"first\":\"X\",\"nick\":\"other\"}");
        assertThat(u.nickGiven()).isTrue();
        assertThatThrownBy(u::validate).extracting(e -> ((ChatException) e).code())
                .isEqualTo(ErrorCode.NICK_IMMUTABLE);
        Request.Update ok = (Request.Update) Requests.parse("{\"op\":\"update\",\"last\":\"Y\"}");
        assertThat(ok).isEqualTo(new Request.Update(null, null, "Y", null, false));
        ok.validate();
        Request.Update empty = (Request.Update) Requests.parse("{\"op\":\"update\"}");
        assertThatThrownBy(empty::validate).extracting(e -> ((ChatException) e).code())
                .isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"update\",\"first\":true}")).isEqualTo(ErrorCode.BAD_REQUEST);
    }

    @Test
    void sendTakesALineOrTheStructuredForm() {
        Request.Send line = (Request.Send) Requests.parse("{\"op\":\"send\",\"ref\":\"s\",\"line\":\"@bob/public:hi\"}");
        assertThat(line.outgoing("ann")).isEqualTo(new Outgoing(Kind.UNICAST, List.of("bob"), EditType.PUBLIC, "hi"));
        Request.Send structured = (Request.Send) Requests.parse(
                "{\"op\":\"send\",\"kind\":\"blockcast\",\"to\":[\"b\",\"c\"],\"edit\":\"private\",\"content\":\"x\"}");
        assertThat(structured.outgoing("ann"))
                .isEqualTo(new Outgoing(Kind.BLOCKCAST, List.of("b", "c"), EditType.PRIVATE, "x"));
        Request.Send plain = (Request.Send) Requests.parse("{\"op\":\"send\",\"content\":\"hello\"}");
        assertThat(plain.outgoing("ann")).isEqualTo(new Outgoing(Kind.BROADCAST, List.of(), EditType.FINAL, "hello"));

        assertThat(codeOf("{\"op\":\"send\"}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"send\",\"line\":\"a\",\"content\":\"b\"}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"send\",\"line\":\"a\",\"kind\":\"unicast\"}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"send\",\"content\":\"b\",\"to\":\"bob\"}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"send\",\"content\":\"b\",\"to\":[1]}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"send\",\"line\":5}")).isEqualTo(ErrorCode.BAD_REQUEST);
    }

    @Test
    void sendGrammarErrorsAndSelfUnicast() {
        for (String bad : List.of("@:x", "/secret:x", "!:x")) {
            Request.Send s = new Request.Send(null, bad, null, null, null, null);
            assertThatThrownBy(() -> s.outgoing("ann")).extracting(e -> ((ChatException) e).code())
                    .isEqualTo(ErrorCode.BAD_PREFIX);
        }
        Request.Send empty = new Request.Send(null, "@B:", null, null, null, null);
        assertThatThrownBy(() -> empty.outgoing("ann")).extracting(e -> ((ChatException) e).code())
                .isEqualTo(ErrorCode.EMPTY_CONTENT);
        Request.Send self = new Request.Send(null, "@ann:hi", null, null, null, null);
        assertThatThrownBy(() -> self.outgoing("ann")).extracting(e -> ((ChatException) e).code())
                .isEqualTo(ErrorCode.BAD_REQUEST);
        Request.Send selfStructured = new Request.Send(null, null, "unicast", List.of("ann"), null, "hi");
        assertThatThrownBy(() -> selfStructured.outgoing("ann")).extracting(e -> ((ChatException) e).code())
                .isEqualTo(ErrorCode.BAD_REQUEST);
    }

    @Test
    void editNeedsAnIntegerIdAndOneText() {
        assertThat(Requests.parse("{\"op\":\"edit\",\"id\":12,\"content\":\"x\"}"))
                .isEqualTo(new Request.Edit(null, 12, "x", false));
        assertThat(Requests.parse("{\"op\":\"edit\",\"id\":5000000000,\"append\":\"y\"}"))
                .isEqualTo(new Request.Edit(null, 5_000_000_000L, "y", true));
        assertThat(codeOf("{\"op\":\"edit\",\"id\":1}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"edit\",\"id\":1,\"content\":\"a\",\"append\":\"b\"}"))
                .isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"edit\",\"id\":\"1\",\"content\":\"a\"}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"edit\",\"id\":1.5,\"content\":\"a\"}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"edit\",\"content\":\"a\"}")).isEqualTo(ErrorCode.BAD_REQUEST);
        Request.Edit empty = new Request.Edit(null, 1, "", false);
        assertThatThrownBy(empty::validate).extracting(e -> ((ChatException) e).code())
                .isEqualTo(ErrorCode.EMPTY_CONTENT);
        Request.Edit nul = new Request.Edit(null, 1, "a\u0000", true);
        assertThatThrownBy(nul::validate).extracting(e -> ((ChatException) e).code())
                .isEqualTo(ErrorCode.BAD_REQUEST);
    }

    @Test
    void palNeedsExactlyOneSourceAndABoundedK() {
        assertThat(Requests.parse("{\"op\":\"pal\",\"lineId\":3}")).isEqualTo(new Request.Pal(null, null, 3, null, 1));
        assertThat(Requests.parse("{\"op\":\"pal\",\"msgId\":9,\"k\":10,\"store\":false}"))
                .isEqualTo(new Request.Pal(null, 9L, null, null, 10));
        assertThat(Requests.parse("{\"op\":\"pal\",\"text\":\"abba x\",\"k\":1000}"))
                .isEqualTo(new Request.Pal(null, null, null, "abba x", 1000));
        assertThat(codeOf("{\"op\":\"pal\"}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"pal\",\"lineId\":1,\"text\":\"a\"}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"pal\",\"lineId\":1,\"k\":0}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"pal\",\"lineId\":1,\"k\":1001}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"pal\",\"lineId\":1,\"k\":\"2\"}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"pal\",\"lineId\":5000000000}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"pal\",\"lineId\":1,\"store\":true}")).isEqualTo(ErrorCode.BAD_REQUEST);
    }

    @Test
    void historyDefaultsAndRanges() {
        assertThat(Requests.parse("{\"op\":\"history\",\"ref\":\"h\"}")).isEqualTo(new Request.History("h", 100, 0));
        assertThat(Requests.parse("{\"op\":\"history\",\"limit\":1000,\"afterId\":7}"))
                .isEqualTo(new Request.History(null, 1000, 7));
        assertThat(codeOf("{\"op\":\"history\",\"limit\":0}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"history\",\"limit\":1001}")).isEqualTo(ErrorCode.BAD_REQUEST);
        assertThat(codeOf("{\"op\":\"history\",\"afterId\":-1}")).isEqualTo(ErrorCode.BAD_REQUEST);
    }

    @Test
    void statsAndQuitIgnoreExtraFields() {
        assertThat(Requests.parse("{\"op\":\"stats\",\"x\":[1,{}]}")).isEqualTo(new Request.Stats(null));
        assertThat(Requests.parse("{\"op\":\"quit\",\"ref\":\"q\"}")).isEqualTo(new Request.Quit("q"));
    }
}
