package io.paradigmlab.lab.results;

/**
 * One slice of a soak's window (docs/methodology.md, "Soak"): the one level held for a long window is cut into
 * consecutive slices of equal length, each measured on its own, so that the soak analysis can follow every number
 * over time. The whole window is also measured as a level, among the campaign's measurements.
 *
 * @param slice        1-based position in the window
 * @param startSeconds when the slice started, in seconds after the first slice started
 * @param measurement  what the load tool and the sampler saw in the slice, as for a level: its own latency histogram,
 *                     throughput, means of the 1-second resource samples inside it, and a verdict (pools not kept)
 */
public record SoakSlice(int slice, double startSeconds, LevelMeasurement measurement) {

    public String variant() {
        return measurement.variant();
    }

    public int repetition() {
        return measurement.repetition();
    }

    /** The slice's middle, in seconds after the first slice started: where its means sit on the time axis. */
    public double midSeconds() {
        return startSeconds + measurement.durationSeconds() / 2;
    }
}
