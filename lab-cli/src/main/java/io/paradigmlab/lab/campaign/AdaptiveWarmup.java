package io.paradigmlab.lab.campaign;

import io.paradigmlab.lab.data.DataFiles;
import io.paradigmlab.lab.results.SteadyState;
import io.paradigmlab.lab.results.WarmupRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The adaptive warm-up (docs/methodology.md, "Steady state"): load in short windows at the warm-up level until two
 * successive windows agree ({@link SteadyState#agree}: throughput within the band, the JIT compiler's share of the CPU
 * under the limit) or the cap is reached. Where the windows come from is a {@link WindowSource}, so the stopping rule
 * is tested without services.
 */
final class AdaptiveWarmup {

    /** Runs one warm-up window of the given length and says what it saw. */
    @FunctionalInterface
    interface WindowSource {
        WarmupRun.Window next(int seconds);
    }

    private AdaptiveWarmup() {
    }

    /**
     * Warms up until two successive windows agree or {@code steady.capSeconds()} would be exceeded: at most
     * {@code capSeconds / windowSeconds} windows (at least one), each of {@code windowSeconds}.
     */
    static WarmupRun run(String variant, int repetition, SteadyState steady, WindowSource source,
                         Consumer<String> note) {
        int most = Math.max(1, steady.capSeconds() / steady.windowSeconds());
        List<WarmupRun.Window> windows = new ArrayList<>();
        double seconds = 0;
        for (int i = 0; i < most; i++) {
            WarmupRun.Window w = source.next(steady.windowSeconds());
            windows.add(w);
            seconds += w.seconds();
            note.accept(String.format(java.util.Locale.ROOT, "  warm-up window %d: %.1f req/s, JIT %s of the"
                    + " services' CPU", i + 1, w.throughput(), Double.isNaN(w.jitShare()) ? "share unknown"
                    : String.format(java.util.Locale.ROOT, "%.1f %%", w.jitShare() * 100)));
            if (i > 0) {
                WarmupRun.Window before = windows.get(i - 1);
                if (steady.agree(before.throughput(), before.jitShare(), w.throughput(), w.jitShare())) {
                    note.accept(String.format(java.util.Locale.ROOT, "  steady after %.0f s of warm-up", seconds));
                    return new WarmupRun(variant, repetition, true, seconds, true, windows);
                }
            }
        }
        note.accept(String.format(java.util.Locale.ROOT, "  not steady after %.0f s of warm-up (the cap): measuring"
                + " anyway, the report flags its windows by their own JIT share", seconds));
        return new WarmupRun(variant, repetition, true, seconds, false, windows);
    }

    /**
     * Copies the scenario's data files from {@code from} to {@code to}, each CSV file's rows (after its header)
     * rotated so that the copy starts {@code rows} rows further on (modulo its rows); other files as they are. Each
     * warm-up window, and the measured levels after them, are runs of their own whose {@code pick: next} cursors
     * start at the first row: without the rotation they would draw the rows an earlier window used, and a write
     * scenario's second use of a row fails (a follow that exists answers 409).
     */
    static void rotate(Path from, Path to, long rows) {
        DataFiles.copyShifted(from, to, rows);
    }
}
