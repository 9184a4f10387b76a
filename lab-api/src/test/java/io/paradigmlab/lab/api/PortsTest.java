package io.paradigmlab.lab.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PortsTest {

    @Test
    void theEphemeralRangeIsReadFromTheKernel() throws IOException {
        Path range = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
        if (Files.isReadable(range)) {
            int first = Integer.parseInt(Files.readAllLines(range).getFirst().trim().split("\\s+")[0]);
            assertThat(Ports.ephemeralStart()).isEqualTo(first);
        } else {
            assertThat(Ports.ephemeralStart()).isEqualTo(Ports.EPHEMERAL_DEFAULT);
        }
    }

    @Test
    void freePortsAreBelowTheEphemeralRangeDistinctAndBindable() throws IOException {
        Set<Integer> ports = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            ports.add(Ports.free());
        }
        assertThat(ports).hasSize(50);
        int ephemeral = Ports.ephemeralStart();
        if (ephemeral > Ports.LOWEST + 1_000) {
            assertThat(ports).allSatisfy(p -> assertThat(p).isBetween(Ports.LOWEST, ephemeral - 1));
        }
        int port = ports.iterator().next();
        try (ServerSocket server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertThat(server.getLocalPort()).isEqualTo(port);
        }
    }

    @Test
    void aTakenPortIsNamedInTheError() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertThatThrownBy(() -> Ports.requireFree(taken.getLocalPort(), "the test"))
                    .isInstanceOf(LabException.class)
                    .hasMessageContaining("already in use");
        }
        assertThatThrownBy(() -> Ports.requireFree(70_000, "the test")).hasMessageContaining("not a valid port");
    }
}
