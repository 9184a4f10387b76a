package io.paradigmlab.tweebyte.web.mvc.media;

import io.paradigmlab.common.contract.ApiException;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.Part;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;

/**
 * The servlet side of {@code POST /media/filter}, once for both variants. The part {@code file} is taken as a
 * {@link Part}, with or without a file name (WebFlux sees both as parts too); Spring's {@code MultipartFile} would
 * miss a part sent without one. Tomcat has parsed and size-checked the whole request before the controller runs
 * ({@code spring.servlet.multipart.*}: 413 above 4 MiB) and keeps the part in memory (the file-size threshold is the
 * same 4 MiB), so reading it here is a copy, not I/O.
 */
public final class MediaUploads {

    private MediaUploads() {
    }

    /**
     * The part's bytes, or null when there is no such part ({@code ImagePipeline.filter} answers 400 for it).
     *
     * @throws ApiException.BadRequest {@code Malformed multipart request} when the body has no part at all: Tomcat
     *                                   reads a body without its boundary as zero parts, not as an error
     */
    public static byte[] read(Part part, HttpServletRequest request) {
        if (part == null) {
            try {
                if (request.getParts().isEmpty()) {
                    throw new ApiException.BadRequest(StandardErrors.MALFORMED_MULTIPART);
                }
            } catch (IOException | ServletException e) {
                throw new ApiException.BadRequest(StandardErrors.MALFORMED_MULTIPART);
            }
            return null;
        }
        try (InputStream in = part.getInputStream()) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("reading an uploaded part", e);
        }
    }

    /** 200 {@code image/jpeg}, whatever the request accepted. */
    public static ResponseEntity<byte[]> jpeg(byte[] image) {
        return ResponseEntity.ok().contentType(MediaType.IMAGE_JPEG).body(image);
    }
}
