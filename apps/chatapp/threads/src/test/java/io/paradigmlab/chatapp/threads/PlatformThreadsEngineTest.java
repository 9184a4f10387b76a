package io.paradigmlab.chatapp.threads;

import java.util.concurrent.ThreadFactory;

class PlatformThreadsEngineTest extends ThreadChatEngineContract {

    @Override
    ThreadFactory threads() {
        return Thread.ofPlatform().name("conn-", 0).factory();
    }
}
