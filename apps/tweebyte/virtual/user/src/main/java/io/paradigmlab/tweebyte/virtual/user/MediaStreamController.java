package io.paradigmlab.tweebyte.virtual.user;

import io.micrometer.core.instrument.MeterRegistry;
import io.paradigmlab.tweebyte.domain.media.MediaStream;
import io.paradigmlab.tweebyte.security.Caller;
import io.paradigmlab.tweebyte.web.mvc.media.MediaStreaming;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /media/} and {@code /media} (docs/api/tweebyte.md "Media"): produced on the request's virtual thread,
 * which parks between chunks (its carrier is free meanwhile).
 */
@RestController
public class MediaStreamController {

    private final MediaStreaming streaming;

    public MediaStreamController(MeterRegistry registry,
                                 @Value("${tweebyte.media.stream.bytes-per-second:" + MediaStream.DEFAULT_BYTES_PER_SECOND
                                         + "}") long bytesPerSecond) {
        this.streaming = new MediaStreaming(registry, bytesPerSecond);
    }

    @GetMapping({"/media", "/media/"})
    void stream(Caller caller, HttpServletResponse response) throws IOException {
        response.setContentType(MediaType.APPLICATION_OCTET_STREAM_VALUE);
        response.setContentLengthLong(MediaStream.TOTAL_BYTES);
        streaming.writeTo(response.getOutputStream());
    }
}
