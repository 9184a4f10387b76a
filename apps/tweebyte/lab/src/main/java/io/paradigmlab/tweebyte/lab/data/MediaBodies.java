package io.paradigmlab.tweebyte.lab.data;

import io.paradigmlab.tweebyte.domain.media.ImagePipeline;
import io.paradigmlab.tweebyte.domain.media.SampleImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The request body of the {@code cpu} scenario, written beside the CSV files: Hyperfoil has no multipart builder, so
 * the scenario sends these bytes as they are ({@code body: {fromFile: ...}}) with the {@link #CONTENT_TYPE} header.
 * The image is seed 001's input, {@link SampleImage#png(int, int) SampleImage.png(256, 256)}: every request does the
 * same computation, and the same on every variant.
 */
public final class MediaBodies {

    /** The file the {@code cpu} scenario sends. */
    public static final String FILTER_BODY = "media-filter.multipart";

    /** The multipart boundary: no byte sequence of the PNG can contain it (it is ASCII text, checked on writing). */
    public static final String BOUNDARY = "paradigmlab-media-filter-boundary";

    /** The {@code Content-Type} the scenario sends with {@link #FILTER_BODY}. */
    public static final String CONTENT_TYPE = "multipart/form-data; boundary=" + BOUNDARY;

    /** Seed 001, section 5.2: "a single 256 x 256 RGB input image". */
    public static final int IMAGE_SIZE = 256;

    private MediaBodies() {
    }

    /** The multipart body: one part {@code file} holding the sample PNG. */
    public static byte[] filterBody() {
        byte[] png = SampleImage.png(IMAGE_SIZE, IMAGE_SIZE);
        String boundaryLine = "--" + BOUNDARY;
        if (new String(png, StandardCharsets.ISO_8859_1).contains(boundaryLine)) {
            throw new IllegalStateException("The sample image contains the multipart boundary");
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream(png.length + 256);
        body.writeBytes((boundaryLine + "\r\nContent-Disposition: form-data; name=\"" + ImagePipeline.FILE_PART
                + "\"; filename=\"sample.png\"\r\nContent-Type: image/png\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
        body.writeBytes(png);
        body.writeBytes(("\r\n" + boundaryLine + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return body.toByteArray();
    }

    /** Writes {@link #FILTER_BODY} into the scenario data folder. */
    public static void write(Path dataDir) throws IOException {
        Files.createDirectories(dataDir);
        Files.write(dataDir.resolve(FILTER_BODY), filterBody());
    }
}
