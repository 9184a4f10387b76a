package io.paradigmlab.common.web.mvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.common.contract.EdgeRefusals;
import jakarta.servlet.ServletInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.http.converter.HttpMessageNotReadableException;

class LimitedBodyStreamTest {

    private static ServletInputStream body(int bytes) {
        return new BytesInputStream(new byte[bytes]);
    }

    @Test
    void aBodyUpToTheLimitIsReadWhole() throws IOException {
        AtomicInteger exceeded = new AtomicInteger();
        LimitedBodyStream in = new LimitedBodyStream(body(100), 100, exceeded::incrementAndGet);
        assertThat(in.readAllBytes()).hasSize(100);
        assertThat(exceeded).hasValue(0);
    }

    @Test
    void theReadThatPassesTheLimitFailsAndSaysSoOnce() {
        AtomicInteger exceeded = new AtomicInteger();
        LimitedBodyStream in = new LimitedBodyStream(body(101), 100, exceeded::incrementAndGet);
        assertThatThrownBy(in::readAllBytes).isInstanceOf(LimitedBodyStream.BodyTooLargeException.class);
        assertThat(exceeded).hasValue(1);
    }

    @Test
    void aBodyCutOffAnywhereInTheCausesIsA413() {
        var cut = new LimitedBodyStream.BodyTooLargeException(1);
        assertThat(MvcErrorHandler.bodyTooLarge(new HttpMessageNotReadableException("x", new UncheckedIOException(cut),
                null))).isTrue();
        assertThat(MvcErrorHandler.bodyTooLarge(new HttpMessageNotReadableException("x", (Throwable) null, null))).isFalse();
    }

    @Test
    void escapesMustBeTwoAsciiHexDigits() {
        assertThat(EdgeRefusals.escapesAreWellFormed("a=%41%7e")).isTrue();
        assertThat(EdgeRefusals.escapesAreWellFormed("a=%zz")).isFalse();
        assertThat(EdgeRefusals.escapesAreWellFormed("a=%4")).isFalse();
    }
}
