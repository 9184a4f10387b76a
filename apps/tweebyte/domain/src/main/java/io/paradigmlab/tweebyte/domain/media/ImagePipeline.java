package io.paradigmlab.tweebyte.domain.media;

import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.common.contract.ApiException;
import java.awt.color.ColorSpace;
import java.awt.image.BufferedImage;
import java.awt.image.ColorModel;
import java.awt.image.ComponentColorModel;
import java.awt.image.DataBufferInt;
import java.awt.image.Raster;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Locale;
import java.util.Set;
import javax.imageio.IIOImage;
import javax.imageio.ImageIO;
import javax.imageio.ImageReader;
import javax.imageio.ImageWriteParam;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageInputStream;
import javax.imageio.stream.MemoryCacheImageInputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * The CPU-bound image pipeline of {@code POST /media/filter} (seed 001, 5.2; docs/api/tweebyte.md "Media"): decode,
 * colour normalisation, three Gaussian blur passes, Sobel edge magnitude, bilinear resize to 256 x 256, JPEG at
 * quality 0.8. All in memory, in plain loops over int and float arrays, so the work is the same arithmetic in every
 * variant; the same input gives the same bytes on every call and every thread (Java's float arithmetic is exactly
 * specified, and nothing here depends on the platform's imaging: no Graphics2D, no scaling hints). Thread-safe:
 * no shared mutable state, a reader and a writer of its own per call.
 */
public final class ImagePipeline {

    /** The multipart part that carries the image. */
    public static final String FILE_PART = "file";
    /**
     * {@code tweebyte.media.max-upload-bytes} when unset: 4 MiB. Larger parts or requests are answered 413 before
     * any decoding, the same in every variant.
     */
    public static final int MAX_UPLOAD_BYTES = 4 * 1024 * 1024;
    /** The widest and tallest image decoded, checked from the header before decoding (no decompression bomb). */
    public static final int MAX_DIMENSION = 4096;
    /** The output is this many pixels wide and tall. */
    public static final int OUTPUT_SIZE = 256;
    /** The JPEG quality of the output (ImageIO's scale, 0..1). Part of the measured work: the same everywhere. */
    public static final float JPEG_QUALITY = 0.8f;
    /** Gaussian blur: radius, sigma and number of passes (the seed's). Part of the measured work. */
    public static final int BLUR_RADIUS = 3;
    public static final float BLUR_SIGMA = 1.5f;
    public static final int BLUR_PASSES = 3;

    public static final String FILE_REQUIRED = "file is required";
    public static final String FILE_EMPTY = "file is empty";
    public static final String NOT_AN_IMAGE = "file is not an image (PNG, JPEG, GIF or BMP)";
    public static final String TOO_MANY_PIXELS =
            "file must be at most " + MAX_DIMENSION + " x " + MAX_DIMENSION + " pixels";

    /** The formats the contract accepts; ImageIO also reads TIFF and WBMP, which it does not. */
    private static final Set<String> FORMATS = Set.of("png", "jpeg", "gif", "bmp");

    private static final float[] KERNEL = gaussianKernel(BLUR_RADIUS, BLUR_SIGMA);

    private ImagePipeline() {
    }

    /**
     * The whole pipeline.
     *
     * @return the JPEG, 256 x 256
     * @throws ApiException.BadRequest    no file, an empty file, not a PNG/JPEG/GIF/BMP, or more than 4096
     *                                      pixels wide or tall
     * @throws ApiException.PayloadTooLarge more than {@link #MAX_UPLOAD_BYTES}
     */
    public static byte[] filter(byte[] upload) {
        if (upload == null) {
            throw new ApiException.BadRequest(FILE_REQUIRED);
        }
        if (upload.length == 0) {
            throw new ApiException.BadRequest(FILE_EMPTY);
        }
        if (upload.length > MAX_UPLOAD_BYTES) {
            throw new ApiException.PayloadTooLarge(StandardErrors.PAYLOAD_TOO_LARGE);
        }
        BufferedImage decoded = decode(upload);
        int w = decoded.getWidth();
        int h = decoded.getHeight();
        int[] rgb = toRgb(decoded);
        decoded = null; // the decoded raster can go before the big arrays below are made
        normalise(rgb);
        int[] grey = blurToGrey(rgb, w, h);
        rgb = null;
        int[] edges = sobel(grey, w, h);
        int[] small = resize(edges, w, h, OUTPUT_SIZE, OUTPUT_SIZE);
        return jpeg(small, OUTPUT_SIZE, OUTPUT_SIZE);
    }

    // ---- decoding -------------------------------------------------------------------------------------------

    private static BufferedImage decode(byte[] upload) {
        // a memory-cached stream: ImageIO.createImageInputStream may cache to a temporary file
        try (ImageInputStream in = new MemoryCacheImageInputStream(new ByteArrayInputStream(upload))) {
            ImageReader reader = readerFor(in);
            try {
                reader.setInput(in, true, true);
                int width;
                int height;
                try {
                    // the header only: how big the raster would be, before a byte of it is allocated
                    width = reader.getWidth(0);
                    height = reader.getHeight(0);
                } catch (IOException | RuntimeException e) {
                    throw notAnImage();
                }
                if (width < 1 || height < 1) {
                    throw notAnImage();
                }
                if (width > MAX_DIMENSION || height > MAX_DIMENSION) {
                    throw new ApiException.BadRequest(TOO_MANY_PIXELS);
                }
                try {
                    BufferedImage image = reader.read(0);
                    if (image == null) {
                        throw notAnImage();
                    }
                    if (image.getWidth() > MAX_DIMENSION || image.getHeight() > MAX_DIMENSION) {
                        // a header that understated the size; the JDK's readers allocate what it states
                        throw new ApiException.BadRequest(TOO_MANY_PIXELS);
                    }
                    return image;
                } catch (IOException | RuntimeException e) {
                    // a truncated or corrupt file: the readers throw IIOException, or worse for broken GIF/BMP
                    if (e instanceof ApiException api) {
                        throw api;
                    }
                    throw notAnImage();
                }
            } finally {
                reader.dispose();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("closing an in-memory stream", e);
        }
    }

    private static ImageReader readerFor(ImageInputStream in) {
        Iterator<ImageReader> readers = ImageIO.getImageReaders(in);
        while (readers.hasNext()) {
            ImageReader reader = readers.next();
            String format;
            try {
                format = reader.getFormatName().toLowerCase(Locale.ROOT);
            } catch (IOException e) {
                format = "";
            }
            if (FORMATS.contains(format)) {
                return reader;
            }
            reader.dispose();
        }
        throw notAnImage();
    }

    private static ApiException notAnImage() {
        return new ApiException.BadRequest(NOT_AN_IMAGE);
    }

    /**
     * Packed 0xRRGGBB per pixel, whatever the colour model. Grey images are read from their samples (the colour
     * model's conversion would treat them as linear light and brighten them); everything else (RGB, indexed,
     * 16 bits) through {@link BufferedImage#getRGB}. Alpha is composited onto black, as drawing the image onto a
     * new RGB image would.
     */
    static int[] toRgb(BufferedImage image) {
        int w = image.getWidth();
        int h = image.getHeight();
        int[] out = new int[w * h];
        ColorModel cm = image.getColorModel();
        Raster raster = image.getRaster();
        if (cm instanceof ComponentColorModel && cm.getColorSpace().getType() == ColorSpace.TYPE_GRAY) {
            int greyMax = (1 << cm.getComponentSize(0)) - 1;
            boolean alpha = cm.hasAlpha() && raster.getNumBands() > 1;
            int alphaMax = alpha ? (1 << cm.getComponentSize(1)) - 1 : 1;
            int[] grey = new int[w];
            int[] alphas = alpha ? new int[w] : null;
            for (int y = 0; y < h; y++) {
                raster.getSamples(0, y, w, 1, 0, grey);
                if (alpha) {
                    raster.getSamples(0, y, w, 1, 1, alphas);
                }
                int row = y * w;
                for (int x = 0; x < w; x++) {
                    int v = scale(grey[x], greyMax);
                    if (alpha) {
                        v = premultiply(v, scale(alphas[x], alphaMax));
                    }
                    out[row + x] = v << 16 | v << 8 | v;
                }
            }
            return out;
        }
        if (image.getType() == BufferedImage.TYPE_INT_RGB) {
            int[] data = ((DataBufferInt) raster.getDataBuffer()).getData();
            if (data.length == out.length && raster.getSampleModelTranslateX() == 0
                    && raster.getSampleModelTranslateY() == 0) {
                for (int i = 0; i < out.length; i++) {
                    out[i] = data[i] & 0xFFFFFF;
                }
                return out;
            }
        }
        image.getRGB(0, 0, w, h, out, 0, w);
        if (cm.hasAlpha()) {
            for (int i = 0; i < out.length; i++) {
                int argb = out[i];
                int a = argb >>> 24;
                out[i] = premultiply(argb >> 16 & 0xFF, a) << 16 | premultiply(argb >> 8 & 0xFF, a) << 8
                        | premultiply(argb & 0xFF, a);
            }
        } else {
            for (int i = 0; i < out.length; i++) {
                out[i] &= 0xFFFFFF;
            }
        }
        return out;
    }

    private static int scale(int sample, int max) {
        return max == 255 ? sample : (int) ((sample * 255L + max / 2) / max);
    }

    private static int premultiply(int channel, int alpha) {
        return (channel * alpha + 127) / 255;
    }

    // ---- colour normalisation -----------------------------------------------------------------------------

    /** Each channel stretched linearly from its min..max to 0..255, rounded; a flat channel stays as it is. */
    static void normalise(int[] rgb) {
        int minR = 255, minG = 255, minB = 255, maxR = 0, maxG = 0, maxB = 0;
        for (int p : rgb) {
            int r = p >> 16 & 0xFF, g = p >> 8 & 0xFF, b = p & 0xFF;
            minR = Math.min(minR, r);
            maxR = Math.max(maxR, r);
            minG = Math.min(minG, g);
            maxG = Math.max(maxG, g);
            minB = Math.min(minB, b);
            maxB = Math.max(maxB, b);
        }
        int[] lutR = stretch(minR, maxR);
        int[] lutG = stretch(minG, maxG);
        int[] lutB = stretch(minB, maxB);
        for (int i = 0; i < rgb.length; i++) {
            int p = rgb[i];
            rgb[i] = lutR[p >> 16 & 0xFF] << 16 | lutG[p >> 8 & 0xFF] << 8 | lutB[p & 0xFF];
        }
    }

    private static int[] stretch(int min, int max) {
        int[] lut = new int[256];
        int range = max - min;
        for (int v = 0; v < 256; v++) {
            // integer rounding of (v - min) * 255 / range; values outside min..max do not occur
            lut[v] = range <= 0 ? v : Math.clamp(((v - min) * 510L + range) / (2L * range), 0, 255);
        }
        return lut;
    }

    // ---- Gaussian blur ------------------------------------------------------------------------------------

    static float[] gaussianKernel(int radius, float sigma) {
        float[] k = new float[2 * radius + 1];
        double sum = 0;
        for (int i = -radius; i <= radius; i++) {
            // StrictMath: the kernel is the same on every platform, not just in every run
            double v = StrictMath.exp(-(i * i) / (2.0 * sigma * sigma));
            k[i + radius] = (float) v;
            sum += v;
        }
        for (int i = 0; i < k.length; i++) {
            k[i] = (float) (k[i] / sum);
        }
        return k;
    }

    /**
     * Blurs each channel ({@link #BLUR_PASSES} separable passes in float, edges clamped) and folds the result into
     * grey (Rec. 601 luma, integer weights): the grey image Sobel works on. One channel at a time, so a large image
     * needs two float planes, not six.
     */
    static int[] blurToGrey(int[] rgb, int w, int h) {
        int n = w * h;
        float[] plane = new float[n];
        float[] tmp = new float[n];
        int[] greyAcc = new int[n];
        int[] weights = {299, 587, 114};
        for (int c = 0; c < 3; c++) {
            int shift = 16 - 8 * c;
            for (int i = 0; i < n; i++) {
                plane[i] = rgb[i] >> shift & 0xFF;
            }
            for (int pass = 0; pass < BLUR_PASSES; pass++) {
                horizontal(plane, tmp, w, h);
                vertical(tmp, plane, w, h);
            }
            int weight = weights[c];
            for (int i = 0; i < n; i++) {
                int v = Math.clamp(Math.round(plane[i]), 0, 255);
                greyAcc[i] += weight * v;
            }
        }
        for (int i = 0; i < n; i++) {
            greyAcc[i] = (greyAcc[i] + 500) / 1000;
        }
        return greyAcc;
    }

    // Both passes sum the taps in kernel order for every pixel (the same float result however the loops are
    // arranged); the loops run tap by tap over whole rows so the JIT can vectorise them.

    private static void horizontal(float[] src, float[] dst, int w, int h) {
        float[] k = KERNEL;
        int r = BLUR_RADIUS;
        for (int y = 0; y < h; y++) {
            int row = y * w;
            // the borders, where a tap would fall off the row: clamped to its first or last pixel
            for (int x = 0; x < w; x++) {
                if (x == r && w - r > r) {
                    x = w - r;
                }
                float sum = 0f;
                for (int t = 0; t < k.length; t++) {
                    sum += k[t] * src[row + Math.clamp(x + t - r, 0, w - 1)];
                }
                dst[row + x] = sum;
            }
            // the interior
            for (int x = r; x < w - r; x++) {
                dst[row + x] = 0f;
            }
            for (int t = 0; t < k.length; t++) {
                float kt = k[t];
                int from = row + t - r;
                for (int x = r; x < w - r; x++) {
                    dst[row + x] += kt * src[from + x];
                }
            }
        }
    }

    private static void vertical(float[] src, float[] dst, int w, int h) {
        float[] k = KERNEL;
        int r = BLUR_RADIUS;
        for (int y = 0; y < h; y++) {
            int row = y * w;
            for (int x = 0; x < w; x++) {
                dst[row + x] = 0f;
            }
            for (int t = 0; t < k.length; t++) {
                float kt = k[t];
                int from = Math.clamp(y + t - r, 0, h - 1) * w;
                for (int x = 0; x < w; x++) {
                    dst[row + x] += kt * src[from + x];
                }
            }
        }
    }

    // ---- Sobel --------------------------------------------------------------------------------------------

    /** Gradient magnitude {@code sqrt(gx^2 + gy^2)}, rounded and clamped to 0..255; the one-pixel border is 0. */
    static int[] sobel(int[] grey, int w, int h) {
        int[] out = new int[w * h];
        for (int y = 1; y < h - 1; y++) {
            for (int x = 1; x < w - 1; x++) {
                int i = y * w + x;
                int tl = grey[i - w - 1], t = grey[i - w], tr = grey[i - w + 1];
                int l = grey[i - 1], r = grey[i + 1];
                int bl = grey[i + w - 1], b = grey[i + w], br = grey[i + w + 1];
                int gx = (tr + 2 * r + br) - (tl + 2 * l + bl);
                int gy = (bl + 2 * b + br) - (tl + 2 * t + tr);
                float magnitude = (float) Math.sqrt(gx * gx + gy * gy);
                out[i] = Math.min(255, Math.round(magnitude));
            }
        }
        return out;
    }

    // ---- bilinear resize ----------------------------------------------------------------------------------

    /** Bilinear, pixel centres aligned (as most image libraries), edges clamped; rounded to 0..255. */
    static int[] resize(int[] src, int w, int h, int outW, int outH) {
        int[] out = new int[outW * outH];
        float scaleX = (float) w / outW;
        float scaleY = (float) h / outH;
        for (int y = 0; y < outH; y++) {
            float sy = Math.clamp((y + 0.5f) * scaleY - 0.5f, 0f, h - 1);
            int y0 = (int) sy;
            int y1 = Math.min(y0 + 1, h - 1);
            float fy = sy - y0;
            for (int x = 0; x < outW; x++) {
                float sx = Math.clamp((x + 0.5f) * scaleX - 0.5f, 0f, w - 1);
                int x0 = (int) sx;
                int x1 = Math.min(x0 + 1, w - 1);
                float fx = sx - x0;
                float top = src[y0 * w + x0] + fx * (src[y0 * w + x1] - src[y0 * w + x0]);
                float bottom = src[y1 * w + x0] + fx * (src[y1 * w + x1] - src[y1 * w + x0]);
                out[y * outW + x] = Math.clamp(Math.round(top + fy * (bottom - top)), 0, 255);
            }
        }
        return out;
    }

    // ---- JPEG ---------------------------------------------------------------------------------------------

    /** Baseline JPEG of a grey image stored as RGB (three equal channels), at {@link #JPEG_QUALITY}. */
    static byte[] jpeg(int[] grey, int w, int h) {
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        int[] data = ((DataBufferInt) image.getRaster().getDataBuffer()).getData();
        for (int i = 0; i < data.length; i++) {
            int v = grey[i];
            data[i] = v << 16 | v << 8 | v;
        }
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("jpeg");
        if (!writers.hasNext()) {
            throw new IllegalStateException("this JDK has no JPEG writer");
        }
        ImageWriter writer = writers.next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(16 * 1024);
        try (MemoryCacheImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            ImageWriteParam param = writer.getDefaultWriteParam();
            param.setCompressionMode(ImageWriteParam.MODE_EXPLICIT);
            param.setCompressionQuality(JPEG_QUALITY);
            param.setProgressiveMode(ImageWriteParam.MODE_DISABLED);
            writer.setOutput(out);
            writer.write(null, new IIOImage(image, null, null), param);
        } catch (IOException e) {
            throw new UncheckedIOException("writing a JPEG to memory", e);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }
}
