package io.paradigmlab.lab.results;

/**
 * Seed 000's static metrics of one service of one variant, per repetition, with or without the JDK AOT cache.
 *
 * @param service            the service, or {@link #ALL} for the whole deployment (its services start concurrently:
 *                           start-up until the last is healthy, heap, RSS and artifacts summed), recorded when a
 *                           deployment has several
 * @param startupSeconds     from process start to the first healthy answer
 * @param heapAfterStartMb   JVM heap in use right after start-up, before any load
 * @param rssAfterStartMb    resident set size right after start-up
 * @param artifactMb         size of the runnable jar
 * @param aot                whether the JVM started from a JDK AOT cache ({@code io.paradigmlab.lab.launch.AotCache});
 *                           null in results written before the lab had one (none did)
 * @param firstAnswerSeconds time to the first answer: the deployment's start-up (its last service healthy) plus the
 *                           response time of the scenario's first iteration on the fresh JVMs, one user; recorded on
 *                           the whole deployment's row (the service's when it is alone), else null
 */
public record StaticMetrics(String variant, String service, int repetition, double startupSeconds,
                            double heapAfterStartMb, double rssAfterStartMb, double artifactMb, Boolean aot,
                            Double firstAnswerSeconds) {

    /** The service name of a whole deployment's row. */
    public static final String ALL = "(all services)";

    /** Without the AOT cache and with no first answer measured (fixed-work experiments, older results). */
    public StaticMetrics(String variant, String service, int repetition, double startupSeconds,
                         double heapAfterStartMb, double rssAfterStartMb, double artifactMb) {
        this(variant, service, repetition, startupSeconds, heapAfterStartMb, rssAfterStartMb, artifactMb, false, null);
    }

    /** {@link #aot()}, false when unknown. */
    public boolean withAot() {
        return Boolean.TRUE.equals(aot);
    }

    /** {@link #firstAnswerSeconds()}, NaN when not measured. */
    public double firstAnswer() {
        return firstAnswerSeconds == null ? Double.NaN : firstAnswerSeconds;
    }
}
