package io.paradigmlab.lab.api;

/**
 * The CPU ceiling of a scenario: what one thread does per second of the scenario's work when nothing else runs (a
 * JMH benchmark of the request's computation alone, without HTTP), times the cores. A variant's throughput over
 * {@link #opsPerSecond()} says how much of the machine's compute its requests turned into answers
 * (docs/methodology.md, "The CPU ceiling").
 *
 * @param benchmark             what was measured, one line
 * @param opsPerSecondPerThread operations per second of one thread (JMH throughput mode, one thread)
 * @param error                 the benchmark's error on that number (JMH's 99.9 % half-width; NaN when it has none,
 *                              e.g. a single measurement iteration)
 * @param cores                 the cores the ceiling is multiplied by (the measuring JVM's available processors)
 * @param jvm                   the JVM that measured it
 * @param method                warm-up, measurement and forks, one line
 */
public record Ceiling(String benchmark, double opsPerSecondPerThread, double error, int cores, String jvm,
                      String method) {

    /** The machine's ceiling: one thread's rate times the cores (perfect scaling, no other work). */
    public double opsPerSecond() {
        return opsPerSecondPerThread * cores;
    }

    /** One line for the environment table. */
    public String describe() {
        return String.format(java.util.Locale.ROOT, "%,.1f ops/s per thread%s x %d cores = %,.0f ops/s (%s; %s; %s)",
                opsPerSecondPerThread, Double.isNaN(error) ? "" : String.format(java.util.Locale.ROOT, " ± %,.1f",
                        error), cores, opsPerSecond(), benchmark, method, jvm);
    }
}
