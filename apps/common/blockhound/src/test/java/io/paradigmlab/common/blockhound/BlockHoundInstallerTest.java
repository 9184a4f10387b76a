package io.paradigmlab.common.blockhound;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import reactor.blockhound.BlockingOperationError;

/** The common integration and an application's are both found by ServiceLoader and applied by one install. */
class BlockHoundInstallerTest {

    @BeforeAll
    static void install() {
        BlockHoundInstaller.install();
        BlockHoundInstaller.install();
    }

    @Test
    void findsTheCommonAllowancesAndTheApplicationsIntegration() {
        assertThat(BlockHoundInstaller.installed()).isTrue();
        assertThat(BlockHoundInstaller.integrations())
                .contains(CommonAllowances.class.getName(), TestThreads.class.getName());
    }

    @Test
    void aBlockingCallOnANonBlockingThreadStillFails() throws Exception {
        assertThat(outcomeOn("non-blocking-1")).isInstanceOf(BlockingOperationError.class);
    }

    @Test
    void otherThreadsMayBlock() throws Exception {
        assertThat(outcomeOn("worker-1")).isNull();
    }

    private static Throwable outcomeOn(String threadName) throws Exception {
        CompletableFuture<Throwable> outcome = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                Thread.sleep(5);
                outcome.complete(null);
            } catch (Throwable t) {
                outcome.complete(t);
            }
        }, threadName);
        thread.start();
        return outcome.get(10, TimeUnit.SECONDS);
    }
}
