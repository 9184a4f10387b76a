package io.paradigmlab.lab.load;

import io.paradigmlab.lab.infra.LabException;
import java.util.List;
import java.util.Locale;

/**
 * The load of one repetition: a warm-up, then each level for a fixed window, back to back.
 *
 * @param model           {@link Model#CLOSED}: N users, each sending its next request as soon as the last answer
 *                        came (the seeds' model); {@link Model#OPEN}: arrivals at a fixed rate whatever the answers;
 *                        {@link Model#BATCH}: N users started at once, each running the scenario {@code iterations}
 *                        times back to back, the level lasting until the last one is done (seed 002's JMeter plan:
 *                        400 users x 10 requests; throughput is the requests over that makespan)
 * @param levels          users (closed) or requests per second (open), ascending
 * @param warmupSeconds   load before the first level, at {@link #warmupLevel()}; never measured
 * @param durationSeconds measured window of each level; in the batch model the longest a batch may take
 * @param timeoutMillis   a request without an answer after this long is a timeout (an error)
 * @param iterations      batch model: scenario iterations per user; 0 in the other models
 */
public record LoadPlan(Model model, List<Integer> levels, int warmupSeconds, int durationSeconds, int timeoutMillis,
                       int iterations) {

    public enum Model {
        CLOSED, OPEN, BATCH;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Model parse(String text) {
            for (Model m : values()) {
                if (m.id().equalsIgnoreCase(text)) {
                    return m;
                }
            }
            throw new LabException("Unknown load model '" + text + "': choose closed, open or batch");
        }
    }

    public LoadPlan {
        if (levels.isEmpty()) {
            throw new LabException("At least one level is needed");
        }
        for (int i = 0; i < levels.size(); i++) {
            if (levels.get(i) < 1) {
                throw new LabException("Levels must be positive, got " + levels.get(i));
            }
            if (i > 0 && levels.get(i) <= levels.get(i - 1)) {
                throw new LabException("Levels must be strictly ascending, got " + levels);
            }
        }
        if (warmupSeconds < 0 || durationSeconds < 1) {
            throw new LabException("Warm-up must be >= 0 s and each level's duration >= 1 s");
        }
        if (model == Model.BATCH ? iterations < 1 : iterations != 0) {
            throw new LabException(model == Model.BATCH ? "The batch model needs at least one iteration per user"
                    : "Iterations per user belong to the batch model");
        }
        levels = List.copyOf(levels);
    }

    /** The closed or open model. */
    public LoadPlan(Model model, List<Integer> levels, int warmupSeconds, int durationSeconds, int timeoutMillis) {
        this(model, levels, warmupSeconds, durationSeconds, timeoutMillis, 0);
    }

    /** Whether a level's intensity is users (closed, batch) rather than requests per second (open). */
    public boolean users() {
        return model != Model.OPEN;
    }

    /**
     * The warm-up's intensity. Closed model: the highest level, so the JIT has compiled the hot paths and every pool
     * has grown before the first level is measured (a few seconds at one user leave the code interpreted, and the
     * first level measures the compiler). Open model: the first level, because a rate the system cannot sustain
     * would leave a queue behind for the first measured level.
     */
    public int warmupLevel() {
        return model != Model.OPEN ? levels.getLast() : levels.getFirst();
    }

    /** Seconds of load in one repetition. */
    public int totalSeconds() {
        return warmupSeconds + levels.size() * durationSeconds;
    }
}
