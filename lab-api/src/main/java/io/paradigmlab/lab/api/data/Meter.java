package io.paradigmlab.lab.api.data;

import io.paradigmlab.lab.api.DataGenerator;
import java.util.Locale;

/** Progress lines for a long generation: per table, with rows per second, at most one line every two seconds. */
public final class Meter {

    private static final long INTERVAL_NANOS = 2_000_000_000L;

    private final DataGenerator.Progress progress;
    private long lastReport = System.nanoTime();

    public Meter(DataGenerator.Progress progress) {
        this.progress = progress;
    }

    public synchronized void line(String line) {
        progress.report(line);
        lastReport = System.nanoTime();
    }

    /** A table's progress; printed only when the last line is two seconds old (or {@code force}). */
    public synchronized void rows(String table, long done, long total, long startedNanos, boolean force) {
        long now = System.nanoTime();
        if (!force && now - lastReport < INTERVAL_NANOS) {
            return;
        }
        lastReport = now;
        double seconds = Math.max(1e-3, (now - startedNanos) / 1e9);
        progress.report(String.format(Locale.ROOT, "%s %,d/%,d (%,.0f rows/s)%s", table, done, Math.max(done, total),
                done / seconds, force ? String.format(Locale.ROOT, " in %.1f s", seconds) : ""));
    }

    /** Whether a progress line is due (cheap: callers ask every few thousand rows). */
    public boolean due() {
        return System.nanoTime() - lastReport >= INTERVAL_NANOS;
    }
}
