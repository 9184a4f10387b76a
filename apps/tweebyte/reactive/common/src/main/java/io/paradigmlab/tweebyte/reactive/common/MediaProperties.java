package io.paradigmlab.tweebyte.reactive.common;

import io.paradigmlab.tweebyte.domain.media.MediaStream;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * {@code tweebyte.media.*}: the knobs of seed 001's workloads (docs/api/tweebyte.md, "Media"), the same in every
 * variant (ADR 0004). Each changes what the lab measures; unset, the contract's default.
 *
 * @param cpuThreads threads that run the image pipeline; unset, the available processors. The reactive variant runs
 *                   it on {@code Schedulers.parallel()}, which has exactly that many; another value gets a parallel
 *                   scheduler of its own of this size
 * @param cpuQueue   uploads that may wait for a pipeline thread (default 1,000); beyond {@code cpuThreads + cpuQueue}
 *                   admitted uploads, 503 with {@code Retry-After: 1}
 * @param stream     the blocking stream of {@code GET /media/}
 * @param jobs       the background jobs of {@code /media/jobs}
 */
@ConfigurationProperties("tweebyte.media")
public record MediaProperties(@Nullable Integer cpuThreads, @Nullable Integer cpuQueue, @Nullable Stream stream,
                              @Nullable Jobs jobs) {

    public static final int DEFAULT_CPU_QUEUE = 1_000;

    public int cpuThreadsOrDefault() {
        return cpuThreads != null ? cpuThreads : Runtime.getRuntime().availableProcessors();
    }

    public int cpuQueueOrDefault() {
        return cpuQueue != null ? cpuQueue : DEFAULT_CPU_QUEUE;
    }

    public Stream streamOrDefault() {
        return stream != null ? stream : new Stream(null);
    }

    public Jobs jobsOrDefault() {
        return jobs != null ? jobs : new Jobs(null, null, null, null);
    }

    /**
     * @param bytesPerSecond the stream's pace (default {@link MediaStream#DEFAULT_BYTES_PER_SECOND}, 6,250,000): the
     *                       producer parks {@code chunk bytes / rate} after each chunk, which sets how long a stream
     *                       holds its thread
     */
    public record Stream(@Nullable Long bytesPerSecond) {

        public long bytesPerSecondOrDefault() {
            return bytesPerSecond != null ? bytesPerSecond : MediaStream.DEFAULT_BYTES_PER_SECOND;
        }
    }

    /**
     * @param workers       jobs run at once, each by one worker thread (default 4)
     * @param queueCapacity QUEUED jobs beyond which a submission answers 503 (default 100)
     * @param timeout       a job running longer ends FAILED (default 60 s)
     * @param pollInterval  how often an events stream reads its job's row (default 200 ms)
     */
    public record Jobs(@Nullable Integer workers, @Nullable Integer queueCapacity, @Nullable Duration timeout,
                       @Nullable Duration pollInterval) {

        public int workersOrDefault() {
            return workers != null ? workers : 4;
        }

        public int queueCapacityOrDefault() {
            return queueCapacity != null ? queueCapacity : 100;
        }

        public Duration timeoutOrDefault() {
            return timeout != null ? timeout : Duration.ofSeconds(60);
        }

        public Duration pollIntervalOrDefault() {
            return pollInterval != null ? pollInterval : Duration.ofMillis(200);
        }
    }
}
