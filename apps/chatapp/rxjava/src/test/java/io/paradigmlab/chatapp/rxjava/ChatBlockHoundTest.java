package io.paradigmlab.chatapp.rxjava;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.chatapp.server.ChatServer;
import io.paradigmlab.common.blockhound.BlockHoundInstaller;
import io.reactivex.rxjava3.core.Single;
import io.reactivex.rxjava3.schedulers.Schedulers;
import io.vertx.core.Vertx;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import reactor.blockhound.BlockingOperationError;

/**
 * BlockHound is really active in this JVM (as in a server started with {@code chatapp.blockhound=true}): a
 * deliberate blocking call on a computation thread or a Vert.x event loop fails, while the threads that may block
 * (Vert.x workers, {@code Schedulers.io()}, this test's thread) still can.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChatBlockHoundTest {

    private Vertx vertx;

    @BeforeAll
    void install() {
        BlockHoundInstaller.install();
        vertx = ChatServer.newVertx();
    }

    @AfterAll
    void close() {
        vertx.close().toCompletionStage().toCompletableFuture().join();
    }

    private static Integer sleep() throws InterruptedException {
        Thread.sleep(5);
        return 1;
    }

    @Test
    void aBlockingCallOnAComputationThreadFails() {
        long before = ChatBlockHound.detected();
        assertThatThrownBy(() -> Single.fromCallable(ChatBlockHoundTest::sleep)
                .subscribeOn(Schedulers.computation())
                .blockingGet())
                .isInstanceOf(BlockingOperationError.class)
                .hasMessageContaining("java.lang.Thread.sleep");
        assertThat(ChatBlockHound.detected()).isEqualTo(before + 1);
    }

    @Test
    void aBlockingCallOnAVertxEventLoopFails() throws Exception {
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        vertx.getOrCreateContext().runOnContext(v -> {
            try {
                sleep();
                outcome.complete(null);
            } catch (Throwable t) {
                outcome.complete(t);
            }
        });
        assertThat(outcome.get(10, TimeUnit.SECONDS)).isInstanceOf(BlockingOperationError.class);
    }

    @Test
    void threadsMeantForBlockingMayStillBlock() throws Exception {
        assertThat(Single.fromCallable(ChatBlockHoundTest::sleep).subscribeOn(Schedulers.io()).blockingGet())
                .isEqualTo(1);
        assertThat(vertx.executeBlocking(ChatBlockHoundTest::sleep).toCompletionStage().toCompletableFuture()
                .get(10, TimeUnit.SECONDS)).isEqualTo(1);
        assertThat(sleep()).isEqualTo(1);
    }

    @Test
    void idleComputationThreadsAreNotReported() throws Exception {
        // a computation thread that ran a task goes back to waiting for the next one: allowed, not a blocking call
        long before = ChatBlockHound.detected();
        for (int i = 0; i < 50; i++) {
            assertThat(Single.fromCallable(() -> 1).subscribeOn(Schedulers.computation()).blockingGet())
                    .isEqualTo(1);
        }
        Thread.sleep(50);
        assertThat(ChatBlockHound.detected()).isEqualTo(before);
    }
}
