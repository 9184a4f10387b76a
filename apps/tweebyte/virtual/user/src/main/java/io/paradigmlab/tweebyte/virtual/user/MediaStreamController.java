package io.paradigmlab.tweebyte.virtual.user;

import io.micrometer.core.instrument.MeterRegistry;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.tweebyte.domain.media.MediaStream;
import io.paradigmlab.tweebyte.security.Caller;
import io.paradigmlab.tweebyte.web.mvc.media.ExecutorMetrics;
import io.paradigmlab.tweebyte.web.mvc.media.MediaStreaming;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.core.env.Environment;
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
                                         + "}") long bytesPerSecond,
                                 Environment env) {
        int maxRequests = StandardErrors.WEB.inFlightLimit(
                env.getProperty(StandardErrors.WEB.maxInFlightProperty(), Integer.class)).max();
        this.streaming = new MediaStreaming(registry, bytesPerSecond);
        // a virtual thread per stream, no pool: the streams in progress are the "stream" pool's load, bounded only
        // by the requests in flight (the other variants' 1,000 stream threads)
        ExecutorMetrics.gauges(registry, "stream", streaming, MediaStreaming::active, s -> maxRequests, s -> 0);
        ExecutorMetrics.utilization(registry, "stream", streaming, s -> (double) s.active() / maxRequests);
    }

    @GetMapping({"/media", "/media/"})
    void stream(Caller caller, HttpServletResponse response) throws IOException {
        response.setContentType(MediaType.APPLICATION_OCTET_STREAM_VALUE);
        response.setContentLengthLong(MediaStream.TOTAL_BYTES);
        streaming.writeTo(response.getOutputStream());
    }
}
