package io.paradigmlab.tweebyte.reactive.tweet;

import io.paradigmlab.tweebyte.domain.media.ImagePipeline;
import io.paradigmlab.tweebyte.domain.media.MediaJob;
import io.paradigmlab.tweebyte.domain.media.MediaJobRequest;
import io.paradigmlab.tweebyte.security.Caller;
import io.paradigmlab.tweebyte.web.flux.MultipartForms;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * The tweet service's media endpoints (docs/api/tweebyte.md, "Media"): the image pipeline and the background jobs.
 * A {@link Caller} parameter (always first) means: a valid token is required.
 */
@RestController
public class MediaController {

    /** The events' media type, without a charset parameter: the frames are ASCII framing around UTF-8 JSON. */
    static final MediaType EVENT_STREAM = MediaType.TEXT_EVENT_STREAM;

    private final ImageFilter images;
    private final MediaJobService jobs;

    public MediaController(ImageFilter images, MediaJobService jobs) {
        this.images = images;
        this.jobs = jobs;
    }

    /**
     * The multipart body was parsed (and size-checked: 413 above 4 MiB, 400 when malformed) before the controller
     * ran, by {@code MultipartFirstFilter}; a body that is not multipart never gets here (415).
     */
    @PostMapping(path = "/media/filter", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    Mono<ResponseEntity<byte[]>> filter(Caller caller, ServerWebExchange exchange) {
        return MultipartForms.parts(exchange)
                .flatMap(parts -> images.filter(parts.getFirst(ImagePipeline.FILE_PART)))
                .map(jpeg -> ResponseEntity.ok().contentType(MediaType.IMAGE_JPEG).body(jpeg));
    }

    @PostMapping(path = "/media/jobs", consumes = MediaType.APPLICATION_JSON_VALUE)
    Mono<ResponseEntity<MediaJob>> submit(Caller caller, @RequestBody MediaJobRequest body) {
        return jobs.submit(caller, body).map(job -> ResponseEntity.status(HttpStatus.ACCEPTED)
                .location(URI.create("/media/jobs/" + job.id())).body(job));
    }

    @GetMapping("/media/jobs/{id}")
    Mono<MediaJob> job(Caller caller, @PathVariable String id) {
        return jobs.get(caller, id);
    }

    @DeleteMapping("/media/jobs/{id}")
    Mono<MediaJob> cancel(Caller caller, @PathVariable String id) {
        return jobs.cancel(caller, id);
    }

    /**
     * Written as bytes, each frame flushed as it comes, not through Spring's {@code ServerSentEvent} encoder, whose
     * framing differs from {@code SseFrames}' (every variant sends the same bytes). The checks (400, 403, 404) answer
     * before the stream starts.
     */
    @GetMapping("/media/jobs/{id}/events")
    Mono<Void> events(Caller caller, @PathVariable String id, ServerHttpResponse response) {
        return jobs.events(caller, id).flatMap(frames -> {
            DataBufferFactory buffers = response.bufferFactory();
            response.setStatusCode(HttpStatus.OK);
            response.getHeaders().setContentType(EVENT_STREAM);
            return response.writeAndFlushWith(frames.map(frame -> Mono.<DataBuffer>just(
                    buffers.wrap(frame.getBytes(StandardCharsets.UTF_8)))));
        });
    }
}
