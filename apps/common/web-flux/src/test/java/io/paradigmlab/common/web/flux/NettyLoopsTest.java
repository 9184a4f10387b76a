package io.paradigmlab.common.web.flux;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import reactor.netty.ReactorNetty;

class NettyLoopsTest {

    private final String before = System.getProperty(ReactorNetty.IO_WORKER_COUNT);

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty(ReactorNetty.IO_WORKER_COUNT);
        } else {
            System.setProperty(ReactorNetty.IO_WORKER_COUNT, before);
        }
    }

    @Test
    void oneLoopPerAvailableProcessor() {
        System.clearProperty(ReactorNetty.IO_WORKER_COUNT);
        NettyLoops.onePerCore();
        assertThat(System.getProperty(ReactorNetty.IO_WORKER_COUNT))
                .isEqualTo(Integer.toString(Runtime.getRuntime().availableProcessors()));
    }

    @Test
    void aCountGivenOnTheCommandLineWins() {
        System.setProperty(ReactorNetty.IO_WORKER_COUNT, "7");
        NettyLoops.onePerCore();
        assertThat(System.getProperty(ReactorNetty.IO_WORKER_COUNT)).isEqualTo("7");
    }
}
