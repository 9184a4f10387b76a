package io.paradigmlab.lab.cli;

import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code ./lab demo}: the quick campaign for a new user, a few minutes on a 2-core laptop. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "A small user-summary campaign on the three variants (3 repetitions, 1 and 16 users, short windows),"
                + " then prints where the report is. For real numbers use ./lab run with the defaults.")
final class DemoCommand implements Runnable {

    /**
     * The demo's campaign, as the arguments of {@code ./lab run}: parsed by picocli, so every option the demo does
     * not name takes its documented default (a field set by hand would miss a default added later).
     *
     * <p>Two levels and no start-up probe: a fresh clone's demo (build and AOT training included) measured 5m54s with
     * 1/4/16 users and a probe on a busy 2-core machine, over its five minutes. 3 s windows after a fixed 3 s warm-up
     * leave the JIT compiling: the report flags those levels "not steady" (no ranking) rather than rank what it
     * cannot support; an adaptive warm-up would add 10 s or more per run.
     */
    static final List<String> ARGS = List.of("tweebyte", "--scenario", "user-summary", "--model", "closed",
            "--levels", "1,16", "--reps", "3", "--warmup", "3s", "--duration", "3s", "--scale", "quick",
            "--noise", "off", "--verify", "on", "--startup-probe", "off", "--seed", "42", "--security", "off",
            "--error-threshold", "0.01", "--timeout", "5s", "--output", "runs");

    /** The {@code ./lab run} command the demo runs. */
    static RunCommand command() {
        return CommandLine.populateCommand(new RunCommand(), ARGS.toArray(String[]::new));
    }

    @Override
    public void run() {
        RunCommand run = command();
        Path dir = run.execute();
        System.out.println();
        System.out.println("Report:   " + dir.resolve("report.html"));
        System.out.println("Data:     " + dir.resolve("campaign.json") + ", " + dir.resolve("measurements.csv")
                + ", " + dir.resolve("summary.csv"));
        System.out.println("Numbers from a demo are indicative only: windows of seconds on a shared machine.");
    }
}
