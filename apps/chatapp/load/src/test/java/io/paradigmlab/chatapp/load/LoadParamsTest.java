package io.paradigmlab.chatapp.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class LoadParamsTest {

    @Test
    void theCommandLineRoundTripsThroughSystemProperties() {
        LoadParams params = LoadParams.parse("--scenario", "c", "--users", "100", "--url", "ws://127.0.0.1:1/chat",
                "--seed", "9", "--out", "/tmp/x", "--ops", "20", "--k", "10", "--mix", "70", "--offset", "5",
                "--data", "/tmp/d", "--max-seconds", "50", "--report");
        params.toProperties().forEach((k, v) -> System.setProperty((String) k, (String) v));
        try {
            LoadParams back = LoadParams.fromSystemProperties();

            assertThat(back).isEqualTo(params);
            assertThat(back.scenario()).isEqualTo("C");
            assertThat(back.seedUser(1)).isEqualTo(6);
            assertThat(back.data()).isEqualTo(Path.of("/tmp/d"));
            assertThat(back.maxDuration()).isEqualTo(Duration.ofSeconds(50));
            assertThat(back.report()).isTrue();
        } finally {
            params.toProperties().keySet().forEach(k -> System.clearProperty((String) k));
        }
    }

    @Test
    void defaultsAreTheThesisWork() {
        LoadParams params = LoadParams.parse("--scenario", "A.1", "--users", "10", "--url", "ws://h:1/chat", "--out",
                "o");

        assertThat(params.ops()).isEqualTo(200);
        assertThat(params.k()).isEqualTo(1);
        assertThat(params.mix()).isEqualTo(50);
        assertThat(params.logins()).isEqualTo(1);
        assertThat(params.data()).isNull();
        assertThat(params.report()).isFalse();
    }

    @Test
    void badArgumentsAreNamed() {
        assertThatThrownBy(() -> LoadParams.parse("--scenario", "D", "--users", "1", "--url", "ws://h/chat",
                "--out", "o")).hasMessageContaining("unknown scenario 'D'");
        assertThatThrownBy(() -> LoadParams.parse("--scenario", "A.1", "--users", "0", "--url", "ws://h/chat",
                "--out", "o")).hasMessageContaining("--users");
        assertThatThrownBy(() -> LoadParams.parse("--scenario", "A.1", "--users", "1", "--url", "http://h/chat",
                "--out", "o")).hasMessageContaining("ws://");
        assertThatThrownBy(() -> LoadParams.parse("--scenario", "A.1", "--users", "1", "--url", "ws://h/chat",
                "--out", "o", "--k", "1001")).hasMessageContaining("--k");
        assertThatThrownBy(() -> LoadParams.parse("--scenario", "A.1", "--users", "x")).hasMessageContaining("--users");
        assertThatThrownBy(() -> LoadParams.parse("--scenario", "A.1", "--users", "1", "--url", "ws://h/chat",
                "--out", "o", "--speed", "3")).hasMessageContaining("unknown option(s) [speed]");
    }
}
