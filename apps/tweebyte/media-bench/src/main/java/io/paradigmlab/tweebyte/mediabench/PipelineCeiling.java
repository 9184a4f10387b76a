package io.paradigmlab.tweebyte.mediabench;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The machine's ceiling for the {@code cpu} scenario, measured with {@link ImagePipelineBenchmark} through JMH's
 * Java API: how many pipelines per second one thread completes, with nothing else in the way. A variant's
 * {@code POST /media/filter} throughput divided by {@code opsPerSecondPerThread * cores} says how much of the
 * machine's CPU the variant turns into results.
 *
 * <p>Forks: a forked JVM ({@code forks >= 1}) is the honest number: a fresh JVM with the services' heap and GC
 * flags, its JIT profile not polluted by whatever ran before in the caller. JMH starts a fork with the caller's
 * {@code java.class.path}, so it needs a flat class path holding this module, the domain and JMH (Maven's test
 * class path, the shaded {@code tweebyte-media-bench.jar}); from a Spring Boot fat jar a fork cannot start: run
 * {@link #main(String[])} from the shaded jar as a process instead, or pass {@code forks = 0}. {@code forks = 0}
 * measures inside the calling JVM (quick, for tests and previews; JMH warns that it is not a benchmark's number).
 */
public final class PipelineCeiling {

    /**
     * The JVM flags of a fork: the services' (docs/adr/0004-equal-settings.md, {@code ServiceProcess.DEFAULT_JVM_ARGS}
     * of the lab), so the ceiling is measured under the heap and collector the services run with.
     */
    public static final List<String> FORK_JVM_ARGS =
            List.of("-Xms256m", "-Xmx1g", "-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError");

    /** Warmup and measurement are cut into iterations of at most this long (JMH reports one sample per iteration). */
    static final Duration MAX_ITERATION = Duration.ofSeconds(1);

    /**
     * @param opsPerSecondPerThread pipelines per second on one thread (mean over the measured iterations and forks)
     * @param error                 half-width of JMH's 99.9 % confidence interval of that mean; NaN when there were
     *                              too few iterations for one
     * @param cores                 {@code availableProcessors()} of the measuring JVM
     * @param jvm                   the JVM that measured: name and version
     */
    public record Ceiling(double opsPerSecondPerThread, double error, int cores, String jvm) {

        /** The single-thread rate times the cores: the most {@code POST /media/filter} the machine could answer. */
        public double opsPerSecondAllCores() {
            return opsPerSecondPerThread * cores;
        }
    }

    private PipelineCeiling() {
    }

    /** {@link #measure(Duration, Duration, int, boolean)}, without JMH's progress on standard output. */
    public static Ceiling measure(Duration warmup, Duration measurement, int forks) {
        return measure(warmup, measurement, forks, false);
    }

    /**
     * Runs {@link ImagePipelineBenchmark} once per fork: {@code warmup} then {@code measurement}, each cut into
     * iterations of at most one second (at least three measured, so JMH can give an error).
     *
     * @param forks   JVMs to measure in, each for the whole warmup and measurement; 0 measures in this JVM
     * @param verbose JMH's progress on standard output
     */
    public static Ceiling measure(Duration warmup, Duration measurement, int forks, boolean verbose) {
        if (warmup.isNegative() || measurement.isZero() || measurement.isNegative()) {
            throw new IllegalArgumentException("warmup must be at least 0 and measurement more than 0, was "
                    + warmup + " and " + measurement);
        }
        if (forks < 0) {
            throw new IllegalArgumentException("forks must be at least 0, was " + forks);
        }
        int warmupIterations = warmup.isZero() ? 0 : iterations(warmup, 1);
        // JMH gives no confidence interval for fewer than three samples
        int measurementIterations = iterations(measurement, 3);
        OptionsBuilder builder = new OptionsBuilder();
        builder.include("^" + ImagePipelineBenchmark.class.getName().replace(".", "\\.") + "\\.")
                .threads(1)
                .forks(forks)
                .warmupIterations(warmupIterations)
                .measurementIterations(measurementIterations)
                .measurementTime(time(measurement, measurementIterations))
                .timeUnit(TimeUnit.SECONDS)
                .jvmArgs(FORK_JVM_ARGS.toArray(String[]::new))
                .verbosity(verbose ? VerboseMode.NORMAL : VerboseMode.SILENT)
                .shouldFailOnError(true);
        if (warmupIterations > 0) {
            builder.warmupTime(time(warmup, warmupIterations));
        }
        Options options = builder.build();
        Collection<RunResult> results;
        try {
            results = new Runner(options).run();
        } catch (RunnerException e) {
            throw new IllegalStateException("the media pipeline benchmark failed: " + e.getMessage(), e);
        }
        if (results.size() != 1) {
            throw new IllegalStateException("expected one benchmark result, got " + results.size());
        }
        RunResult run = results.iterator().next();
        Result<?> primary = run.getPrimaryResult();
        // the forks' JVM is this JVM's (JMH starts the same java binary), so name and cores are the same
        String jvm = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version");
        return new Ceiling(primary.getScore(), primary.getScoreError(), Runtime.getRuntime().availableProcessors(),
                jvm);
    }

    static int iterations(Duration total, int least) {
        long perIteration = MAX_ITERATION.toNanos();
        return (int) Math.max(least, (total.toNanos() + perIteration - 1) / perIteration);
    }

    private static TimeValue time(Duration total, int iterations) {
        return TimeValue.milliseconds(Math.max(1, total.toMillis() / iterations));
    }

    /**
     * From a shell or a parent process: {@code java -cp tweebyte-media-bench.jar
     * io.paradigmlab.tweebyte.mediabench.PipelineCeiling [warmup-seconds] [measurement-seconds] [forks]} (defaults
     * 10, 10, 1). Prints one line, {@code ops_per_second_per_thread=<n> error=<n> cores=<n> jvm=<name>}.
     */
    public static void main(String[] args) {
        Duration warmup = Duration.ofSeconds(args.length > 0 ? Long.parseLong(args[0]) : 10);
        Duration measurement = Duration.ofSeconds(args.length > 1 ? Long.parseLong(args[1]) : 10);
        int forks = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        Ceiling c = measure(warmup, measurement, forks, false);
        System.out.println(String.format(Locale.ROOT, "ops_per_second_per_thread=%.2f error=%.2f cores=%d jvm=%s",
                c.opsPerSecondPerThread(), c.error(), c.cores(), c.jvm()));
    }
}
