package io.paradigmlab.tweebyte.async.tweet;

import io.paradigmlab.tweebyte.async.common.Db;
import io.paradigmlab.tweebyte.domain.Ids;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.tweebyte.domain.media.ImagePipeline;
import io.paradigmlab.tweebyte.domain.media.MediaJob;
import io.paradigmlab.tweebyte.domain.media.MediaJobRequest;
import io.paradigmlab.tweebyte.domain.media.MediaJobRules;
import io.paradigmlab.tweebyte.jdbc.BlockingMediaJobs;
import io.paradigmlab.tweebyte.jdbc.MediaJobWorkers;
import io.paradigmlab.tweebyte.security.Caller;
import io.paradigmlab.tweebyte.web.mvc.media.MediaUploads;
import io.paradigmlab.tweebyte.domain.media.RetryLater;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.Part;
import java.net.URI;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import org.springframework.beans.factory.annotation.Qualifier;
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
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;
import tools.jackson.databind.json.JsonMapper;

/**
 * The tweet service's media endpoints (docs/api/tweebyte.md "Media"), answering with futures: the image pipeline on
 * the {@code cpu} executor, every job statement on the db executor, the events stream pumped by a timer.
 */
@RestController
public class MediaController {

    private final ThreadPoolExecutor cpu;
    private final Db db;
    private final BlockingMediaJobs jobs;
    private final MediaJobWorkers workers;
    private final ScheduledExecutorService timer;
    private final Duration pollInterval;
    private final JsonMapper json;

    public MediaController(@Qualifier("cpu") ThreadPoolExecutor cpu, Db db, BlockingMediaJobs jobs,
                           MediaJobWorkers workers, @Qualifier("events") ScheduledExecutorService timer,
                           @Value("${tweebyte.media.jobs.poll-interval:200ms}") Duration pollInterval, JsonMapper json) {
        this.cpu = cpu;
        this.db = db;
        this.jobs = jobs;
        this.workers = workers;
        this.timer = timer;
        this.pollInterval = pollInterval;
        this.json = json;
    }

    @PostMapping(path = "/media/filter", consumes = MediaType.MULTIPART_FORM_DATA_VALUE)
    CompletableFuture<ResponseEntity<byte[]>> filter(Caller caller,
                                                     @RequestPart(name = ImagePipeline.FILE_PART, required = false)
                                                     Part file,
                                                     HttpServletRequest request) {
        byte[] upload = MediaUploads.read(file, request);
        try {
            return CompletableFuture.supplyAsync(() -> ImagePipeline.filter(upload), cpu).thenApply(MediaUploads::jpeg);
        } catch (RejectedExecutionException e) {
            throw RetryLater.media(StandardErrors.OVERLOADED);
        }
    }

    @PostMapping(path = "/media/jobs", consumes = MediaType.APPLICATION_JSON_VALUE)
    CompletableFuture<ResponseEntity<MediaJob>> submit(Caller caller, @RequestBody MediaJobRequest body) {
        return db.run(() -> jobs.submit(caller.userId(), body)).thenApply(submitted -> {
            MediaJob job = submitted.orElseThrow(() -> RetryLater.media(MediaJobRules.QUEUE_FULL));
            workers.wake();
            return ResponseEntity.accepted().location(URI.create("/media/jobs/" + job.id())).body(job);
        });
    }

    @GetMapping("/media/jobs/{id}")
    CompletableFuture<MediaJob> job(Caller caller, @PathVariable String id) {
        UUID jobId = Ids.parse("id", id);
        return db.run(() -> jobs.get(caller.userId(), jobId));
    }

    @DeleteMapping("/media/jobs/{id}")
    CompletableFuture<MediaJob> cancel(Caller caller, @PathVariable String id) {
        UUID jobId = Ids.parse("id", id);
        return db.run(() -> jobs.cancel(caller.userId(), jobId));
    }

    /** 400/403/404 before the stream starts; then the events, no thread held between polls. */
    @GetMapping("/media/jobs/{id}/events")
    CompletableFuture<ResponseEntity<ResponseBodyEmitter>> events(Caller caller, @PathVariable String id) {
        UUID jobId = Ids.parse("id", id);
        return db.run(() -> jobs.get(caller.userId(), jobId)).thenApply(job -> {
            // no timeout: the stream ends with the job (bounded by the job timeout once it runs)
            ResponseBodyEmitter emitter = new ResponseBodyEmitter(0L);
            new JobEventsPump(emitter, jobs, db, timer, pollInterval, json).start(job);
            return ResponseEntity.ok().contentType(MediaType.TEXT_EVENT_STREAM).body(emitter);
        });
    }
}
