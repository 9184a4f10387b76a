package io.paradigmlab.itstore.web.mvc;

import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import jdk.jfr.consumer.RecordingStream;

/**
 * Live virtual threads, counted from JFR: {@code jdk.VirtualThreadStart} minus {@code jdk.VirtualThreadEnd}, read in
 * process with a {@link RecordingStream} started when this is built (at application start, before the web server
 * accepts a request) and stopped by {@link #close()} (at shutdown). The JVM has no other count of them (its thread
 * MXBean sees platform threads only), and the lab's thread figures (spec 1.5, figures 19-20; D-7) report both.
 *
 * <p>Cost: two JFR events per virtual thread (without stack traces), a JFR recording with its own few platform threads
 * (recorder, periodic tasks, this stream's reader) and a small on-disk repository; only the virtual-thread variants pay
 * it (see {@code ItStoreWebMvcAutoConfiguration}). Events arrive about once a second, so the count lags that much.
 */
final class VirtualThreadCounter implements AutoCloseable {

    static final String START = "jdk.VirtualThreadStart";
    static final String END = "jdk.VirtualThreadEnd";

    private final LongAdder started = new LongAdder();
    private final LongAdder ended = new LongAdder();
    private final RecordingStream stream;

    VirtualThreadCounter() {
        stream = new RecordingStream();
        stream.setMaxAge(Duration.ofMinutes(1));
        stream.enable(START).withoutStackTrace();
        stream.enable(END).withoutStackTrace();
        stream.onEvent(START, event -> started.increment());
        stream.onEvent(END, event -> ended.increment());
        stream.startAsync();
    }

    /** Virtual threads started and not yet ended since this counter started (never below zero). */
    long live() {
        // a thread started before the stream and ended after it would count -1
        return Math.max(0, started.sum() - ended.sum());
    }

    long started() {
        return started.sum();
    }

    @Override
    public void close() {
        stream.close();
    }
}
