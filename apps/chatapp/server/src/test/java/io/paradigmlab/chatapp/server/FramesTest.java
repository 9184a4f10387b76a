package io.paradigmlab.chatapp.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.chatapp.domain.ChatException;
import io.paradigmlab.chatapp.domain.ErrorCode;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class FramesTest {

    @Test
    void repliesAreCompactWithRefFirstAfterType() {
        assertThat(Frames.ok("r")).isEqualTo("{\"type\":\"ok\",\"ref\":\"r\"}");
        assertThat(Frames.ok(null)).isEqualTo("{\"type\":\"ok\"}");
        assertThat(Frames.okLogin("r", 7, "ann"))
                .isEqualTo("{\"type\":\"ok\",\"ref\":\"r\",\"you\":{\"id\":7,\"nick\":\"ann\"}}");
        assertThat(Frames.ack("r", 12, 3)).isEqualTo("{\"type\":\"ack\",\"ref\":\"r\",\"id\":12,\"n\":3}");
        assertThat(Frames.ackEdit(null, 12, 4, 0)).isEqualTo("{\"type\":\"ack\",\"id\":12,\"version\":4,\"n\":0}");
        assertThat(Frames.result("p", 21)).isEqualTo("{\"type\":\"result\",\"ref\":\"p\",\"count\":21,\"any\":true}");
        assertThat(Frames.result("p", 0)).isEqualTo("{\"type\":\"result\",\"ref\":\"p\",\"count\":0,\"any\":false}");
        assertThat(Frames.end("h", 2)).isEqualTo("{\"type\":\"end\",\"ref\":\"h\",\"count\":2}");
    }

    @Test
    void deliveriesEscapeTheirContent() {
        assertThat(Frames.msg(null, 5, "ann", "unicast", "public", "say \"hi\"\n", 0, 1_700_000_000_000_001L))
                .isEqualTo("{\"type\":\"msg\",\"id\":5,\"from\":\"ann\",\"kind\":\"unicast\",\"edit\":\"public\","
                        + "\"content\":\"say \\\"hi\\\"\\n\",\"ver\":0,\"ts\":1700000000000001}");
        assertThat(Frames.msg("h", 5, "ann", "broadcast", "final", "x", 2, 1))
                .startsWith("{\"type\":\"msg\",\"ref\":\"h\",\"id\":5,");
        assertThat(Frames.edited(5, "bob", "y", 3, 9))
                .isEqualTo("{\"type\":\"edited\",\"id\":5,\"by\":\"bob\",\"content\":\"y\",\"ver\":3,\"ts\":9}");
    }

    @Test
    void errorsCarryCodeAndDetail() {
        assertThat(Frames.err("r", new ChatException(ErrorCode.NOT_FOUND, "no message 9")))
                .isEqualTo("{\"type\":\"err\",\"ref\":\"r\",\"code\":\"NOT_FOUND\",\"detail\":\"no message 9\"}");
        assertThat(Frames.err(null, ErrorCode.BAD_JSON, null))
                .isEqualTo("{\"type\":\"err\",\"code\":\"BAD_JSON\",\"detail\":\"\"}");
    }

    @Test
    void statsListsEveryCounter() {
        ChatCounters.Stats s = new ChatCounters.Stats(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12);
        assertThat(Frames.stats("s", s)).isEqualTo("{\"type\":\"stats\",\"ref\":\"s\",\"in\":1,\"out\":2,"
                + "\"delivered\":3,\"bytesOut\":4,\"pal\":5,\"palCount\":6,\"edits\":7,\"sends\":8,\"logins\":9,"
                + "\"errors\":10,\"sessions\":11}");
    }

    @Test
    void microsecondTimestamps() {
        assertThat(Frames.micros(Instant.ofEpochSecond(2, 345_678_999))).isEqualTo(2_345_678L);
        long before = System.currentTimeMillis() * 1_000;
        long now = Frames.nowMicros();
        assertThat(now).isBetween(before, before + 5_000_000);
    }

    @Test
    void utf8LengthCountsBytes() {
        assertThat(Connection.utf8Length("abc")).isEqualTo(3);
        assertThat(Connection.utf8Length("é")).isEqualTo(2);
        assertThat(Connection.utf8Length("€")).isEqualTo(3);
        assertThat(Connection.utf8Length("😀")).isEqualTo(4);
        String mixed = "a é € 😀";
        assertThat(Connection.utf8Length(mixed)).isEqualTo(mixed.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);
    }
}
