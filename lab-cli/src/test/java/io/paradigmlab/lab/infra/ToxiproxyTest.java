package io.paradigmlab.lab.infra;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.RedisEndpoint;
import io.paradigmlab.lab.api.Ports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import eu.rekawek.toxiproxy.ToxiproxyClient;
import eu.rekawek.toxiproxy.model.Toxic;
import io.paradigmlab.lab.api.RedisLatency;
import io.paradigmlab.lab.campaign.InjectedLatency;
import io.paradigmlab.lab.api.RepoLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.embedded.RedisServer;

/**
 * A real Toxiproxy (found, or installed with Go, under the checkout's .lab/tools) in front of a real embedded Redis:
 * the latency toxics make a PING round trip measurably slower, and removing them makes it fast again.
 */
class ToxiproxyTest {

    @TempDir
    Path work;

    @Test
    void latencyInEachDirectionSlowsARedisRoundTripAndRemovingItRestoresIt() throws IOException {
        int port = Ports.free();
        RedisServer redis = RedisServer.newRedisServer().port(port).bind("127.0.0.1")
                .setting("save \"\"").setting("appendonly no").build();
        redis.start();
        try {
            RedisEndpoint direct = new RedisEndpoint("127.0.0.1", port);
            List<String> progress = new ArrayList<>();
            RedisLatency latency = new RedisLatency("interaction", Duration.ofMillis(3), Duration.ofMillis(1));
            try (InjectedLatency injected = InjectedLatency.start(RepoLayout.locate().root(), latency, direct, 42,
                    work, progress::add)) {
                double directMedian = injected.directTrip().medianMillis();
                double proxiedMedian = injected.proxiedTrip().medianMillis();
                // 3 ms +/- 1 ms on the way in and again on the way out
                assertThat(proxiedMedian - directMedian).as("added to a PING round trip (ms)").isGreaterThanOrEqualTo(5.0);
                assertThat(injected.proxiedTrip().minMillis()).isGreaterThanOrEqualTo(4.0);
                assertThat(injected.describe().get("Redis latency (injected)"))
                        .contains("3 ms ± 1 ms in each direction", "interaction service", "Toxiproxy 2.12.0");
                assertThat(injected.describe().get("Redis latency check")).startsWith("active before the first run");

                // the toxics removed, the same proxy is about as fast as Redis itself
                ToxiproxyClient client = new ToxiproxyClient("127.0.0.1", apiPort(injected));
                for (Toxic toxic : client.getProxy("redis-interaction").toxics().getAll()) {
                    toxic.remove();
                }
                double restored = InjectedLatency.roundTrip(injected.endpoint()).medianMillis();
                assertThat(restored).as("PING through the proxy without toxics (ms)").isLessThan(2.0);
                assertThatThrownBy(injected::check).isInstanceOf(LabException.class)
                        .hasMessageContaining("The injected Redis latency is not active");
            }
        } finally {
            redis.stop();
        }
    }

    @Test
    void withoutToxiproxyAndWithoutGoTheMessageSaysHowToGetIt() {
        assertThatThrownBy(() -> Toxiproxy.locate(work, "", null, line -> { }))
                .isInstanceOf(LabException.class)
                .hasMessage("Injected Redis latency needs Toxiproxy, and the lab found neither toxiproxy-server on the"
                        + " PATH nor .lab/tools/toxiproxy/server, nor Go to build it. Either install Go"
                        + " (https://go.dev/doc/install, so that `go` is on the PATH) and run again: the lab then runs"
                        + " `GOBIN=" + work.resolve(".lab/tools/toxiproxy") + " go install"
                        + " github.com/Shopify/toxiproxy/v2/cmd/server@v2.12.0` once by itself; or put Toxiproxy"
                        + " v2.12.0's toxiproxy-server on the PATH"
                        + " (https://github.com/Shopify/toxiproxy/releases/tag/v2.12.0); or switch the latency off"
                        + " with --redis-latency 0.");
    }

    @Test
    void aServerOnThePathOrUnderTheToolsFolderIsUsedAsItIs() throws IOException {
        Path bin = Files.createDirectories(work.resolve("bin"));
        Path onPath = executable(bin.resolve(Toxiproxy.BINARY));
        assertThat(Toxiproxy.locate(work, bin.toString(), null, line -> { })).isEqualTo(onPath);
        Path installed = executable(Toxiproxy.installed(work));
        assertThat(Toxiproxy.locate(work, "", null, line -> { })).isEqualTo(installed);
    }

    private static Path executable(Path file) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, "#!/bin/sh\n");
        assertThat(file.toFile().setExecutable(true)).isTrue();
        return file;
    }

    private static int apiPort(InjectedLatency injected) {
        return injected.toxiproxy().apiPort();
    }
}
