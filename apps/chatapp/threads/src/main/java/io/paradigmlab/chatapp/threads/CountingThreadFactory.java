package io.paradigmlab.chatapp.threads;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * A session-thread factory that counts the threads it started and those still running. Both thread variants wrap
 * their factory in it, so they run the very same code (one wrapping lambda per session); only the virtual variant
 * publishes the counts under the virtual-thread names of the brief.
 */
public final class CountingThreadFactory implements ThreadFactory {

    private final ThreadFactory delegate;
    private final LongAdder started = new LongAdder();
    private final AtomicInteger live = new AtomicInteger();

    public CountingThreadFactory(ThreadFactory delegate) {
        this.delegate = delegate;
    }

    @Override
    public Thread newThread(Runnable task) {
        return delegate.newThread(() -> {
            started.increment();
            live.incrementAndGet();
            try {
                task.run();
            } finally {
                live.decrementAndGet();
            }
        });
    }

    /** Session threads that have started running. */
    public long started() {
        return started.sum();
    }

    /** Session threads running now. */
    public int live() {
        return live.get();
    }
}
