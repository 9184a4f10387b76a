package io.paradigmlab.lab.campaign;

import io.paradigmlab.lab.launch.Variant;
import io.paradigmlab.lab.load.LoadPlan;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;

/** One line per step of a long campaign: where it is, and roughly how long is left. */
final class Progress {

    /** Start-up, seeding and shutdown of one variant, before the first run measured the real time. */
    private static final Duration FIRST_GUESS_OVERHEAD = Duration.ofSeconds(15);

    private final PrintStream out;
    private final int runs;
    private final LoadPlan plan;
    private final Instant started = Instant.now();
    private int run;
    private String label = "";

    Progress(PrintStream out, int runs, LoadPlan plan) {
        this.out = out;
        this.runs = runs;
        this.plan = plan;
    }

    void beginRun(int rep, int reps, Variant variant) {
        run++;
        label = String.format("[repetition %d/%d, %s, run %d/%d]", rep, reps, variant.id(), run, runs);
        out.printf("%s starting fresh service JVMs and data (about %s left)%n", label, left());
    }

    void phase(String phase, int level) {
        String unit = plan.model() == LoadPlan.Model.CLOSED ? " users" : " req/s";
        if (phase.equals("warmup")) {
            out.printf("%s warm-up at %d%s for %d s%n", label, level, unit, plan.warmupSeconds());
        } else {
            int index = plan.levels().indexOf(level) + 1;
            out.printf("%s level %d%s (%d/%d) for %d s, about %s left%n", label, level, unit, index,
                    plan.levels().size(), plan.durationSeconds(), left());
        }
    }

    void done() {
        out.printf("Campaign done in %s.%n", format(Duration.between(started, Instant.now())));
    }

    private String left() {
        Duration elapsed = Duration.between(started, Instant.now());
        Duration perRun = run <= 1
                ? FIRST_GUESS_OVERHEAD.plusSeconds(plan.totalSeconds())
                : elapsed.dividedBy(run - 1);
        Duration total = perRun.multipliedBy(runs);
        Duration remaining = total.minus(elapsed);
        return format(remaining.isNegative() ? Duration.ZERO : remaining);
    }

    private static String format(Duration d) {
        long s = d.toSeconds();
        return s >= 60 ? String.format("%dm%02ds", s / 60, s % 60) : s + "s";
    }
}
