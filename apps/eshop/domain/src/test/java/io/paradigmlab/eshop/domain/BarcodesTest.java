package io.paradigmlab.eshop.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class BarcodesTest {

    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @Test
    void aBarcodeIsA400By120PngThatDecodesToTheCode() {
        for (int n : new int[] {1, 42, SeedData.FIRST_RESERVED, SeedData.PRODUCTS, SeedData.LAST_IMPORT, 9_999_999}) {
            String code = SeedData.code(n);
            byte[] png = Barcodes.code128Png(code);
            assertThat(Arrays.copyOf(png, 8)).as(code).isEqualTo(PNG_SIGNATURE);
            assertThat(Barcodes.size(png)).as(code).containsExactly(Barcodes.WIDTH, Barcodes.HEIGHT);
            assertThat(Barcodes.decode(png)).as(code).isEqualTo(code);
        }
    }

    @Test
    void theSameCodeGivesTheSameBytes() {
        byte[] first = Barcodes.code128Png("P0000042");
        assertThat(Barcodes.code128Png("P0000042")).isEqualTo(first);
        assertThat(Barcodes.code128Png("P0000043")).isNotEqualTo(first);
    }

    @Test
    void concurrentCallsGiveTheSameBytes() throws Exception {
        byte[] expected = Barcodes.code128Png("P0123456");
        try (var executor = java.util.concurrent.Executors.newFixedThreadPool(8)) {
            var futures = java.util.stream.IntStream.range(0, 64)
                    .mapToObj(i -> executor.submit(() -> Barcodes.code128Png("P0123456"))).toList();
            for (var f : futures) {
                assertThat(f.get()).isEqualTo(expected);
            }
        }
    }

    @Test
    void onlyPrintableAsciiUpToEightyCharacters() {
        assertThat(Barcodes.decode(Barcodes.code128Png("any text 12,;"))).isEqualTo("any text 12,;");
        for (String bad : new String[] {null, "", "é", "a\u0000", "x".repeat(81)}) {
            assertThatThrownBy(() -> Barcodes.code128Png(bad)).isInstanceOf(IllegalArgumentException.class);
        }
    }

    @Test
    void decodingRefusesWhatIsNotABarcode() {
        assertThatThrownBy(() -> Barcodes.decode(new byte[] {1, 2, 3})).isInstanceOf(IllegalArgumentException.class);
        // a valid PNG without a barcode: a blank image
        var blank = new java.awt.image.BufferedImage(50, 50, java.awt.image.BufferedImage.TYPE_BYTE_GRAY);
        var out = new java.io.ByteArrayOutputStream();
        try {
            javax.imageio.ImageIO.write(blank, "png", out);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        assertThatThrownBy(() -> Barcodes.decode(out.toByteArray())).isInstanceOf(IllegalArgumentException.class);
    }
}
