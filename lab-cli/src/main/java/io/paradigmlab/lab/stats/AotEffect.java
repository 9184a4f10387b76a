package io.paradigmlab.lab.stats;

/**
 * What the JDK AOT cache changes in one variant's start: per repetition the value with the cache divided by the
 * value without it (both measured in that repetition, one of them by the start-up probe), and their geometric mean
 * with its 95 % interval ({@link Comparison#pairedRatio}); below 1 means the cache made it smaller (faster, leaner).
 *
 * @param variant     the variant
 * @param service     the service, or {@code StaticMetrics.ALL} for the whole deployment
 * @param startup     start-up with / without
 * @param firstAnswer time to the first answer with / without (empty where not measured)
 * @param rss         RSS after start with / without
 */
public record AotEffect(String variant, String service, Estimate startup, Estimate firstAnswer, Estimate rss) {
}
