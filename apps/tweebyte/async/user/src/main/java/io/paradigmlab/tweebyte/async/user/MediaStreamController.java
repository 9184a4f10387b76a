package io.paradigmlab.tweebyte.async.user;

import io.paradigmlab.tweebyte.security.Caller;
import io.paradigmlab.tweebyte.web.mvc.media.MediaStreaming;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * {@code GET /media/} and {@code /media} (docs/api/tweebyte.md "Media"): the request thread returns at once; the
 * body is produced on the {@code stream} executor (Spring MVC's async executor here), which the producer holds,
 * writing and parking, for the whole stream.
 */
@RestController
public class MediaStreamController {

    private final MediaStreaming streaming;

    public MediaStreamController(MediaStreaming streaming) {
        this.streaming = streaming;
    }

    @GetMapping({"/media", "/media/"})
    ResponseEntity<StreamingResponseBody> stream(Caller caller) {
        return ResponseEntity.ok().headers(MediaStreaming.headers()).body(streaming::writeTo);
    }
}
