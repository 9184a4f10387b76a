package io.paradigmlab.lab.api;

import java.util.Map;

/**
 * A reverse proxy in front of one service that counts the calls other services make to it, by method and path
 * template (e.g. {@code GET /tweets/{id}/summary}), forwarding every request and answer unchanged. A deployment
 * launched with {@link LaunchRequest#callCounting()} starts one per called service
 * ({@link ProcessLauncher#countCalls}) and points the callers at {@link #url()}; the lab's equal-work check reads
 * the counts.
 */
public interface CallCounter extends AutoCloseable {

    /** Where to send requests meant for the target. */
    String url();

    /** The name its counts are reported under, e.g. {@code tweet}. */
    String target();

    /** Calls seen since the last {@link #reset()}, as {@code "<target> <METHOD> <template>"} to count, sorted. */
    Map<String, Long> counts();

    /** Requests received and not yet answered. */
    int inFlight();

    /** Forgets the counts so far. */
    void reset();

    /** Stops listening. */
    @Override
    void close();
}
