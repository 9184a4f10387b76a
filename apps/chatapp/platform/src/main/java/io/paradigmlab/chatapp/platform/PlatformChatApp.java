package io.paradigmlab.chatapp.platform;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.paradigmlab.chatapp.server.ChatConfig;
import io.paradigmlab.chatapp.server.ChatCounters;
import io.paradigmlab.chatapp.threads.CountingThreadFactory;
import io.paradigmlab.chatapp.threads.ThreadChatApp;

/**
 * ChatApp with one platform thread per connection (spec 4.2, {@code platform}). Each session thread has the JVM's
 * stack size ({@code -Xss}: the lab sweeps 1m, 512k, 256k to reproduce §6.2.4). Configuration: {@link ChatConfig}.
 */
public final class PlatformChatApp {

    private PlatformChatApp() {
    }

    public static void main(String[] args) {
        start(ChatConfig.fromSystemProperties()).closeOnShutdown();
    }

    /** Starts the variant: the shared thread engine with {@code Thread.ofPlatform().name("conn-", 0).factory()}. */
    public static ThreadChatApp start(ChatConfig config) {
        ChatCounters counters = new ChatCounters();
        CountingThreadFactory threads = new CountingThreadFactory(Thread.ofPlatform().name("conn-", 0).factory());
        FunctionCounter.builder("chatapp.connection.threads.started", threads, CountingThreadFactory::started)
                .description("session platform threads started").register(counters.registry());
        Gauge.builder("chatapp.connection.threads.live", threads, CountingThreadFactory::live)
                .description("session platform threads running").register(counters.registry());
        return ThreadChatApp.start(config, threads, counters);
    }
}
