package io.paradigmlab.lab.launch;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.api.Ports;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lab process stopped by a signal (Ctrl-C, SIGTERM) before it closed its services takes them with it: a campaign
 * interrupted that way used to leave its service JVMs running until the next lab command reaped them.
 */
class ServiceProcessStopOnExitTest {

    @TempDir
    Path temp;

    @Test
    void aLabStoppedBySigtermStopsTheServiceJvmsItStarted() throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        Path said = temp.resolve("lab.out");
        Process lab = new ProcessBuilder(java, "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                "-Dlab.home=" + temp, LabThatStartsAService.class.getName(), temp.toString())
                .redirectErrorStream(true).redirectOutput(said.toFile()).start();
        Optional<ProcessHandle> service = Optional.empty();
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (service.isEmpty() && System.nanoTime() < deadline && lab.isAlive()) {
                service = Files.readAllLines(said).stream().filter(line -> line.startsWith("service pid "))
                        .findFirst().flatMap(line -> ProcessHandle.of(Long.parseLong(line.substring(12).strip())));
                Thread.sleep(100);
            }
            assertThat(service).as(Files.readString(said)).isPresent();
            assertThat(service.get().isAlive()).isTrue();

            lab.destroy(); // SIGTERM, as Ctrl-C or a CI's stop does

            assertThat(lab.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(service.get().onExit().get(15, TimeUnit.SECONDS).isAlive())
                    .as("the service JVM after its lab was stopped").isFalse();
        } finally {
            lab.destroyForcibly();
            service.ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    /** A lab process: starts one service JVM, says its pid, and waits without ever closing it. */
    public static final class LabThatStartsAService {

        private LabThatStartsAService() {
        }

        public static void main(String[] args) throws InterruptedException {
            int port = Ports.free();
            String java = ProcessHandle.current().info().command().orElseThrow();
            ServiceProcess service = ServiceLauncher.plain().start("store", List.of(java, "-Xmx32m", "-cp",
                            System.getProperty("java.class.path"),
                            ServiceProcessRecordTest.HealthyService.class.getName(), Integer.toString(port)),
                    Path.of(args[0]).resolve("store.log"), "http://127.0.0.1:" + port, Duration.ofSeconds(60));
            System.out.println("service pid " + service.pid());
            Thread.sleep(Duration.ofMinutes(5));
        }
    }
}
