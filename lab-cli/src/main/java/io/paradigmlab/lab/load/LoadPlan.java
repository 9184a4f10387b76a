package io.paradigmlab.lab.load;

import io.paradigmlab.lab.infra.LabException;
import java.util.List;
import java.util.Locale;

/**
 * The load of one repetition: a warm-up, then each level for a fixed window, back to back.
 *
 * @param model           {@link Model#CLOSED}: N users, each sending its next request as soon as the last answer
 *                        came (the seeds' model); {@link Model#OPEN}: arrivals at a fixed rate whatever the answers
 * @param levels          users (closed) or requests per second (open), ascending
 * @param warmupSeconds   load before the first level, at {@link #warmupLevel()}; never measured
 * @param durationSeconds measured window of each level
 * @param timeoutMillis   a request without an answer after this long is a timeout (an error)
 */
public record LoadPlan(Model model, List<Integer> levels, int warmupSeconds, int durationSeconds, int timeoutMillis) {

    public enum Model {
        CLOSED, OPEN;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        public static Model parse(String text) {
            for (Model m : values()) {
                if (m.id().equalsIgnoreCase(text)) {
                    return m;
                }
            }
            throw new LabException("Unknown load model '" + text + "': choose closed or open");
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
        levels = List.copyOf(levels);
    }

    /**
     * The warm-up's intensity. Closed model: the highest level, so the JIT has compiled the hot paths and every pool
     * has grown before the first level is measured (a few seconds at one user leave the code interpreted, and the
     * first level measures the compiler). Open model: the first level, because a rate the system cannot sustain
     * would leave a queue behind for the first measured level.
     */
    public int warmupLevel() {
        return model == Model.CLOSED ? levels.getLast() : levels.getFirst();
    }

    /** Seconds of load in one repetition. */
    public int totalSeconds() {
        return warmupSeconds + levels.size() * durationSeconds;
    }
}
