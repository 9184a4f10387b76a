package io.paradigmlab.tweebyte.lab;

import io.paradigmlab.lab.api.CeilingBenchmark;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.Ceiling;
import io.paradigmlab.tweebyte.mediabench.PipelineCeiling;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code cpu} scenario's CPU ceiling: the media-bench module's JMH benchmark of {@code ImagePipeline.filter} on
 * {@code SampleImage.png(256, 256)}, one thread, no HTTP ({@link PipelineCeiling}).
 *
 * <p>JMH forks a benchmark JVM with its caller's class path, which the lab's jar (a Spring Boot jar of nested jars)
 * cannot give. So the lab runs {@link PipelineCeiling#main} from the module's flat, shaded jar
 * ({@code apps/tweebyte/media-bench/target/tweebyte-media-bench.jar}, which {@code ./lab} builds) as a process of its
 * own, and that forks one JVM with the services' flags: the honest number. Without that jar it measures in the lab's
 * own JVM ({@code forks = 0}) and says so in the recorded method.
 */
final class PipelineCeilingBenchmark implements CeilingBenchmark {

    /** Warm-up before the measurement: enough for C2 to compile the pipeline's loops (a few hundred runs). */
    static final Duration WARMUP = Duration.ofSeconds(3);
    /** The measured time: five 1-second iterations, so JMH gives an error. */
    static final Duration MEASUREMENT = Duration.ofSeconds(5);
    static final int FORKS = 1;

    private static final Pattern LINE = Pattern.compile(
            "ops_per_second_per_thread=([0-9.]+|NaN) error=([0-9.]+|NaN) cores=(\\d+) jvm=(.*)");

    private final Path shadedJar;

    PipelineCeilingBenchmark(Path repoRoot) {
        this.shadedJar = repoRoot.resolve("apps/tweebyte/media-bench/target/tweebyte-media-bench.jar");
    }

    @Override
    public String description() {
        return "ImagePipeline.filter on SampleImage.png(256, 256), one thread, JMH (tweebyte-media-bench)";
    }

    @Override
    public Ceiling measure(Consumer<String> progress) {
        if (Files.isRegularFile(shadedJar)) {
            progress.accept("JMH from " + shadedJar.getFileName() + ": warm-up " + WARMUP.toSeconds() + " s, "
                    + MEASUREMENT.toSeconds() + " s measured, " + FORKS + " fork");
            return forked();
        }
        progress.accept(shadedJar + " is missing (./mvnw install -pl apps/tweebyte/media-bench builds it): measuring"
                + " in the lab's own JVM, without a fork");
        PipelineCeiling.Ceiling c = PipelineCeiling.measure(WARMUP, MEASUREMENT, 0);
        return new Ceiling(description(), c.opsPerSecondPerThread(), c.error(), c.cores(), c.jvm(),
                "JMH throughput, 1 thread, warm-up " + WARMUP.toSeconds() + " s, " + MEASUREMENT.toSeconds()
                        + " s measured, forks 0: in the lab's JVM (no forked JVM could start from the lab's jar and"
                        + " the shaded media-bench jar was not built), so the JIT profile is shared with the lab");
    }

    private Ceiling forked() {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "-cp", shadedJar.toString(), PipelineCeiling.class.getName(),
                Long.toString(WARMUP.toSeconds()), Long.toString(MEASUREMENT.toSeconds()), Integer.toString(FORKS));
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new LabException("The CPU ceiling benchmark failed (" + String.join(" ", command) + "):\n"
                        + output.strip());
            }
            Matcher m = null;
            for (String line : output.split("\n")) {
                Matcher candidate = LINE.matcher(line.strip());
                if (candidate.matches()) {
                    m = candidate;
                }
            }
            if (m == null) {
                throw new LabException("The CPU ceiling benchmark printed no result line:\n" + output.strip());
            }
            return new Ceiling(description(), Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2)),
                    Integer.parseInt(m.group(3)), m.group(4).strip(),
                    "JMH throughput, 1 thread, warm-up " + WARMUP.toSeconds() + " s, " + MEASUREMENT.toSeconds()
                            + " s measured in 1 s iterations, " + FORKS + " fork with the services' JVM flags ("
                            + String.join(" ", PipelineCeiling.FORK_JVM_ARGS) + ")");
        } catch (IOException e) {
            throw new LabException("Cannot run the CPU ceiling benchmark: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("Interrupted while measuring the CPU ceiling", e);
        }
    }
}
