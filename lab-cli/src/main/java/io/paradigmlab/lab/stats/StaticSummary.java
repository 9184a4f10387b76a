package io.paradigmlab.lab.stats;

/**
 * Static metrics of one service of one variant, with or without the JDK AOT cache, each estimated over repetitions
 * (see {@link Estimate}).
 *
 * @param variant            the variant
 * @param service            the service, or {@code StaticMetrics.ALL} for the whole deployment
 * @param aot                whether the JVMs started from the AOT cache
 * @param startupSeconds     process start to first healthy answer
 * @param firstAnswerSeconds start-up plus the scenario's first iteration (empty where not measured)
 * @param heapAfterStartMb   heap in use right after start-up
 * @param rssAfterStartMb    resident set size right after start-up
 * @param artifactMb         size of the runnable jar
 */
public record StaticSummary(String variant, String service, boolean aot, Estimate startupSeconds,
                            Estimate firstAnswerSeconds, Estimate heapAfterStartMb, Estimate rssAfterStartMb,
                            Estimate artifactMb) {
}
