package io.paradigmlab.chatapp.server;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The server-wide counters of the equal-work proof (spec 4.2), the same in every variant, and the Prometheus registry
 * that exposes them with the JVM binders and the memory gauges ({@link MemoryGauges}). Counting is a
 * {@link LongAdder} increment (cheap under contention from many connection threads); Micrometer reads the adders at
 * scrape time, so the {@code stats} op and {@code /actuator/prometheus} report the same numbers.
 *
 * <p>Who counts what: the server shell counts frames in, frames out and bytes out ({@link Connection#send}), sessions
 * and slow-consumer closes; {@link Deliveries} counts deliveries; the engine counts pal tasks and their sum of
 * counts, acked sends and edits, successful logins and every {@code err} frame it sends.
 */
public final class ChatCounters {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final LongAdder framesIn = new LongAdder();
    private final LongAdder framesOut = new LongAdder();
    private final LongAdder deliveries = new LongAdder();
    private final LongAdder bytesOut = new LongAdder();
    private final LongAdder palTasks = new LongAdder();
    private final LongAdder palCount = new LongAdder();
    private final LongAdder sends = new LongAdder();
    private final LongAdder edits = new LongAdder();
    private final LongAdder logins = new LongAdder();
    private final LongAdder errors = new LongAdder();
    private final AtomicLong sessions = new AtomicLong();
    private final LongAdder slowConsumerCloses = new LongAdder();

    /** A fresh registry with the JVM binders, the memory gauges and the chat counters. */
    public ChatCounters() {
        new JvmMemoryMetrics().bindTo(registry);
        new JvmGcMetrics().bindTo(registry);
        new JvmThreadMetrics().bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        MemoryGauges.bindTo(registry);
        counter("chatapp.frames.in", framesIn, "WebSocket text frames received");
        counter("chatapp.frames.out", framesOut, "frames enqueued to sessions (replies and deliveries)");
        counter("chatapp.deliveries", deliveries, "msg and edited frames enqueued to recipients");
        counter("chatapp.bytes.out", bytesOut, "UTF-8 bytes of the frames enqueued");
        counter("chatapp.pal.tasks", palTasks, "palindrome tasks run");
        counter("chatapp.pal.count", palCount, "sum of the palindrome counts of those tasks");
        counter("chatapp.sends", sends, "acked sends");
        counter("chatapp.edits", edits, "acked edits");
        counter("chatapp.logins", logins, "successful logins");
        counter("chatapp.errors", errors, "err frames sent");
        counter("chatapp.slow.consumer.closes", slowConsumerCloses, "sessions closed with 1008 (outbound bound)");
        Gauge.builder("chatapp.sessions.open", sessions, AtomicLong::get)
                .description("open WebSocket sessions").register(registry);
    }

    private void counter(String name, LongAdder adder, String description) {
        FunctionCounter.builder(name, adder, LongAdder::sum).description(description).register(registry);
    }

    /** The registry behind {@code /actuator/prometheus}; variants add their own gauges to it. */
    public PrometheusMeterRegistry registry() {
        return registry;
    }

    /** The Prometheus text exposition. */
    public String scrape() {
        return registry.scrape();
    }

    public void frameIn() {
        framesIn.increment();
    }

    /** One frame enqueued, of {@code bytes} UTF-8 bytes. */
    public void frameOut(int bytes) {
        framesOut.increment();
        bytesOut.add(bytes);
    }

    public void deliveries(int n) {
        deliveries.add(n);
    }

    /** One palindrome task that found {@code count} palindromes (the count of one pass). */
    public void palTask(int count) {
        palTasks.increment();
        palCount.add(count);
    }

    public void send() {
        sends.increment();
    }

    public void edit() {
        edits.increment();
    }

    public void login() {
        logins.increment();
    }

    public void error() {
        errors.increment();
    }

    public void sessionOpened() {
        sessions.incrementAndGet();
    }

    public void sessionClosed() {
        sessions.decrementAndGet();
    }

    public void slowConsumerClose() {
        slowConsumerCloses.increment();
    }

    /** The counters now (each read on its own: not an atomic snapshot while frames flow). */
    public Stats stats() {
        return new Stats(framesIn.sum(), framesOut.sum(), deliveries.sum(), bytesOut.sum(), palTasks.sum(),
                palCount.sum(), edits.sum(), sends.sum(), logins.sum(), errors.sum(), sessions.get(),
                slowConsumerCloses.sum());
    }

    /** The values of the {@code stats} frame (plus the slow-consumer closes, which it does not carry). */
    public record Stats(long in, long out, long delivered, long bytesOut, long pal, long palCount, long edits,
            long sends, long logins, long errors, long sessions, long slowConsumerCloses) {
    }
}
