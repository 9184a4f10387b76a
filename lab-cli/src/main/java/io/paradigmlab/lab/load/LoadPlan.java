package io.paradigmlab.lab.load;

import io.paradigmlab.lab.api.LabException;
import java.util.List;
import java.util.Locale;

/**
 * The load of one repetition: a warm-up, then each level for a fixed window, back to back; or, for a soak, a warm-up
 * and one level held for a long window cut into consecutive slices of equal length ({@link #soak}).
 *
 * @param model           {@link Model#CLOSED}: N users, each sending its next request as soon as the last answer
 *                        came (the seeds' model); {@link Model#OPEN}: arrivals at a fixed rate whatever the answers
 * @param levels          users (closed) or requests per second (open), ascending
 * @param warmupSeconds   load before the first level, at {@link #warmupLevel()}; never measured
 * @param durationSeconds measured window of each level (of a soak: the whole soak window)
 * @param timeoutMillis   a request without an answer after this long is a timeout (an error)
 * @param slices          1: each level is one window; more: the one level's window is cut into this many consecutive
 *                        slices of {@link #sliceSeconds()} each, every slice measured on its own (a soak)
 */
public record LoadPlan(Model model, List<Integer> levels, int warmupSeconds, int durationSeconds, int timeoutMillis,
                       int slices) {

    /**
     * The slices a soak's window is cut into when each is at least {@link #MIN_SLICE_SECONDS} long: twenty, so that
     * a fifth of the window (the soak analysis compares the first with the last) is four slices, and a 30-minute soak
     * has slices of 90 s, long enough for a stable p99 at a few hundred requests per second.
     */
    public static final int SOAK_SLICES = 20;
    /**
     * The shortest slice: five 1-second resource samples (four once the first, which reaches back before the slice,
     * is left out) and a histogram of its own. A soak too short for {@link #SOAK_SLICES} slices this long gets 15,
     * 10 or 5 of them (a multiple of five, so every fifth is whole slices).
     */
    public static final int MIN_SLICE_SECONDS = 5;
    /** The fewest slices of a soak: one per fifth. */
    public static final int MIN_SOAK_SLICES = 5;

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

    /** Each level one window. */
    public LoadPlan(Model model, List<Integer> levels, int warmupSeconds, int durationSeconds, int timeoutMillis) {
        this(model, levels, warmupSeconds, durationSeconds, timeoutMillis, 1);
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
        if (slices < 1) {
            throw new LabException("A level's window is at least one slice, got " + slices);
        }
        if (slices > 1 && (levels.size() != 1 || durationSeconds % slices != 0)) {
            throw new LabException("A soak holds one level for a window of whole slices of equal length; got levels "
                    + levels + " and " + durationSeconds + " s in " + slices + " slices");
        }
        levels = List.copyOf(levels);
    }

    /**
     * A soak: {@code level} held for about {@code soakSeconds} after the warm-up, in {@link #SOAK_SLICES} slices (or
     * 15, 10 or 5 when slices would be shorter than {@link #MIN_SLICE_SECONDS}), each of whole seconds: the window is
     * {@code soakSeconds} rounded down to a multiple of the slice count ({@link #durationSeconds()} says how long).
     *
     * @throws LabException when {@code soakSeconds} cannot hold {@link #MIN_SOAK_SLICES} slices of
     *                      {@link #MIN_SLICE_SECONDS}
     */
    public static LoadPlan soak(Model model, int level, int warmupSeconds, int soakSeconds, int timeoutMillis) {
        int slices = soakSlices(soakSeconds);
        return new LoadPlan(model, List.of(level), warmupSeconds, soakSeconds / slices * slices, timeoutMillis,
                slices);
    }

    /** How many slices a soak of {@code soakSeconds} gets: see {@link #soak}. */
    public static int soakSlices(int soakSeconds) {
        if (soakSeconds < MIN_SOAK_SLICES * MIN_SLICE_SECONDS) {
            throw new LabException("A soak needs at least " + MIN_SOAK_SLICES * MIN_SLICE_SECONDS + " s (" + MIN_SOAK_SLICES
                    + " slices of " + MIN_SLICE_SECONDS + " s, so that its first and last fifths can be compared), got "
                    + soakSeconds + " s");
        }
        int slices = SOAK_SLICES;
        while (soakSeconds / slices < MIN_SLICE_SECONDS) {
            slices -= MIN_SOAK_SLICES;
        }
        return slices;
    }

    /** Whether this plan is a soak: one level, its window in several slices. */
    public boolean soak() {
        return slices > 1;
    }

    /** The length of one measured slice: the level's whole window unless this is a soak. */
    public int sliceSeconds() {
        return durationSeconds / slices;
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
