package io.paradigmlab.lab.profile;

import io.paradigmlab.lab.launch.AotCache;
import io.paradigmlab.lab.launch.ServiceProcess;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns profiling on in every service JVM it shapes (the profiling run's launcher is
 * {@link io.paradigmlab.lab.launch.ServiceLauncher#shapedBy shaped by} it): a JDK Flight Recording with the
 * lab's settings into {@code <dir>/<jvm>.jfr} and, when the agent is available, async-profiler's CPU samples into
 * {@code <dir>/<jvm>-cpu.jfr}. Both files are written when the JVM exits (the lab stops service JVMs with SIGTERM, so
 * shutdown hooks and the agent's VM-death callback run).
 */
public final class ProfileShaper implements ServiceProcess.Shaper {

    /**
     * The JDK recording's settings: the JDK's {@code profile} template (execution samples every 10 ms, allocation
     * samples, GC phases) with every virtual thread pinning recorded however short, contended monitor enters from 1
     * ms (the template's 10 ms hides most contention of a web service), and failed virtual thread submissions.
     */
    static final List<String> JFR_SETTINGS = List.of("settings=profile", "jdk.VirtualThreadPinned#enabled=true",
            "jdk.VirtualThreadPinned#threshold=0ms", "jdk.VirtualThreadSubmitFailed#enabled=true",
            "jdk.JavaMonitorEnter#enabled=true", "jdk.JavaMonitorEnter#threshold=1ms");

    private final Path dir;
    private final String variant;
    private final AsyncProfilerAgent agent;
    private final Map<String, Files> started = new LinkedHashMap<>();

    /** The files a shaped JVM writes. */
    public record Files(String jvm, Path jfr, Path cpuRecording) {
    }

    /**
     * @param dir     the folder for the recordings (a comma in it would split the JVM options: refused)
     * @param variant the variant whose JVMs are shaped: its name is left out of the files' names
     * @param agent   async-profiler, or null to record JFR alone
     */
    public ProfileShaper(Path dir, String variant, AsyncProfilerAgent agent) {
        if (dir.toString().contains(",") || dir.toString().contains("=")) {
            throw new IllegalArgumentException("A profile folder must not contain ',' or '=': " + dir);
        }
        this.dir = dir;
        this.variant = variant;
        this.agent = agent;
    }

    @Override
    public synchronized List<String> shape(String name, List<String> command, Path log) {
        String jvm = unique(fileName(name, variant));
        Path jfr = dir.resolve(jvm + ".jfr");
        Path cpu = agent == null ? null : dir.resolve(jvm + "-cpu.jfr");
        started.put(jvm, new Files(jvm, jfr, cpu));
        List<String> flags = new ArrayList<>();
        flags.add("-XX:StartFlightRecording:filename=" + jfr + ",dumponexit=true," + String.join(",", JFR_SETTINGS));
        if (agent != null) {
            // frames between safepoints too, so the flame graph is not biased towards safepoint polls
            flags.add("-XX:+UnlockDiagnosticVMOptions");
            flags.add("-XX:+DebugNonSafepoints");
            flags.add(agent.agentPath(cpu));
        }
        // a recording started with the JVM needs a module the AOT cache was not trained with: the cache is used where
        // it can be (a profiling run is no measurement), rather than the JVM refusing to start
        List<String> relaxed = command.stream()
                .map(word -> word.equals(AotCache.STRICT) ? AotCache.RELAXED : word).toList();
        return withJvmFlags(relaxed, flags);
    }

    /** The JVMs shaped so far, in the order they started. */
    public synchronized List<Files> started() {
        return List.copyOf(started.values());
    }

    /**
     * A JVM's name as a file name: without the variant and the words "service" and "server", the rest joined by
     * '-' ({@code async user service} is {@code user}, {@code platform inventory service #2} is {@code inventory-2}).
     */
    static String fileName(String jvmName, String variant) {
        List<String> words = new ArrayList<>();
        for (String word : jvmName.trim().split("\\s+")) {
            String w = word.replaceAll("[^A-Za-z0-9_.-]", "");
            if (!w.isEmpty() && !w.equals(variant) && !w.equals("service") && !w.equals("server")) {
                words.add(w);
            }
        }
        return words.isEmpty() ? "jvm" : String.join("-", words);
    }

    private String unique(String name) {
        String candidate = name;
        for (int i = 2; started.containsKey(candidate); i++) {
            candidate = name + "-" + i;
        }
        return candidate;
    }

    /**
     * {@code command} with {@code flags} right after the {@code java} executable: the first element named {@code java}
     * (another shaper may have put e.g. {@code taskset -c 2-5} before it), else the first element.
     */
    static List<String> withJvmFlags(List<String> command, List<String> flags) {
        int java = 0;
        for (int i = 0; i < command.size(); i++) {
            String file = Path.of(command.get(i)).getFileName() == null ? "" : Path.of(command.get(i)).getFileName()
                    .toString();
            if (file.equals("java") || file.equals("java.exe")) {
                java = i;
                break;
            }
        }
        List<String> out = new ArrayList<>(command.subList(0, java + 1));
        out.addAll(flags);
        out.addAll(command.subList(java + 1, command.size()));
        return out;
    }
}
