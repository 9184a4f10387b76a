package io.paradigmlab.lab.stats;

/**
 * Static metrics of one service of one variant, each estimated over repetitions (see {@link Estimate}).
 *
 * @param variant          the variant
 * @param service          the service
 * @param startupSeconds   process start to first healthy answer
 * @param heapAfterStartMb heap in use right after start-up
 * @param rssAfterStartMb  resident set size right after start-up
 * @param artifactMb       size of the runnable jar
 */
public record StaticSummary(String variant, String service, Estimate startupSeconds, Estimate heapAfterStartMb,
                            Estimate rssAfterStartMb, Estimate artifactMb) {
}
