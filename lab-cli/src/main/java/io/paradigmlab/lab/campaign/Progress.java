package io.paradigmlab.lab.campaign;

import io.paradigmlab.lab.load.HyperfoilDriver;
import io.paradigmlab.lab.load.LoadPlan;
import io.paradigmlab.lab.load.ScenarioLoad;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;

/** One line per step of a long campaign: where it is, and roughly how long is left. */
final class Progress {

    /** Start-up, seeding and shutdown of one variant, before the first run measured the real time. */
    private static final Duration FIRST_GUESS_OVERHEAD = Duration.ofSeconds(25);

    private final PrintStream out;
    private final int runs;
    private final LoadPlan plan;
    private final Instant started = Instant.now();
    private Instant firstRunStarted;
    private Instant runStarted;
    private int run;
    private String label = "";

    Progress(PrintStream out, int runs, LoadPlan plan) {
        this.out = out;
        this.runs = runs;
        this.plan = plan;
    }

    void beginRun(int rep, int reps, String variant) {
        startRun();
        label = String.format("[repetition %d/%d, %s, run %d/%d]", rep, reps, variant, run, runs);
        out.printf("%s starting fresh service JVMs on a fresh copy of the data (about %s left)%n", label, left());
    }

    void phase(String phase, int level) {
        String unit = plan.model() == LoadPlan.Model.CLOSED ? " users" : " req/s";
        if (phase.equals("warmup")) {
            out.printf("%s warm-up at %d%s for %d s%n", label, level, unit, plan.warmupSeconds());
        } else if (phase.startsWith(ScenarioLoad.SOAK_SLICE)) {
            out.printf("%s soak at %d%s, slice %s/%d of %d s, about %s left%n", label, level, unit,
                    phase.substring(ScenarioLoad.SOAK_SLICE.length()), plan.slices(), plan.sliceSeconds(), left());
        } else {
            int index = plan.levels().indexOf(level) + 1;
            out.printf("%s level %d%s (%d/%d) for %d s, about %s left%n", label, level, unit, index,
                    plan.levels().size(), plan.durationSeconds(), left());
        }
    }

    /** The start of an adaptive warm-up at {@code level}: windows of {@code window} s, at most {@code cap} s. */
    void adaptiveWarmup(int level, int window, int cap) {
        String unit = plan.model() == LoadPlan.Model.CLOSED ? " users" : " req/s";
        out.printf("%s warm-up at %d%s in windows of %d s until two agree (at most %d s)%n", label, level, unit, window,
                cap);
    }

    /** A run on an external target: nothing to start. */
    void beginTargetRun(int rep, int reps, String target) {
        startRun();
        label = String.format("[repetition %d/%d, %s (external), run %d/%d]", rep, reps, target, run, runs);
        out.printf("%s (about %s left)%n", label, left());
    }

    void note(String line) {
        out.println(line);
    }

    /** What the load generator reports while a run goes on: each phase, and remarks on the data it used. */
    HyperfoilDriver.Progress loadProgress() {
        return new HyperfoilDriver.Progress() {
            @Override
            public void phaseStarted(String phase, int level) {
                phase(phase, level);
            }

            @Override
            public void note(String line) {
                Progress.this.note(label + " warning: " + line);
            }
        };
    }

    /** What the load generator reports during an adaptive warm-up's windows: its remarks only, no phase lines. */
    HyperfoilDriver.Progress quietLoadProgress() {
        return new HyperfoilDriver.Progress() {
            @Override
            public void phaseStarted(String phase, int level) {
            }

            @Override
            public void note(String line) {
                Progress.this.note(label + " warning: " + line);
            }
        };
    }

    void done() {
        out.printf("Campaign done in %s.%n", format(Duration.between(started, Instant.now())));
    }

    private void startRun() {
        run++;
        runStarted = Instant.now();
        if (firstRunStarted == null) {
            firstRunStarted = runStarted;
        }
    }

    /** Runs still to do (this one included) at the mean length of the finished ones, minus this one's progress. */
    private String left() {
        if (runStarted == null) {
            return format(FIRST_GUESS_OVERHEAD.plusSeconds(plan.totalSeconds()).multipliedBy(runs));
        }
        int finished = run - 1;
        Duration perRun = finished == 0
                ? FIRST_GUESS_OVERHEAD.plusSeconds(plan.totalSeconds())
                : Duration.between(firstRunStarted, runStarted).dividedBy(finished);
        Duration remaining = perRun.multipliedBy(runs - finished).minus(Duration.between(runStarted, Instant.now()));
        return format(remaining.isNegative() ? Duration.ZERO : remaining);
    }

    private static String format(Duration d) {
        long s = d.toSeconds();
        return s >= 60 ? String.format("%dm%02ds", s / 60, s % 60) : s + "s";
    }
}
