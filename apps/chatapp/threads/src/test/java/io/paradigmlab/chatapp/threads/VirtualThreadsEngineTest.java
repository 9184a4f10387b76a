package io.paradigmlab.chatapp.threads;

import java.util.concurrent.ThreadFactory;

class VirtualThreadsEngineTest extends ThreadEngineTest {

    @Override
    ThreadFactory threads() {
        return Thread.ofVirtual().name("conn-", 0).factory();
    }
}
