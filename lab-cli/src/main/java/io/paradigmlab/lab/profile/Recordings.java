package io.paradigmlab.lab.profile;

import io.paradigmlab.lab.results.Profiles;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;
import one.convert.Arguments;
import one.convert.JfrToFlame;

/**
 * Reads the recordings of a profiling run with the JDK's own reader ({@link RecordingFile}), which reads async-
 * profiler's recordings too (they use the same {@code jdk.ExecutionSample} event), and draws the flame graph with
 * async-profiler's converter.
 */
public final class Recordings {

    /** Rows of the top-frames table. */
    public static final int TOP_FRAMES = 15;
    /** Rows of the lock and pinning tables. */
    public static final int TOP_SITES = 8;

    private Recordings() {
    }

    /**
     * The time a summary covers: the profiled level's window, so start-up, JIT compilation of the first minutes and
     * the warm-up do not crowd the tables; null covers the whole recording.
     */
    public record Window(Instant from, Instant to) {

        boolean contains(Instant t) {
            return !t.isBefore(from) && !t.isAfter(to);
        }

        static boolean covers(Window window, RecordedEvent event) {
            return window == null || window.contains(event.getStartTime());
        }
    }

    /**
     * Samples of {@code jdk.ExecutionSample}, the frames most often on top of the stack, and the Java frames most
     * often nearest the top (a native, VM or kernel frame charged to the Java method that called into it; samples of
     * threads without a Java frame, such as the JIT compiler's or the GC's, under {@link #NO_JAVA_FRAME}).
     */
    public record Cpu(long samples, List<Profiles.Frame> topFrames, List<Profiles.Frame> topJavaFrames) {
    }

    /** The Java frame of a sample that has none: a JVM thread (JIT compiler, GC, VM operations). */
    public static final String NO_JAVA_FRAME = "(no Java frame: JIT compiler, GC or other JVM threads)";

    /** The JDK recording's summary: GC, allocation, contention, pinning. */
    public record Jdk(Profiles.Gc gc, double allocationMbPerSecond, Profiles.Locks locks, Profiles.Pinning pinning,
                      long submitFailed) {
    }

    /** Self samples per frame ({@code Class.method}, native frames by their symbol) of the samples in {@code window}. */
    public static Cpu topFrames(Path recording, int limit, Window window) throws IOException {
        Map<String, Long> self = new HashMap<>();
        Map<String, Long> java = new HashMap<>();
        long samples = 0;
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent event = file.readEvent();
                if (!event.getEventType().getName().equals("jdk.ExecutionSample") || !Window.covers(window, event)) {
                    continue;
                }
                samples++;
                RecordedStackTrace stack = event.getStackTrace();
                String top = stack == null || stack.getFrames().isEmpty() ? "(no stack)"
                        : frameName(stack.getFrames().getFirst());
                self.merge(top, 1L, Long::sum);
                String javaTop = stack == null ? NO_JAVA_FRAME : stack.getFrames().stream()
                        .filter(f -> javaFrame(f)).findFirst().map(Recordings::frameName).orElse(NO_JAVA_FRAME);
                java.merge(javaTop, 1L, Long::sum);
            }
        }
        return new Cpu(samples, top(self, samples, limit), top(java, samples, limit));
    }

    private static List<Profiles.Frame> top(Map<String, Long> counts, long total, int limit) {
        return counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry::getKey))
                .limit(limit)
                .map(e -> new Profiles.Frame(e.getKey(), e.getValue(), 100.0 * e.getValue() / total))
                .toList();
    }

    /** A frame of Java code (interpreted, compiled or inlined), not a native, VM or kernel one. */
    static boolean javaFrame(RecordedFrame frame) {
        String kind = frame.getType();
        return frame.getMethod() != null && frame.getMethod().getType() != null
                && !frame.getMethod().getType().getName().isEmpty()
                && (kind == null || !(kind.equals("Native") || kind.equals("C++") || kind.equals("Kernel")));
    }

    /**
     * The event async-profiler sampled with and its engine ({@code cpu (perf_events)}, {@code ctimer}...), from the
     * settings it writes into its recording; null when the recording has none.
     */
    public static String cpuEvent(Path recording) throws IOException {
        String event = null;
        String engine = null;
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                if (!e.getEventType().getName().equals("jdk.ActiveSetting")) {
                    continue;
                }
                String name = e.getString("name");
                if ("event".equals(name)) {
                    event = e.getString("value");
                } else if ("engine".equals(name)) {
                    engine = e.getString("value");
                }
            }
        }
        if (event == null) {
            return null;
        }
        return engine == null || engine.equals(event) ? event : event + " (" + engine + ")";
    }

    /**
     * GC, allocation rate, contended monitors and pinned virtual threads from a JDK recording, of the events that
     * started in {@code window}.
     */
    public static Jdk jdk(Path recording, Window window) throws IOException {
        long collections = 0;
        double pauseTotal = 0;
        double pauseMax = 0;
        long allocatedBytes = 0;
        Instant first = null;
        Instant last = null;
        long lockEvents = 0;
        double lockMs = 0;
        Map<String, double[]> monitors = new HashMap<>();
        long pinnedEvents = 0;
        double pinnedMs = 0;
        Map<String, double[]> pinnedSites = new HashMap<>();
        long submitFailed = 0;
        try (RecordingFile file = new RecordingFile(recording)) {
            while (file.hasMoreEvents()) {
                RecordedEvent e = file.readEvent();
                if (!Window.covers(window, e)) {
                    continue;
                }
                switch (e.getEventType().getName()) {
                    case "jdk.GarbageCollection" -> {
                        collections++;
                        double pause = millis(e.getDuration("sumOfPauses"));
                        pauseTotal += pause;
                        pauseMax = Math.max(pauseMax, millis(e.getDuration("longestPause")));
                    }
                    case "jdk.ObjectAllocationSample" -> {
                        allocatedBytes += e.getLong("weight");
                        first = first == null || e.getStartTime().isBefore(first) ? e.getStartTime() : first;
                        last = last == null || e.getStartTime().isAfter(last) ? e.getStartTime() : last;
                    }
                    case "jdk.JavaMonitorEnter" -> {
                        lockEvents++;
                        double ms = millis(e.getDuration());
                        lockMs += ms;
                        var type = e.getClass("monitorClass");
                        add(monitors, type == null ? "(unknown class)" : type.getName(), ms);
                    }
                    case "jdk.VirtualThreadPinned" -> {
                        pinnedEvents++;
                        double ms = millis(e.getDuration());
                        pinnedMs += ms;
                        add(pinnedSites, pinnedSite(e), ms);
                    }
                    case "jdk.VirtualThreadSubmitFailed" -> submitFailed++;
                    default -> {
                    }
                }
            }
        }
        double seconds = window != null ? Duration.between(window.from(), window.to()).toMillis() / 1000.0
                : first == null ? 0 : Duration.between(first, last).toMillis() / 1000.0;
        double allocationRate = seconds > 0 ? allocatedBytes / (1024.0 * 1024.0) / seconds : Double.NaN;
        return new Jdk(new Profiles.Gc(collections, pauseTotal, pauseMax), allocationRate,
                new Profiles.Locks(lockEvents, lockMs, top(monitors)),
                new Profiles.Pinning(pinnedEvents, pinnedMs, top(pinnedSites)), submitFailed);
    }

    /**
     * Writes async-profiler's interactive flame graph of {@code recording} (CPU samples in {@code window}) to {@code
     * html}.
     *
     * @throws IOException when the recording cannot be read or the page written
     */
    public static void flameGraph(Path recording, Path html, String title, Window window) throws IOException {
        // drawn as an icicle, the root on top, so the widest frames are in view without scrolling down a deep
        // Spring stack (the page's button turns it over); the converter takes a time of 1.5e12 ms or more as epoch
        // milliseconds
        Arguments arguments = window == null ? new Arguments("--title", title, "--inverted")
                : new Arguments("--title", title, "--inverted", "--from", String.valueOf(window.from().toEpochMilli()),
                "--to", String.valueOf(window.to().toEpochMilli()));
        JfrToFlame.convert(recording.toString(), html.toString(), arguments);
    }

    /**
     * Where a virtual thread was pinned: the JDK's reason (JDK 24 on: e.g. a native frame or a class initializer on
     * the stack) and the first frame outside the JDK's own thread machinery, so the row points at the code to change.
     */
    static String pinnedSite(RecordedEvent e) {
        String reason = e.hasField("pinnedReason") ? e.getString("pinnedReason") : null;
        String frame = "(no stack)";
        RecordedStackTrace stack = e.getStackTrace();
        if (stack != null) {
            frame = stack.getFrames().stream().filter(f -> !jdkThreading(f)).findFirst()
                    .map(Recordings::frameName).orElse(stack.getFrames().isEmpty() ? "(no stack)"
                            : frameName(stack.getFrames().getFirst()));
        }
        return (reason == null || reason.isBlank() ? "" : reason + " · ") + frame;
    }

    private static boolean jdkThreading(RecordedFrame frame) {
        RecordedMethod method = frame.getMethod();
        if (method == null || method.getType() == null) {
            return false;
        }
        String type = method.getType().getName();
        return type.equals("java.lang.VirtualThread") || type.equals("java.lang.Thread")
                || type.startsWith("java.util.concurrent.locks.") || type.startsWith("jdk.internal.misc.");
    }

    static String frameName(RecordedFrame frame) {
        RecordedMethod method = frame.getMethod();
        if (method == null) {
            return "(unknown)";
        }
        String type = method.getType() == null ? "" : method.getType().getName();
        String name = type.isEmpty() ? method.getName() : type + "." + method.getName();
        String kind = frame.getType();
        // async-profiler marks native, C++ and kernel frames; Java frames are interpreted, inlined or JIT compiled
        if (kind != null && (kind.equals("Native") || kind.equals("C++") || kind.equals("Kernel"))) {
            return name + " [" + kind.toLowerCase(java.util.Locale.ROOT) + "]";
        }
        return name;
    }

    private static void add(Map<String, double[]> sites, String name, double ms) {
        double[] site = sites.computeIfAbsent(name, k -> new double[2]);
        site[0]++;
        site[1] += ms;
    }

    private static List<Profiles.Site> top(Map<String, double[]> sites) {
        return sites.entrySet().stream()
                .map(e -> new Profiles.Site(e.getKey(), (long) e.getValue()[0], e.getValue()[1]))
                .sorted(Comparator.comparingDouble(Profiles.Site::msTotal).reversed()
                        .thenComparing(Profiles.Site::name))
                .limit(TOP_SITES).toList();
    }

    private static double millis(Duration d) {
        return d == null ? 0 : d.toNanos() / 1e6;
    }
}
