package io.paradigmlab.tweebyte.domain.media;

import java.awt.image.BufferedImage;
import java.awt.image.DataBufferInt;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriter;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * The input of the {@code cpu} workload (seed 001, 5.2: one 256 x 256 RGB image for every request): a deterministic
 * RGB PNG of gradients, a disc, rectangles, stripes and some seeded noise, so that normalisation, blur and edge
 * detection all have something to do. Drawn pixel by pixel (no Graphics2D), so the bytes do not depend on the
 * platform's rasteriser.
 */
public final class SampleImage {

    private SampleImage() {
    }

    /** The PNG, {@code width} x {@code height}; the same bytes on every call. A new array each time. */
    public static byte[] png(int width, int height) {
        if (width < 1 || height < 1) {
            throw new IllegalArgumentException("an image needs at least one pixel, was " + width + " x " + height);
        }
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        int[] data = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
        long seed = 0x5DEECE66DL;
        float cx = width * 0.6f, cy = height * 0.4f, radius = Math.min(width, height) * 0.25f;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                // gradients: red across, green down, blue along the diagonal
                int r = 30 + x * 180 / width;
                int g = 20 + y * 200 / height;
                int b = 40 + (x + y) * 160 / (width + height);
                float dx = x - cx, dy = y - cy;
                if (dx * dx + dy * dy <= radius * radius) {
                    r = 230;
                    g = 210 - (int) (Math.abs(dx) * 40 / radius);
                    b = 60;
                }
                if (x > width / 8 && x < width * 3 / 8 && y > height / 2 && y < height * 7 / 8) {
                    r = 20;
                    g = 40;
                    b = 200;
                }
                if (((x + 2 * y) / 12) % 5 == 0 && y < height / 3) {
                    r = 255 - r;
                    g = 255 - g;
                    b = 255 - b;
                }
                // seeded noise (an LCG), +-8 per channel
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                int noise = (int) (seed >>> 59) - 16;
                r = Math.clamp(r + noise / 2, 0, 255);
                g = Math.clamp(g - noise / 2, 0, 255);
                b = Math.clamp(b + noise / 4, 0, 255);
                data[y * width + x] = r << 16 | g << 8 | b;
            }
        }
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("png");
        ImageWriter writer = writers.next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (MemoryCacheImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(out);
            writer.write(null, new IIOImage(image, null, null), null);
        } catch (IOException e) {
            throw new UncheckedIOException("writing a PNG to memory", e);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }
}
