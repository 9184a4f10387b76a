package io.paradigmlab.lab.campaign;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.profile.AsyncProfilerAgent;
import io.paradigmlab.lab.profile.ProfileShaper;
import io.paradigmlab.lab.results.Profiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real JVM shaped for profiling, as a service JVM is: async-profiler from the lab's class path, probed, then a
 * program that burns CPU in a method of its own; its recordings are read and its flame graph drawn.
 */
@Timeout(120)
class ProfileRunTest {

    private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

    private static final String PROGRAM = """
            public class Burner {
                static volatile double sink;
                public static void main(String[] args) {
                    // 1.5 s of this thread's CPU time, however busy the machine is
                    var threads = java.lang.management.ManagementFactory.getThreadMXBean();
                    while (threads.getCurrentThreadCpuTime() < 1_500_000_000L) {
                        sink += burn();
                    }
                }
                static double burn() {
                    double x = 0;
                    for (int i = 0; i < 100_000; i++) {
                        x += Math.sqrt(i * 31.0 + x);
                    }
                    return x;
                }
            }
            """;

    @TempDir
    Path dir;

    @Test
    void aShapedJvmGetsAFlameGraphTopFramesAndAJdkRecording() throws Exception {
        AsyncProfilerAgent agent = AsyncProfilerAgent.prepare(dir.resolve("tools"), JAVA, dir.resolve("probe"));
        assertThat(agent.library()).isRegularFile().hasFileName("libasyncProfiler.so");
        assertThat(agent.library().getParent().getFileName().toString()).isEqualTo("async-profiler-" + agent.version());
        assertThat(agent.event()).isIn("cpu", "ctimer", "itimer");

        Path variantDir = dir.resolve("report").resolve(Profiling.FOLDER).resolve("async");
        Files.createDirectories(variantDir);
        ProfileShaper shaper = new ProfileShaper(variantDir, "async", agent);
        run(shaper.shape("async user service", List.of(JAVA.toString(), "-cp", writeProgram().toString(), "Burner"), dir.resolve("user.log")));

        Profiles.ServiceProfile profile = ProfileRun.summarize(shaper.started().getFirst(), variantDir, "async", null);
        assertThat(profile.problems()).isEmpty();
        assertThat(profile.service()).isEqualTo("user");
        assertThat(profile.flameGraph()).isEqualTo("profiles/async/user-cpu.html");
        assertThat(profile.cpuRecording()).isEqualTo("profiles/async/user-cpu.jfr");
        assertThat(profile.jfr()).isEqualTo("profiles/async/user.jfr");
        assertThat(profile.cpuEvent()).startsWith(agent.event());
        assertThat(profile.cpuSamples()).as("1.5 s of one busy thread, sampled every 10 ms").isGreaterThan(20);
        // 1.5 s of the program's CPU time, beside the JVM's own start-up, compilations and page faults
        assertThat(profile.topFrames()).extracting(Profiles.Frame::frame).as("the program's own frame is among the"
                + " hottest").contains("Burner.burn");
        assertThat(profile.topJavaFrames()).extracting(Profiles.Frame::frame).contains("Burner.burn");
        assertThat(profile.gc()).isNotNull();
        assertThat(profile.pinning().events()).isZero();

        Path html = dir.resolve("report").resolve(profile.flameGraph());
        // the page's frame names are sorted and stored as tails after the prefix shared with the name before
        assertThat(Files.readString(html)).contains("<canvas", ".burn'", "async · user · CPU samples, "
                + agent.event());
    }

    @Test
    void withoutTheAgentTheJdkExecutionSamplesGiveTheTopFrames() throws Exception {
        Path variantDir = dir.resolve(Profiling.FOLDER).resolve("virtual");
        Files.createDirectories(variantDir);
        ProfileShaper shaper = new ProfileShaper(variantDir, "virtual", null);
        run(shaper.shape("virtual tweet service", List.of(JAVA.toString(), "-cp", writeProgram().toString(), "Burner"), dir.resolve("tweet.log")));

        Profiles.ServiceProfile profile = ProfileRun.summarize(shaper.started().getFirst(), variantDir, "virtual", null);
        assertThat(profile.flameGraph()).isNull();
        assertThat(profile.cpuRecording()).isNull();
        assertThat(profile.jfr()).isEqualTo("profiles/virtual/tweet.jfr");
        assertThat(profile.cpuEvent()).startsWith("jdk.ExecutionSample");
        assertThat(profile.topFrames()).extracting(Profiles.Frame::frame).contains("Burner.burn");
    }

    /** The program compiled here (the source launcher would compile it inside the profiled JVM): its class folder. */
    private Path writeProgram() throws IOException {
        Path source = dir.resolve("src").resolve("Burner.java");
        Path classes = dir.resolve("classes");
        Files.createDirectories(source.getParent());
        Files.createDirectories(classes);
        Files.writeString(source, PROGRAM);
        int status = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(),
                source.toString());
        assertThat(status).as("javac Burner.java").isZero();
        return classes;
    }

    private void run(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("jvm.log").toFile()).start();
        assertThat(process.waitFor(90, TimeUnit.SECONDS)).as("the JVM finished").isTrue();
        assertThat(process.exitValue()).as(Files.readString(dir.resolve("jvm.log"))).isZero();
    }
}
