package io.paradigmlab.tweebyte.async.tweet;

import io.paradigmlab.tweebyte.async.common.Db;
import io.paradigmlab.tweebyte.domain.media.MediaJob;
import io.paradigmlab.tweebyte.domain.media.SseFrames;
import io.paradigmlab.tweebyte.jdbc.BlockingMediaJobs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;
import tools.jackson.databind.json.JsonMapper;

/**
 * One {@code GET /media/jobs/{id}/events} stream of the async variant: the first event at once, then every poll
 * interval a FIND on the db executor (the timer only schedules), an event when the state or progress changed, and the
 * end after a terminal state's event. A failed write (the client went away) or a failed poll ends it. Frames are
 * {@link SseFrames}' bytes, sent as they are.
 */
final class JobEventsPump {

    private final ResponseBodyEmitter emitter;
    private final BlockingMediaJobs jobs;
    private final Db db;
    private final ScheduledExecutorService timer;
    private final long pollNanos;
    private final JsonMapper json;
    private volatile boolean ended;
    private MediaJob last;

    JobEventsPump(ResponseBodyEmitter emitter, BlockingMediaJobs jobs, Db db, ScheduledExecutorService timer,
                  Duration pollInterval, JsonMapper json) {
        this.emitter = emitter;
        this.jobs = jobs;
        this.db = db;
        this.timer = timer;
        this.pollNanos = pollInterval.toNanos();
        this.json = json;
        emitter.onCompletion(() -> ended = true);
        emitter.onError(error -> ended = true);
        emitter.onTimeout(() -> ended = true);
    }

    void start(MediaJob job) {
        send(job);
    }

    private void send(MediaJob job) {
        last = job;
        try {
            emitter.send(SseFrames.frame(job, json.writeValueAsString(job)).getBytes(StandardCharsets.UTF_8));
        } catch (IOException | IllegalStateException e) {
            ended = true; // the client went away, or the request ended otherwise
            return;
        }
        if (job.state().terminal()) {
            end();
        } else {
            schedule();
        }
    }

    private void schedule() {
        if (ended) {
            return;
        }
        try {
            timer.schedule(this::poll, pollNanos, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException e) {
            end(); // shutting down
        }
    }

    private void poll() {
        if (ended) {
            return;
        }
        try {
            db.run(() -> jobs.poll(last.id())).whenComplete((found, error) -> {
                if (error != null || found.isEmpty()) {
                    end();
                } else if (BlockingMediaJobs.changed(last, found.get())) {
                    send(found.get());
                } else {
                    schedule();
                }
            });
        } catch (RejectedExecutionException e) {
            end(); // the db executor is full: overload; the client may open the stream again
        }
    }

    private void end() {
        ended = true;
        try {
            emitter.complete();
        } catch (IllegalStateException e) {
            // completed already
        }
    }
}
