package io.paradigmlab.tweebyte.async.common;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The async variant's executors: a fixed number of threads and a bounded work queue. {@code
 * Executors.newFixedThreadPool} queues without limit, a memory leak under overload; here a full queue rejects the
 * task ({@code RejectedExecutionException}), which the web layer answers 503 with {@code Retry-After} (ADR 0004).
 */
public final class BoundedExecutors {

    /**
     * Tasks waiting per executor. The in-flight limit ({@code tweebyte.limits.max-concurrent-requests}, 1,000)
     * admits at most that many requests, each waiting for a few tasks at a time, so the queue fills only if that
     * limit is raised far beyond its default.
     */
    public static final int QUEUE_CAPACITY = 10_000;

    private BoundedExecutors() {
    }

    /** {@code threads} daemon platform threads named {@code prefix0, prefix1, ...} over a bounded queue. */
    public static ExecutorService fixed(int threads, String prefix) {
        return fixed(threads, QUEUE_CAPACITY, prefix);
    }

    /** As {@link #fixed(int, String)}, with at most {@code queueCapacity} waiting tasks (the media CPU pool's). */
    public static ThreadPoolExecutor fixed(int threads, int queueCapacity, String prefix) {
        return new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(queueCapacity), Thread.ofPlatform().name(prefix, 0).daemon(true).factory(),
                new ThreadPoolExecutor.AbortPolicy());
    }
}
