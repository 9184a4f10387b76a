package io.paradigmlab.chatapp.rxjava;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.chatapp.server.ChatConfig;
import io.paradigmlab.chatapp.tck.ChatEngineContract;
import io.paradigmlab.chatapp.tck.RunningChat;
import io.paradigmlab.common.blockhound.BlockHoundInstaller;
import org.junit.jupiter.api.AfterAll;

/**
 * The RxJava engine under the engine contract ({@link ChatEngineContract}), with BlockHound installed in this JVM
 * before the engine starts: a blocking call on an event loop or a computation thread during any of the contract's
 * requests fails it, and {@link #noBlockingCallWasDetected()} fails the class.
 */
class RxChatEngineTest extends ChatEngineContract {

    private long detectedBefore;

    @Override
    protected RunningChat start(ChatConfig config) {
        BlockHoundInstaller.install();
        detectedBefore = ChatBlockHound.detected();
        RxChatApp app = RxChatApp.start(config);
        return new RunningChat(app.port(), app.counters(), app);
    }

    /** The engine logs the user out on {@code quit} itself, before the close completes. */
    @Override
    protected boolean quitLogsOutAtOnce() {
        return true;
    }

    /** Every request of the contract ran under BlockHound; not one blocking call may have been seen. */
    @AfterAll
    void noBlockingCallWasDetected() {
        assertThat(BlockHoundInstaller.installed()).isTrue();
        assertThat(ChatBlockHound.detected() - detectedBefore).isZero();
    }
}
