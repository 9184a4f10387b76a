package io.paradigmlab.lab.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** async-profiler's library from the class path, and the probe's verdicts, on real JVMs. */
@Timeout(120)
class AsyncProfilerAgentTest {

    private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

    @TempDir
    Path dir;

    @Test
    void theLibraryIsExtractedOnceFromTheMavenArtifact() throws Exception {
        String version = AsyncProfilerAgent.bundledVersion();
        assertThat(version).matches("\\d+\\.\\d+.*");
        Path folder = dir.resolve("async-profiler-" + version);
        Path library = AsyncProfilerAgent.extract(folder, AsyncProfilerAgent.platform());
        assertThat(library).isRegularFile();
        assertThat(Files.size(library)).isGreaterThan(100_000);
        var modified = Files.getLastModifiedTime(library);
        Thread.sleep(20);
        assertThat(AsyncProfilerAgent.extract(folder, AsyncProfilerAgent.platform())).isEqualTo(library);
        assertThat(Files.getLastModifiedTime(library)).as("not written again").isEqualTo(modified);
    }

    @Test
    void aMissingLibraryOrAnUnknownEventIsReportedWithTheJvmsOwnWords() throws Exception {
        String missing = AsyncProfilerAgent.probe(JAVA, dir.resolve("nowhere").resolve("libasyncProfiler.so"), "cpu",
                dir);
        assertThat(missing).startsWith("exit code 1").contains("agent library");

        Path library = AsyncProfilerAgent.extract(dir.resolve("lib"), AsyncProfilerAgent.platform());
        // the JVM runs on without profiling: exit code 0, but the agent says why it did not start
        assertThat(AsyncProfilerAgent.probe(JAVA, library, "no-such-event", dir)).contains("[ERROR]");
        assertThat(AsyncProfilerAgent.probe(JAVA, library, "itimer", dir)).as("itimer needs nothing").isNull();
    }
}
