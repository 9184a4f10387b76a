package io.paradigmlab.eshop.domain;

import com.google.zxing.BarcodeFormat;
import com.google.zxing.BinaryBitmap;
import com.google.zxing.DecodeHintType;
import com.google.zxing.EncodeHintType;
import com.google.zxing.FormatException;
import com.google.zxing.NotFoundException;
import com.google.zxing.Result;
import com.google.zxing.client.j2se.BufferedImageLuminanceSource;
import com.google.zxing.client.j2se.MatrixToImageWriter;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.common.HybridBinarizer;
import com.google.zxing.oned.Code128Reader;
import com.google.zxing.oned.Code128Writer;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import javax.imageio.ImageIO;

/**
 * The barcode of {@code GET /products/{id}/barcode} (spec 2.6 #7): ZXing's Code 128 of the product's {@code code},
 * drawn {@value #WIDTH} x {@value #HEIGHT} and written as PNG by ZXing's {@code MatrixToImageWriter} (an AWT image
 * through the JDK's ImageIO: the usual way with ZXing, so the work is what a typical service does). Pure CPU,
 * stateless and thread-safe; the same code always gives the same bytes (the PNG writer adds no time stamp).
 */
public final class Barcodes {

    static {
        // PNGs are written to memory: without this, ImageIO may buffer each one through a temporary file (disk I/O
        // that a reactive variant cannot do on its event loop, so every variant writes in memory alike)
        ImageIO.setUseCache(false);
    }

    public static final int WIDTH = 400;
    public static final int HEIGHT = 120;
    /** Quiet zone on each side, in modules (ZXing's default for 1-D codes, written out so it cannot drift). */
    public static final int MARGIN = 10;
    public static final String MEDIA_TYPE = "image/png";
    /** Longest content accepted: Code 128 readers commonly stop near 80 characters. */
    public static final int MAX_LENGTH = 80;

    private static final Map<EncodeHintType, Object> ENCODE = Map.of(EncodeHintType.MARGIN, MARGIN);
    private static final Map<DecodeHintType, Object> DECODE = Map.of(DecodeHintType.TRY_HARDER, Boolean.TRUE);

    private Barcodes() {
    }

    /**
     * The PNG of the Code 128 barcode of {@code code}.
     *
     * @throws IllegalArgumentException unless {@code code} is 1..{@value #MAX_LENGTH} printable ASCII characters
     */
    public static byte[] code128Png(String code) {
        if (code == null || code.isEmpty() || code.length() > MAX_LENGTH
                || !code.chars().allMatch(c -> c >= 0x20 && c < 0x7f)) {
            throw new IllegalArgumentException("a barcode needs 1 to " + MAX_LENGTH + " printable ASCII characters");
        }
        BitMatrix matrix = new Code128Writer().encode(code, BarcodeFormat.CODE_128, WIDTH, HEIGHT, ENCODE);
        ByteArrayOutputStream out = new ByteArrayOutputStream(2_048);
        try {
            MatrixToImageWriter.writeToStream(matrix, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException("writing a PNG to memory failed", e);
        }
        return out.toByteArray();
    }

    /** The size of a PNG, for checks: {@code [width, height]}. */
    public static int[] size(byte[] png) {
        BufferedImage image = read(png);
        return new int[] {image.getWidth(), image.getHeight()};
    }

    /**
     * Reads the Code 128 barcode back from a PNG (for tests and the behaviour suite: "barcode decodes (ZXing) to
     * {@code code}").
     *
     * @throws IllegalArgumentException when the bytes are not a PNG or hold no readable Code 128
     */
    public static String decode(byte[] png) {
        BufferedImage image = read(png);
        BinaryBitmap bitmap = new BinaryBitmap(new HybridBinarizer(new BufferedImageLuminanceSource(image)));
        try {
            Result result = new Code128Reader().decode(bitmap, DECODE);
            return result.getText();
        } catch (NotFoundException | FormatException e) {
            throw new IllegalArgumentException("no readable Code 128 in the image", e);
        }
    }

    private static BufferedImage read(byte[] png) {
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
            if (image == null) {
                throw new IllegalArgumentException("not an image");
            }
            return image;
        } catch (IOException e) {
            throw new IllegalArgumentException("not a readable image", e);
        }
    }
}
