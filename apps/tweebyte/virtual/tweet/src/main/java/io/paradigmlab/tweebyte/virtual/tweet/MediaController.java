package io.paradigmlab.tweebyte.virtual.tweet;

import io.paradigmlab.tweebyte.domain.Ids;
import io.paradigmlab.tweebyte.domain.media.ImagePipeline;
import io.paradigmlab.tweebyte.domain.media.MediaJob;
import io.paradigmlab.tweebyte.domain.media.MediaJobRequest;
import io.paradigmlab.tweebyte.domain.media.MediaJobRules;
import io.paradigmlab.tweebyte.domain.media.SseFrames;
import io.paradigmlab.tweebyte.jdbc.BlockingMediaJobs;
import io.paradigmlab.tweebyte.jdbc.MediaJobWorkers;
import io.paradigmlab.tweebyte.security.Caller;
import io.paradigmlab.tweebyte.web.mvc.media.MediaUploads;
import io.paradigmlab.tweebyte.domain.media.RetryLater;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.Part;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestPart;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tweet service's media endpoints (docs/api/tweebyte.md "Media") on the request's virtual thread: the pipeline
 * behind the {@link CpuGate}, the job statements inline, the events stream written and polled by this thread.
 */
@RestController
public class MediaController {

    private final CpuGate cpu;
    private final BlockingMediaJobs jobs;
    private final MediaJobWorkers workers;
    private final Duration pollInterval;
    private final JsonMapper json;

    public MediaController(CpuGate cpu, BlockingMediaJobs jobs, MediaJobWorkers workers,
                           @Value("${tweebyte.media.jobs.poll-interval:200ms}") Duration pollInterval, JsonMapper json) {
        this.cpu = cpu;
        this.jobs = jobs;
        this.workers = workers;
        this.pollInterval = pollInterval;
        this.json = json;
    }

    @PostMapping(path = "/media/filter", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    ResponseEntity<byte[]> filter(Caller caller,
                                  @RequestPart(name = ImagePipeline.FILE_PART, required = false) Part file,
                                  HttpServletRequest request) {
        byte[] upload = MediaUploads.read(file, request);
        return MediaUploads.jpeg(cpu.run(() -> ImagePipeline.filter(upload)));
    }

    @PostMapping(path = "/media/jobs", consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<MediaJob> submit(Caller caller, @RequestBody MediaJobRequest body) {
        MediaJob job = jobs.submit(caller.userId(), body)
                .orElseThrow(() -> RetryLater.media(MediaJobRules.QUEUE_FULL));
        workers.wake();
        return ResponseEntity.accepted().location(URI.create("/media/jobs/" + job.id())).body(job);
    }

    @GetMapping("/media/jobs/{id}")
    MediaJob job(Caller caller, @PathVariable String id) {
        return jobs.get(caller.userId(), Ids.parse("id", id));
    }

    @DeleteMapping("/media/jobs/{id}")
    MediaJob cancel(Caller caller, @PathVariable String id) {
        return jobs.cancel(caller.userId(), Ids.parse("id", id));
    }

    /**
     * 400/403/404 before the stream starts; then the first event at once, a FIND every poll interval, an event when
     * the state or progress changed, and the end after a terminal state's event. A failed write (the client went
     * away) ends it.
     */
    @GetMapping("/media/jobs/{id}/events")
    void events(Caller caller, @PathVariable String id, HttpServletResponse response)
            throws IOException, InterruptedException {
        UUID jobId = Ids.parse("id", id);
        MediaJob job = jobs.get(caller.userId(), jobId);
        response.setContentType(MediaType.TEXT_EVENT_STREAM_VALUE);
        OutputStream out = response.getOutputStream();
        try {
            send(out, job);
            while (!job.state().terminal()) {
                Thread.sleep(pollInterval);
                MediaJob next = jobs.poll(jobId).orElse(null);
                if (next == null) {
                    return;
                }
                if (BlockingMediaJobs.changed(job, next)) {
                    send(out, next);
                }
                job = next;
            }
        } catch (IOException e) {
            // the client went away: nothing more to tell it
        }
    }

    private void send(OutputStream out, MediaJob job) throws IOException {
        out.write(SseFrames.frame(job, json.writeValueAsString(job)).getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
