package io.paradigmlab.tweebyte.reactive.common;

import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code tweebyte.reactive.*}, the knobs of the reactive variant alone.
 *
 * @param cpuThreads threads of the scheduler that runs BCrypt, token signing and id generation; unset, the
 *                   number of available processors. It equals the size of the async variant's CPU executor, so
 *                   both variants give CPU-bound work the same parallelism: change them together.
 */
@ConfigurationProperties("tweebyte.reactive")
public record ReactiveProperties(@Nullable Integer cpuThreads) {

    public int cpuThreadsOrDefault() {
        return cpuThreads != null ? cpuThreads : Runtime.getRuntime().availableProcessors();
    }
}
