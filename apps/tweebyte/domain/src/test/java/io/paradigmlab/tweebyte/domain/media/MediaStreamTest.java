package io.paradigmlab.tweebyte.domain.media;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MediaStreamTest {

    @Test
    void fourChunksOf64KiBMakeTheOffsetMod251Pattern() {
        assertThat(MediaStream.CHUNKS * MediaStream.CHUNK_BYTES).isEqualTo(MediaStream.TOTAL_BYTES).isEqualTo(262_144);
        int offset = 0;
        for (int i = 0; i < MediaStream.CHUNKS; i++) {
            byte[] chunk = MediaStream.chunk(i);
            assertThat(chunk).hasSize(65_536);
            for (byte b : chunk) {
                assertThat(b & 0xFF).isEqualTo(offset % 251);
                offset++;
            }
        }
        // the second chunk starts where the first left off: 65536 % 251 = 25
        assertThat(MediaStream.chunk(1)[0]).isEqualTo((byte) 25);
    }

    @Test
    void chunksAreSharedNotCopied() {
        assertThat(MediaStream.chunk(2)).isSameAs(MediaStream.chunk(2));
        assertThatThrownBy(() -> MediaStream.chunk(4)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> MediaStream.chunk(-1)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void thePatternGoesOnPastTheStream() {
        byte[] tail = new byte[600];
        MediaStream.fill(tail, 262_000);
        for (int i = 0; i < tail.length; i++) {
            assertThat(tail[i] & 0xFF).isEqualTo((262_000 + i) % 251);
            assertThat(MediaStream.at(262_000 + i)).isEqualTo(tail[i]);
        }
    }

    @Test
    void thePauseHoldsTheRate() {
        // 65536 B at 6.25 MB/s: 10.49 ms per chunk, 41.9 ms per response
        assertThat(MediaStream.pauseNanos(65_536, MediaStream.DEFAULT_BYTES_PER_SECOND)).isEqualTo(10_485_760L);
        assertThat(MediaStream.pauseNanos(65_536, 6_250_000) * 4 / 1e6).isBetween(41.9, 42.0);
        assertThat(MediaStream.pauseNanos(0, 1)).isZero();
        assertThat(MediaStream.pauseNanos(3, 1_000_000_000L * 2)).isEqualTo(1); // truncated
        assertThatThrownBy(() -> MediaStream.pauseNanos(1, 0))
                .hasMessageContaining("tweebyte.media.stream.bytes-per-second");
    }
}
