package io.paradigmlab.lab.profile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * async-profiler's native agent, taken from its Maven artifact on the lab's class path ({@code tools.profiler:
 * async-profiler}: the jar carries {@code linux-x64/libasyncProfiler.so} and the other platforms' libraries),
 * extracted once into {@code .lab/tools/async-profiler-<version>/}, and probed: a short JVM starts with the agent and
 * each CPU sampling event in turn, and the first that starts is used.
 *
 * <p>Why a probe: the {@code cpu} event needs perf_events, which {@code kernel.perf_event_paranoid}, a container's
 * seccomp filter or a VM may refuse; async-profiler then prints an error and the JVM runs on unprofiled. {@code
 * ctimer} (a per-thread CPU-time timer, no perf_events) and {@code itimer} (the process-wide one) need nothing.
 *
 * @param library the extracted library, for {@code -agentpath:}
 * @param version async-profiler's version
 * @param event   the CPU sampling event that started in the probe
 */
public record AsyncProfilerAgent(Path library, String version, String event) {

    /** The CPU sampling events tried, best first (docs: CpuSamplingEngines). */
    static final List<String> EVENTS = List.of("cpu", "ctimer", "itimer");

    private static final String POM_PROPERTIES = "META-INF/maven/tools.profiler/async-profiler/pom.properties";

    /** The agent's option string for a JVM: CPU samples of {@link #event} into {@code recording} (JFR format). */
    public String agentPath(Path recording) {
        return "-agentpath:" + library + "=start,event=" + event + ",file=" + recording + ",jfr";
    }

    /**
     * Extracts and probes the agent.
     *
     * @param tools   the lab's tool folder ({@code <lab home>/.lab/tools})
     * @param java    the {@code java} executable the service JVMs run on
     * @param workDir a folder for the probe's files
     * @throws ProfilerUnavailable with what is wrong, when this platform has no library, it cannot be extracted or
     *                             loaded, or no event starts
     */
    public static AsyncProfilerAgent prepare(Path tools, Path java, Path workDir) {
        String platform = platform();
        String version = bundledVersion();
        Path library = extract(tools.resolve("async-profiler-" + version), platform);
        List<String> failures = new ArrayList<>();
        for (String event : EVENTS) {
            String failure = probe(java, library, event, workDir);
            if (failure == null) {
                return new AsyncProfilerAgent(library, version, event);
            }
            failures.add(event + ": " + failure);
        }
        throw new ProfilerUnavailable("async-profiler " + version + " (" + library + ") started with no CPU event: "
                + String.join("; ", failures));
    }

    /** The library's folder in the artifact for this machine, e.g. {@code linux-x64}. */
    static String platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        if (os.contains("linux") && (arch.equals("amd64") || arch.equals("x86_64"))) {
            return "linux-x64";
        }
        if (os.contains("linux") && (arch.equals("aarch64") || arch.equals("arm64"))) {
            return "linux-arm64";
        }
        if (os.contains("mac")) {
            return "macos";
        }
        throw new ProfilerUnavailable("async-profiler has no library for " + os + " on " + arch
                + " (it ships linux-x64, linux-arm64 and macos)");
    }

    static String bundledVersion() {
        try (InputStream in = AsyncProfilerAgent.class.getClassLoader().getResourceAsStream(POM_PROPERTIES)) {
            if (in == null) {
                throw new ProfilerUnavailable("async-profiler is not on the lab's class path (" + POM_PROPERTIES
                        + " not found): the lab was built without tools.profiler:async-profiler");
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new ProfilerUnavailable("Cannot read async-profiler's version: " + e.getMessage());
        }
    }

    /** Copies the library out of the class path unless a copy of the same size is already there. */
    static Path extract(Path folder, String platform) {
        String resource = platform + "/libasyncProfiler.so";
        Path library = folder.resolve("libasyncProfiler.so");
        try (InputStream in = AsyncProfilerAgent.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new ProfilerUnavailable("async-profiler's jar on the class path has no " + resource);
            }
            byte[] bytes = in.readAllBytes();
            if (Files.isRegularFile(library) && Files.size(library) == bytes.length) {
                return library;
            }
            Files.createDirectories(folder);
            // written beside, then moved: a JVM of another campaign may be loading the library right now
            Path partial = Files.createTempFile(folder, "libasyncProfiler", ".part");
            Files.write(partial, bytes);
            Files.move(partial, library, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            return library;
        } catch (IOException e) {
            throw new ProfilerUnavailable("Cannot extract async-profiler's library into " + folder + ": "
                    + e.getMessage());
        }
    }

    /** Null when a JVM with the agent and {@code event} starts and reports profiling; else what it printed. */
    static String probe(Path java, Path library, String event, Path workDir) {
        try {
            Files.createDirectories(workDir);
            Path recording = workDir.resolve("probe-" + event + ".jfr");
            Path log = workDir.resolve("probe-" + event + ".log");
            Process process = new ProcessBuilder(java.toString(),
                    new AsyncProfilerAgent(library, "", event).agentPath(recording), "-version")
                    .redirectErrorStream(true).redirectOutput(log.toFile()).start();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return "the probe JVM did not exit within 60 s";
            }
            String output = Files.readString(log, StandardCharsets.UTF_8);
            if (process.exitValue() != 0 || !output.contains("Profiling started") || output.contains("[ERROR]")) {
                // the JVM's or the agent's own words, without the version banner of a JVM that ran on unprofiled
                String said = String.join(" / ", output.lines().map(String::trim)
                        .filter(l -> !l.isEmpty() && !l.startsWith("openjdk") && !l.startsWith("OpenJDK"))
                        .limit(3).toList());
                return "exit code " + process.exitValue() + (said.isEmpty() ? "" : ": " + said);
            }
            return null;
        } catch (IOException e) {
            return e.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }

    /** async-profiler cannot run here: the profiling run goes on with JFR alone and the report says why. */
    public static final class ProfilerUnavailable extends RuntimeException {
        public ProfilerUnavailable(String message) {
            super(message);
        }
    }
}
