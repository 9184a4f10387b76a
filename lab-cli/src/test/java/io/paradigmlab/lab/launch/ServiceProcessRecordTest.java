package io.paradigmlab.lab.launch;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.paradigmlab.lab.api.Ports;
import io.paradigmlab.lab.reaper.ProcessIdentity;
import io.paradigmlab.lab.reaper.ServerKind;
import io.paradigmlab.lab.reaper.ServerRecord;
import io.paradigmlab.lab.reaper.ServerRegistry;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A service JVM is in the lab's registry of servers while it runs, under its new pid after a restart. */
class ServiceProcessRecordTest {

    @TempDir
    Path temp;

    @Test
    void aServiceJvmIsRecordedFromStartToCloseAndAgainAfterARestart() {
        int port = Ports.free();
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> command = List.of(java, "-Xmx32m", "-cp", System.getProperty("java.class.path"),
                HealthyService.class.getName(), Integer.toString(port));
        ServiceProcess service = ServiceLauncher.plain().start("store", command, temp.resolve("store.log"),
                "http://127.0.0.1:" + port, Duration.ofSeconds(60));
        try {
            ServerRecord first = recordOn(port);
            assertThat(first.kind()).isEqualTo(ServerKind.SERVICE_JVM);
            assertThat(first.process().pid()).isEqualTo(service.pid());
            assertThat(first.owner()).isEqualTo(ProcessIdentity.current());
            assertThat(first.description()).isEqualTo("store");

            service.restart(Duration.ofSeconds(60));

            assertThat(recordOn(port).process().pid()).as("the restarted JVM's").isEqualTo(service.pid())
                    .isNotEqualTo(first.process().pid());
        } finally {
            service.close();
        }
        assertThat(records(port)).isEmpty();
    }

    private static ServerRecord recordOn(int port) {
        List<ServerRecord> records = records(port);
        assertThat(records).hasSize(1);
        return records.getFirst();
    }

    private static List<ServerRecord> records(int port) {
        return ServerRegistry.lab().records().stream()
                .filter(record -> record.ports().contains(port) && record.owner().equals(ProcessIdentity.current()))
                .toList();
    }

    /** The smallest service JVM: {@code /actuator/health} answers UP on the port given. */
    public static final class HealthyService {

        private HealthyService() {
        }

        public static void main(String[] args) throws IOException {
            HttpServer server = HttpServer.create(
                    new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(args[0])), 10);
            server.createContext("/actuator/health", exchange -> {
                byte[] body = "{\"status\":\"UP\"}".getBytes();
                exchange.sendResponseHeaders(200, body.length);
                try (var out = exchange.getResponseBody()) {
                    out.write(body);
                }
            });
            server.start();
        }
    }
}
