package io.paradigmlab.chatapp.threads;

import io.paradigmlab.chatapp.server.ChatConfig;
import io.paradigmlab.chatapp.server.ChatCounters;
import io.paradigmlab.chatapp.tck.ChatEngineContract;
import io.paradigmlab.chatapp.tck.RunningChat;
import java.util.concurrent.ThreadFactory;

/**
 * The thread engine under the engine contract ({@link ChatEngineContract}), run once with platform and once with
 * virtual threads (subclasses).
 */
abstract class ThreadEngineTest extends ChatEngineContract {

    abstract ThreadFactory threads();

    @Override
    protected RunningChat start(ChatConfig config) {
        ChatCounters counters = new ChatCounters();
        ThreadChatApp app = ThreadChatApp.start(config, threads(), counters);
        return new RunningChat(app.port(), counters, app);
    }
}
