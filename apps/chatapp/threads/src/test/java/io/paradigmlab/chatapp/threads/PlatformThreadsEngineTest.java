package io.paradigmlab.chatapp.threads;

import java.util.concurrent.ThreadFactory;

class PlatformThreadsEngineTest extends ThreadEngineTest {

    @Override
    ThreadFactory threads() {
        return Thread.ofPlatform().name("conn-", 0).factory();
    }
}
