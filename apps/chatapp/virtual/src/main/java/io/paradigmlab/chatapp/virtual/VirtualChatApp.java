package io.paradigmlab.chatapp.virtual;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.paradigmlab.chatapp.server.ChatConfig;
import io.paradigmlab.chatapp.server.ChatCounters;
import io.paradigmlab.chatapp.threads.CountingThreadFactory;
import io.paradigmlab.chatapp.threads.ThreadChatApp;
import java.lang.management.ManagementFactory;
import jdk.management.VirtualThreadSchedulerMXBean;

/**
 * ChatApp with one virtual thread per connection (spec 4.2, {@code virtual}): the platform variant's code with another
 * thread factory. Publishes {@code chatapp_virtual_threads_started_total}, {@code jvm_threads_virtual_live} (session
 * virtual threads alive) and {@code chatapp_virtual_threads_mounted} (the scheduler's mounted count, JDK 24+).
 */
public final class VirtualChatApp {

    private VirtualChatApp() {
    }

    public static void main(String[] args) {
        start(ChatConfig.fromSystemProperties()).closeOnShutdown();
    }

    /** Starts the variant: the shared thread engine with {@code Thread.ofVirtual().name("conn-", 0).factory()}. */
    public static ThreadChatApp start(ChatConfig config) {
        ChatCounters counters = new ChatCounters();
        CountingThreadFactory threads = new CountingThreadFactory(Thread.ofVirtual().name("conn-", 0).factory());
        FunctionCounter.builder("chatapp.virtual.threads.started", threads, CountingThreadFactory::started)
                .description("session virtual threads started").register(counters.registry());
        Gauge.builder("jvm.threads.virtual.live", threads, CountingThreadFactory::live)
                .description("session virtual threads alive").register(counters.registry());
        VirtualThreadSchedulerMXBean scheduler = ManagementFactory.getPlatformMXBean(
                VirtualThreadSchedulerMXBean.class);
        Gauge.builder("chatapp.virtual.threads.mounted", scheduler,
                        VirtualThreadSchedulerMXBean::getMountedVirtualThreadCount)
                .description("virtual threads mounted on a carrier now").register(counters.registry());
        return ThreadChatApp.start(config, threads, counters);
    }
}
