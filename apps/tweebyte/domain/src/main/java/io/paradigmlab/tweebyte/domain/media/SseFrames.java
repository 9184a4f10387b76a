package io.paradigmlab.tweebyte.domain.media;

import java.util.Locale;

/**
 * The exact text of one server-sent event of {@code GET /media/jobs/{id}/events}, so every variant writes the same
 * bytes instead of each framework's own spelling (spaces after the colons, field order, comments).
 */
public final class SseFrames {

    private SseFrames() {
    }

    /**
     * {@code event:<state in lower case>\nid:<progress>\ndata:<json>\n\n}.
     *
     * @param json the job as the service's JSON, on one line (a line break would end the {@code data:} field)
     */
    public static String frame(MediaJob job, String json) {
        if (json.indexOf('\n') >= 0 || json.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("an event's data must be one line of JSON");
        }
        return "event:" + job.state().name().toLowerCase(Locale.ROOT) + "\nid:" + job.progress() + "\ndata:" + json
                + "\n\n";
    }
}
