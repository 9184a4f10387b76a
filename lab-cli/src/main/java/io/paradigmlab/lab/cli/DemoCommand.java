package io.paradigmlab.lab.cli;

import java.nio.file.Path;
import picocli.CommandLine.Command;

/** {@code ./lab demo}: the quick campaign for a new user, a few minutes on a 2-core laptop. */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "A small user-summary campaign on the three variants (3 repetitions, 1 and 16 users, short windows),"
                + " then prints where the report is. For real numbers use ./lab run with the defaults.")
final class DemoCommand implements Runnable {

    @Override
    public void run() {
        RunCommand run = new RunCommand();
        run.app = "tweebyte";
        run.scenario = "user-summary";
        run.variants = null;
        run.model = "closed";
        // two levels, no start-up probe: a fresh clone's demo (build and AOT training included) measured 5m54s with
        // 1/4/16 users and a probe on a busy 2-core machine, over its five minutes
        run.levels = "1,16";
        run.reps = 3;
        // 3 s windows keep a fresh clone's demo (build and AOT training included) under its five minutes; the fixed
        // warm-up leaves the JIT compiling in the first windows, and the report flags those levels "not steady"
        // (no ranking) rather than rank what it cannot support: an adaptive warm-up would add 10 s or more per run
        run.warmup = "3s";
        run.steadyJitShare = io.paradigmlab.lab.results.SteadyState.JIT_SHARE_LIMIT;
        run.duration = "3s";
        run.scale = "quick";
        run.noise = "off";
        run.verify = "on";
        run.startupProbe = "off"; // a probe costs the demo ~35 s even in the first repetition only
        run.seed = 42;
        run.security = "off";
        run.errorThreshold = 0.01;
        run.timeout = "5s";
        run.output = Path.of("runs");
        Path dir = run.execute();
        System.out.println();
        System.out.println("Report:   " + dir.resolve("report.html"));
        System.out.println("Data:     " + dir.resolve("campaign.json") + ", " + dir.resolve("measurements.csv")
                + ", " + dir.resolve("summary.csv"));
        System.out.println("Numbers from a demo are indicative only: windows of seconds on a shared machine.");
    }
}
