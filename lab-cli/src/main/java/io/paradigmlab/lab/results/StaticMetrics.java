package io.paradigmlab.lab.results;

/**
 * Seed 000's static metrics of one service of one variant, per repetition.
 *
 * @param startupSeconds   from process start to the first healthy answer
 * @param heapAfterStartMb JVM heap in use right after start-up, before any load
 * @param rssAfterStartMb  resident set size right after start-up
 * @param artifactMb       size of the runnable jar
 */
public record StaticMetrics(String variant, String service, int repetition, double startupSeconds,
                            double heapAfterStartMb, double rssAfterStartMb, double artifactMb) {
}
