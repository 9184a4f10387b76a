package io.paradigmlab.lab.results;

import java.util.List;

/**
 * One measured level of one repetition of one variant: everything the load tool and the resource sampler saw
 * in that level's measured window (warm-up excluded).
 *
 * @param variant          async, virtual or reactive
 * @param repetition       1-based; each repetition runs on fresh service JVMs and a freshly seeded database
 * @param model            {@code closed} (N users without think time, the seeds' model) or {@code open} (a fixed
 *                         offered rate of arrivals, independent of responses)
 * @param level            concurrent users (closed) or offered requests per second (open)
 * @param durationSeconds  length of the measured window
 * @param requests         requests sent
 * @param responses        responses received
 * @param errors           failed requests: non-2xx, invalid body, connection errors and timeouts
 * @param timeouts         requests that timed out (also counted in errors)
 * @param throughput       valid responses per second
 * @param offeredRate      open model: the level; closed model: NaN
 * @param latency          response time of this repetition's level, in microseconds, from one HdrHistogram
 * @param service          the service processes' resources, averaged over the window's 1-second samples
 * @param loaderCpuPercent the load generator's own CPU (100 = one core)
 * @param verdict          whether the level counts: see {@link Verdict}
 * @param verdictReason    why a level is not {@link Verdict#OK}, else empty
 * @param pools            the services' pools (executors, schedulers) in the window, by name, summed over the
 *                         variant's service processes; empty when none reports any (and for external targets)
 * @param extra            further numbers by name, mean of nothing: the value of this repetition (a fixed-work
 *                         experiment's makespan, delivery latency, peak memory by kind, its work counts; see
 *                         {@link #MAKESPAN}); empty for a Hyperfoil scenario
 */
public record LevelMeasurement(String variant, int repetition, String model, int level, double durationSeconds,
                               long requests, long responses, long errors, long timeouts, double throughput,
                               double offeredRate, Latency latency, Resources service, double loaderCpuPercent,
                               Verdict verdict, String verdictReason, List<Pool> pools,
                               java.util.Map<String, Double> extra) {

    /** The {@link #extra} of a fixed-work experiment's makespan, in seconds (first user's start to last user's end). */
    public static final String MAKESPAN = "makespan_s";

    public LevelMeasurement {
        // a campaign.json written before pools (or extras) were sampled has none
        pools = pools == null ? List.of() : List.copyOf(pools);
        extra = extra == null ? java.util.Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(extra));
    }

    /** This measurement with another verdict (e.g. a run whose work differed from the other variants'). */
    public LevelMeasurement withVerdict(Verdict newVerdict, String reason) {
        return new LevelMeasurement(variant, repetition, model, level, durationSeconds, requests, responses, errors,
                timeouts, throughput, offeredRate, latency, service, loaderCpuPercent, newVerdict, reason, pools, extra);
    }

    /**
     * The services' CPU time per completed request, in microseconds: {@code cpuPercent / 100 * 1e6 / throughput}
     * (CPU summed over the variant's service processes, the gateway's with {@code --via-gateway}; throughput in valid
     * responses per second). NaN without a CPU sample (an external target) or without a valid response. The database's
     * CPU is not in it: the lab does not sample the database's processes.
     */
    public double cpuMicrosPerRequest() {
        double cpu = service == null ? Double.NaN : service.cpuPercent();
        return throughput > 0 && Double.isFinite(cpu) ? cpu / 100 * 1e6 / throughput : Double.NaN;
    }

    /** The JIT's share of the services' CPU time in this window ({@link Resources#jitShare()}), NaN when unknown. */
    public double jitShare() {
        return service == null ? Double.NaN : service.jitShare();
    }

    /**
     * Whether this window was in steady state: its JIT share at most {@code jitShareLimit}. A window whose JIT share is
     * unknown (a service without the compilation counter, an external target) counts as steady: the lab cannot tell,
     * and the report says "JIT share unknown" rather than withhold every verdict of such a campaign.
     */
    public boolean steady(double jitShareLimit) {
        double share = jitShare();
        return !(share > jitShareLimit);
    }

    /** The named further number, NaN when absent. */
    public double extra(String name) {
        Double value = extra.get(name);
        return value == null ? Double.NaN : value;
    }

    /** The pool called {@code name}, if the window has it. */
    public java.util.Optional<Pool> pool(String name) {
        return pools.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /**
     * One pool (an executor or scheduler, by the {@code name} tag of its metrics) in one measured window, summed
     * over the variant's service processes and the series of that name (docs/methodology.md, "Pools"). NaN where the
     * pool does not report the quantity.
     *
     * @param name               the pool's name, e.g. {@code cpu}, {@code db}, or {@code virtual-scheduler} for the
     *                           JDK's scheduler of virtual threads
     * @param activeThreads      mean over the window's samples of the threads running a task
     * @param maxThreads         mean of the most threads the pool may have (a ForkJoinPool's parallelism)
     * @param poolThreads        mean of the threads it had
     * @param queuedTasks        mean of the tasks waiting for a thread
     * @param queueRemaining     mean of how many more tasks its queue accepted
     * @param utilization        mean active threads / mean max threads
     * @param completedPerSecond tasks completed per second (counter delta over the window)
     * @param rejected           tasks refused during the window (counter delta)
     * @param startedPerSecond   virtual threads started per second (counter delta; the virtual scheduler only)
     * @param pinned             virtual thread pinned events during the window (counter delta)
     */
    public record Pool(String name, double activeThreads, double maxThreads, double poolThreads, double queuedTasks,
                       double queueRemaining, double utilization, double completedPerSecond, double rejected,
                       double startedPerSecond, double pinned) {
    }

    /** Response-time percentiles of one measured window, in microseconds. */
    public record Latency(double mean, double p50, double p90, double p95, double p99, double p999, double max) {
    }

    /**
     * Resource use of a variant's service processes (summed over its services), averaged over 1-second samples.
     *
     * @param cpuPercent         process CPU, 100 = one core
     * @param rssMb              resident set size
     * @param heapUsedMb         JVM heap in use
     * @param threads            live platform threads
     * @param virtualThreads     live virtual threads, where the services report them (the Prometheus gauge
     *                           {@code jvm_threads_virtual_live}); else NaN
     * @param gcPauseMsPerSecond milliseconds of GC pause per second of wall time
     * @param heapAfterGcMb      the long-lived heap pool right after the last collection (Micrometer's
     *                           {@code jvm_memory_usage_after_gc} times the pool's maximum: with G1 the old
     *                           generation after each young or mixed collection); NaN where a service does not report
     *                           it
     * @param heapFloorMb        the lowest heap in use among the window's samples (not a mean): an upper bound of the
     *                           heap after GC for services that do not report it, since a sample rarely falls right
     *                           after a collection
     * @param openFiles          open file descriptors (entries of {@code /proc/<pid>/fd}: files, sockets, pipes); NaN
     *                           where they cannot be read
     * @param jitMsPerSecond     milliseconds of JIT compilation per second of wall time (Micrometer's
     *                           {@code jvm_compilation_time_ms_total}, summed over the compiler threads and the
     *                           services); NaN where a service does not report it
     * @param jitShare           the JIT's share of the services' CPU time in the window: compilation milliseconds over
     *                           CPU milliseconds, both summed over the window's samples (docs/methodology.md, "Steady
     *                           state"); NaN where {@code jitMsPerSecond} is
     */
    public record Resources(double cpuPercent, double rssMb, double heapUsedMb, double threads, double virtualThreads,
                            double gcPauseMsPerSecond, double heapAfterGcMb, double heapFloorMb, double openFiles,
                            double jitMsPerSecond, double jitShare) {

        /** Without the JIT's compilation time (a window sampled before it was). */
        public Resources(double cpuPercent, double rssMb, double heapUsedMb, double threads, double virtualThreads,
                         double gcPauseMsPerSecond, double heapAfterGcMb, double heapFloorMb, double openFiles) {
            this(cpuPercent, rssMb, heapUsedMb, threads, virtualThreads, gcPauseMsPerSecond, heapAfterGcMb,
                    heapFloorMb, openFiles, Double.NaN, Double.NaN);
        }

        /** Without heap after GC, heap floor or open files (a window sampled before they were, or not sampled). */
        public Resources(double cpuPercent, double rssMb, double heapUsedMb, double threads, double virtualThreads,
                         double gcPauseMsPerSecond) {
            this(cpuPercent, rssMb, heapUsedMb, threads, virtualThreads, gcPauseMsPerSecond, Double.NaN, Double.NaN,
                    Double.NaN);
        }

        /** Nothing sampled: an external target, a window without a sample. */
        public static final Resources NONE = new Resources(Double.NaN, Double.NaN, Double.NaN, Double.NaN,
                Double.NaN, Double.NaN);
    }

    /** Whether a level's numbers may be averaged with the others. */
    public enum Verdict {
        /** Valid: errors under the threshold, offered rate achieved, load generator not saturated. */
        OK,
        /** The system could not keep up: achieved rate short of the offered rate, or latency unbounded. */
        SATURATED,
        /** Too many errors, or the load generator itself was the bottleneck: the level says nothing of the variant. */
        FAILED
    }
}
