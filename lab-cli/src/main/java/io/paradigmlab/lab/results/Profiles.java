package io.paradigmlab.lab.results;

import java.time.Instant;
import java.util.List;

/**
 * The profiling runs of a campaign ({@code ./lab run ... --profile}, docs/methodology.md "Profiles"): after the
 * measured repetitions, each launched variant ran once more at one level with a JFR recording and async-profiler in
 * every service JVM. Nothing here is part of the measured results: profiling costs CPU and changes timings, so these
 * runs only explain where the time goes.
 *
 * @param level       the level every variant was profiled at
 * @param levelChoice why that level: given with --profile-level, or the highest level every variant found OK in every
 *                    measured repetition, or the lowest when none was
 * @param profiler    async-profiler's version and the CPU sampling event it used ({@code cpu} through perf_events
 *                    where the kernel allows it, else {@code ctimer} or {@code itimer}), or why it could not run
 * @param variants    one per launched variant, in the campaign's order
 */
public record Profiles(int level, String levelChoice, String profiler, List<VariantProfile> variants) {

    public Profiles {
        variants = variants == null ? List.of() : List.copyOf(variants);
    }

    /**
     * One variant's profiling run.
     *
     * @param variant     the variant
     * @param error       why the run failed (the variant did not start, the load failed...), or null when it ran
     * @param requests    requests sent at the profiled level (warm-up excluded), for orientation only
     * @param throughput  answered requests per second at that level, with the profilers on: not comparable with the
     *                    measured throughput
     * @param from        when the profiled level began: the tables and flame graphs cover samples from here...
     * @param to          ...to here (both null when the run failed before: then they cover the whole recording);
     *                    the recordings themselves hold the JVMs' whole lives
     * @param services    one per service JVM of the variant that was started (gateway included when it ran)
     */
    public record VariantProfile(String variant, String error, long requests, double throughput, Instant from,
                                 Instant to, List<ServiceProfile> services) {

        public VariantProfile {
            services = services == null ? List.of() : List.copyOf(services);
        }
    }

    /**
     * One service JVM's profile. Paths are relative to the report's folder.
     *
     * @param service        the JVM's name ({@code user}, {@code gateway}, {@code inventory-2}...)
     * @param flameGraph     the interactive CPU flame graph (HTML), or null when async-profiler recorded nothing
     * @param cpuRecording   async-profiler's recording (JFR format), or null
     * @param jfr            the JDK Flight Recorder recording, or null when the JVM wrote none
     * @param cpuEvent       the CPU sampling event async-profiler used and its engine, e.g. {@code cpu (perf_events)}
     * @param cpuSamples     CPU samples in async-profiler's recording (0 when none)
     * @param topFrames      the frames with the most self samples (where the CPU time is spent), most first
     * @param topJavaFrames  the Java frames nearest the top of the most samples (native and VM time charged to the
     *                       Java caller; JVM threads without Java frames as one row), most first
     * @param gc             garbage collections, from the JDK recording
     * @param allocationMbPerSecond the allocation rate estimated from {@code jdk.ObjectAllocationSample} weights
     * @param locks          contended monitor enters ({@code jdk.JavaMonitorEnter}) of 1 ms or more
     * @param pinning        virtual threads pinned to their carrier ({@code jdk.VirtualThreadPinned}, every duration)
     * @param submitFailed   {@code jdk.VirtualThreadSubmitFailed} events: a virtual thread could not be scheduled
     * @param problems       what went wrong with this JVM's profilers (empty when nothing did)
     */
    public record ServiceProfile(String service, String flameGraph, String cpuRecording, String jfr, String cpuEvent,
                                 long cpuSamples, List<Frame> topFrames, List<Frame> topJavaFrames, Gc gc,
                                 double allocationMbPerSecond,
                                 Locks locks, Pinning pinning, long submitFailed, List<String> problems) {

        public ServiceProfile {
            topFrames = topFrames == null ? List.of() : List.copyOf(topFrames);
            topJavaFrames = topJavaFrames == null ? List.of() : List.copyOf(topJavaFrames);
            problems = problems == null ? List.of() : List.copyOf(problems);
        }
    }

    /** A frame and the samples in which it was on top of the stack (self time). */
    public record Frame(String frame, long samples, double percent) {
    }

    /** Collections: how many, their pauses summed, the longest pause. */
    public record Gc(long collections, double pauseMsTotal, double pauseMsMax) {
    }

    /** Contended monitor enters: how many, their time summed, the monitor classes most waited on. */
    public record Locks(long events, double msTotal, List<Site> topMonitors) {

        public Locks {
            topMonitors = topMonitors == null ? List.of() : List.copyOf(topMonitors);
        }
    }

    /** Pinning events: how many, their durations summed, grouped by reason and the first frame outside the JDK. */
    public record Pinning(long events, double msTotal, List<Site> sites) {

        public Pinning {
            sites = sites == null ? List.of() : List.copyOf(sites);
        }
    }

    /** Events grouped under one name (a monitor class; a pinning reason and frame): count and summed duration. */
    public record Site(String name, long events, double msTotal) {
    }
}
