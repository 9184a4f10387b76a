package io.paradigmlab.tweebyte.domain.media;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import java.awt.Transparency;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBuffer;
import java.awt.image.WritableRaster;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Iterator;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.CRC32;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.stream.ImageInputStream;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class ImagePipelineTest {

    private static final byte[] SAMPLE = SampleImage.png(256, 256);

    @Test
    void theSameInputGivesTheSameBytesOnEveryCallAndThread() throws Exception {
        byte[] first = ImagePipeline.filter(SAMPLE);
        assertThat(ImagePipeline.filter(SAMPLE)).isEqualTo(first);
        Callable<byte[]> task = () -> ImagePipeline.filter(SampleImage.png(256, 256));
        try (ExecutorService pool = Executors.newFixedThreadPool(2)) {
            Future<byte[]> a = pool.submit(task);
            Future<byte[]> b = pool.submit(task);
            assertThat(a.get()).isEqualTo(first);
            assertThat(b.get()).isEqualTo(first);
        }
    }

    @Test
    void theOutputIsA256By256Jpeg() throws IOException {
        byte[] jpeg = ImagePipeline.filter(SAMPLE);
        assertThat(Arrays.copyOf(jpeg, 3)).containsExactly(0xFF, 0xD8, 0xFF);
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(jpeg))) {
            Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
            ImageReader reader = readers.next();
            assertThat(reader.getFormatName()).isEqualToIgnoringCase("jpeg");
            reader.setInput(in);
            BufferedImage image = reader.read(0);
            assertThat(image.getWidth()).isEqualTo(256);
            assertThat(image.getHeight()).isEqualTo(256);
            // edges of a picture with shapes: not a flat image
            assertThat(distinctGreys(image)).isGreaterThan(50);
        }
    }

    @Test
    void everySizeOfInputBecomes256By256() throws IOException {
        for (int[] size : new int[][] {{1, 1}, {3, 2}, {16, 10}, {700, 33}}) {
            BufferedImage out = decode(ImagePipeline.filter(SampleImage.png(size[0], size[1])));
            assertThat(out.getWidth()).as("%dx%d", size[0], size[1]).isEqualTo(256);
            assertThat(out.getHeight()).isEqualTo(256);
        }
    }

    @Test
    void missingOrEmptyFiles() {
        assertInvalid(() -> ImagePipeline.filter(null), "file is required");
        assertInvalid(() -> ImagePipeline.filter(new byte[0]), "file is empty");
    }

    @Test
    void bytesThatAreNoImage() {
        assertInvalid(() -> ImagePipeline.filter("not an image at all".getBytes()),
                "file is not an image (PNG, JPEG, GIF or BMP)");
        byte[] truncated = Arrays.copyOf(SAMPLE, SAMPLE.length / 2);
        assertInvalid(() -> ImagePipeline.filter(truncated), "file is not an image (PNG, JPEG, GIF or BMP)");
        byte[] headerOnly = Arrays.copyOf(SAMPLE, 40);
        assertInvalid(() -> ImagePipeline.filter(headerOnly), "file is not an image (PNG, JPEG, GIF or BMP)");
    }

    @Test
    void aFormatTheContractDoesNotListIsNoImage() throws IOException {
        BufferedImage image = new BufferedImage(8, 8, BufferedImage.TYPE_INT_RGB);
        ByteArrayOutputStream tiff = new ByteArrayOutputStream();
        assertThat(ImageIO.write(image, "tiff", tiff)).isTrue();
        assertInvalid(() -> ImagePipeline.filter(tiff.toByteArray()), "file is not an image (PNG, JPEG, GIF or BMP)");
    }

    @Test
    void aHeaderClaimingTooManyPixelsIsRefusedBeforeDecoding() {
        // 60 bytes that claim 5000 x 5000 (75 MB of pixels): refused from the header, nothing allocated
        byte[] bomb = pngHeader(5000, 5000);
        assertThat(bomb.length).isLessThan(100);
        assertInvalid(() -> ImagePipeline.filter(bomb), "file must be at most 4096 x 4096 pixels");
        assertInvalid(() -> ImagePipeline.filter(pngHeader(4097, 1)), "file must be at most 4096 x 4096 pixels");
        assertInvalid(() -> ImagePipeline.filter(pngHeader(1, 4097)), "file must be at most 4096 x 4096 pixels");
    }

    @Test
    void theLargestAllowedSideIsAccepted() throws IOException {
        BufferedImage out = decode(ImagePipeline.filter(SampleImage.png(4096, 2)));
        assertThat(out.getWidth()).isEqualTo(256);
    }

    @Test
    void moreThan4MiBIs413BeforeAnyDecoding() {
        byte[] big = new byte[ImagePipeline.MAX_UPLOAD_BYTES + 1];
        assertThatThrownBy(() -> ImagePipeline.filter(big))
                .isInstanceOfSatisfying(ApiException.PayloadTooLarge.class, e -> {
                    assertThat(e.status()).isEqualTo(413);
                    assertThat(e.errors()).containsExactly(StandardErrors.PAYLOAD_TOO_LARGE);
                });
        // exactly the limit is not too large: these bytes are simply no image
        byte[] limit = new byte[ImagePipeline.MAX_UPLOAD_BYTES];
        assertInvalid(() -> ImagePipeline.filter(limit), "file is not an image (PNG, JPEG, GIF or BMP)");
    }

    @Test
    void greyImagesAreReadAsTheirGreyValues() throws IOException {
        // the same picture as 8-bit grey and as RGB with three equal channels: the same output, byte for byte
        // (ImageIO's colour conversion of grey would brighten it, so this also shows the samples are read as such)
        BufferedImage grey = new BufferedImage(64, 48, BufferedImage.TYPE_BYTE_GRAY);
        BufferedImage rgb = new BufferedImage(64, 48, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 48; y++) {
            for (int x = 0; x < 64; x++) {
                int v = (x * 4 + y * 3) % 200 + (x > 20 && x < 40 ? 50 : 0);
                grey.getRaster().setSample(x, y, 0, v);
                rgb.setRGB(x, y, v << 16 | v << 8 | v);
            }
        }
        assertThat(ImagePipeline.filter(encode(grey, "png"))).isEqualTo(ImagePipeline.filter(encode(rgb, "png")));
    }

    @Test
    void alphaIsCompositedOntoBlack() throws IOException {
        BufferedImage argb = new BufferedImage(64, 48, BufferedImage.TYPE_INT_ARGB);
        BufferedImage onBlack = new BufferedImage(64, 48, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 48; y++) {
            for (int x = 0; x < 64; x++) {
                int alpha = x < 32 ? 255 : 0;
                int r = x * 4, g = y * 5, b = 100;
                argb.setRGB(x, y, alpha << 24 | r << 16 | g << 8 | b);
                onBlack.setRGB(x, y, alpha == 255 ? r << 16 | g << 8 | b : 0);
            }
        }
        byte[] fromAlpha = ImagePipeline.filter(encode(argb, "png"));
        assertThat(fromAlpha).isEqualTo(ImagePipeline.filter(encode(onBlack, "png")));
        assertThat(decode(fromAlpha).getWidth()).isEqualTo(256);
    }

    @Test
    void greyWithAlphaIndexedJpegAndBmpInputsWork() throws IOException {
        BufferedImage source = decode(SAMPLE);
        BufferedImage indexed = new BufferedImage(256, 256, BufferedImage.TYPE_BYTE_INDEXED);
        indexed.getGraphics().drawImage(source, 0, 0, null);
        byte[][] inputs = {
                encode(indexed, "gif"), encode(indexed, "png"), encode(source, "jpeg"), encode(source, "bmp"),
                greyAlphaPng(40, 30), encode(sixteenBitGrey(40, 30), "png")};
        for (byte[] input : inputs) {
            BufferedImage out = decode(ImagePipeline.filter(input));
            assertThat(out.getWidth()).isEqualTo(256);
            assertThat(out.getHeight()).isEqualTo(256);
        }
    }

    @Test
    void normalisationStretchesEachChannelAndLeavesAFlatOneAlone() {
        int[] rgb = {50 << 16 | 7 << 8 | 0, 75 << 16 | 7 << 8 | 10, 100 << 16 | 7 << 8 | 20};
        ImagePipeline.normalise(rgb);
        assertThat(rgb).containsExactly(0 << 16 | 7 << 8 | 0, 128 << 16 | 7 << 8 | 128, 255 << 16 | 7 << 8 | 255);
    }

    @Test
    void sobelFindsAVerticalEdgeAndLeavesTheBorderAtZero() {
        int w = 6, h = 5;
        int[] grey = new int[w * h];
        for (int y = 0; y < h; y++) {
            for (int x = 3; x < w; x++) {
                grey[y * w + x] = 100;
            }
        }
        int[] edges = ImagePipeline.sobel(grey, w, h);
        for (int x = 0; x < w; x++) {
            assertThat(edges[x]).isZero();
            assertThat(edges[(h - 1) * w + x]).isZero();
        }
        // |gx| = 4 * 100 at the step, clamped to 255; nothing where the image is flat
        assertThat(edges[2 * w + 2]).isEqualTo(255);
        assertThat(edges[2 * w + 3]).isEqualTo(255);
        assertThat(edges[2 * w + 1]).isZero();
        assertThat(edges[2 * w + 4]).isZero();
    }

    @Test
    void theBlurKernelIsNormalisedAndSymmetric() {
        float[] k = ImagePipeline.gaussianKernel(3, 1.5f);
        assertThat(k).hasSize(7);
        float sum = 0;
        for (float v : k) {
            sum += v;
        }
        assertThat(sum).isCloseTo(1f, org.assertj.core.data.Offset.offset(1e-6f));
        assertThat(k[0]).isEqualTo(k[6]);
        assertThat(k[3]).isGreaterThan(k[2]);
    }

    @Test
    void aFlatImageHasNoEdges() throws IOException {
        BufferedImage flat = new BufferedImage(40, 40, BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < 40; y++) {
            for (int x = 0; x < 40; x++) {
                flat.setRGB(x, y, 0x336699);
            }
        }
        BufferedImage out = decode(ImagePipeline.filter(encode(flat, "png")));
        assertThat(distinctGreys(out)).isLessThanOrEqualTo(3); // black, give or take JPEG noise
        assertThat(out.getRGB(128, 128) & 0xFF).isLessThan(5);
    }

    @Test
    void theSampleImageIsDeterministicRgbAndNotFlat() throws IOException {
        assertThat(SampleImage.png(256, 256)).isEqualTo(SAMPLE);
        BufferedImage image = decode(SAMPLE);
        assertThat(image.getWidth()).isEqualTo(256);
        assertThat(image.getColorModel().getNumComponents()).isEqualTo(3);
        assertThat(distinctGreys(image)).isGreaterThan(100);
    }

    // ---- helpers ------------------------------------------------------------------------------------------

    private static void assertInvalid(ThrowingCallable call, String message) {
        assertThatThrownBy(call).isInstanceOfSatisfying(ApiException.BadRequest.class, e -> {
            assertThat(e.status()).isEqualTo(400);
            assertThat(e.errors()).containsExactly(message);
        });
    }

    private static BufferedImage decode(byte[] bytes) throws IOException {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
        assertThat(image).isNotNull();
        return image;
    }

    static byte[] encode(BufferedImage image, String format) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertThat(ImageIO.write(image, format, out)).as("a %s writer", format).isTrue();
        return out.toByteArray();
    }

    private static long distinctGreys(BufferedImage image) {
        return java.util.stream.IntStream.range(0, image.getWidth() * image.getHeight())
                .map(i -> image.getRGB(i % image.getWidth(), i / image.getWidth()) & 0xFF)
                .distinct().count();
    }

    /** A PNG of colour type 4 (grey and alpha), which no BufferedImage.TYPE_* makes. */
    private static byte[] greyAlphaPng(int w, int h) throws IOException {
        ComponentColorModel cm = new ComponentColorModel(ColorSpace.getInstance(ColorSpace.CS_GRAY), true, false,
                Transparency.TRANSLUCENT, DataBuffer.TYPE_BYTE);
        WritableRaster raster = cm.createCompatibleWritableRaster(w, h);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                raster.setSample(x, y, 0, (x * 7 + y * 3) % 256);
                raster.setSample(x, y, 1, x < w / 2 ? 255 : 128);
            }
        }
        byte[] png = encode(new BufferedImage(cm, raster, false, null), "png");
        assertThat(png[25]).as("PNG colour type").isEqualTo((byte) 4);
        return png;
    }

    private static BufferedImage sixteenBitGrey(int w, int h) {
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_USHORT_GRAY);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                image.getRaster().setSample(x, y, 0, (x * 1500 + y * 700) % 65536);
            }
        }
        return image;
    }

    /** A PNG signature, an IHDR for {@code width} x {@code height} 8-bit RGB, and IEND: no pixel data at all. */
    private static byte[] pngHeader(int width, int height) {
        ByteBuffer ihdr = ByteBuffer.allocate(13).putInt(width).putInt(height)
                .put((byte) 8).put((byte) 2).put((byte) 0).put((byte) 0).put((byte) 0);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'});
        out.writeBytes(chunk("IHDR", ihdr.array()));
        out.writeBytes(chunk("IEND", new byte[0]));
        return out.toByteArray();
    }

    private static byte[] chunk(String type, byte[] data) {
        CRC32 crc = new CRC32();
        crc.update(type.getBytes());
        crc.update(data);
        return ByteBuffer.allocate(12 + data.length).putInt(data.length).put(type.getBytes()).put(data)
                .putInt((int) crc.getValue()).array();
    }
}
