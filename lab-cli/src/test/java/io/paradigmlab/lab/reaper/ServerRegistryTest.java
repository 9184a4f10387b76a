package io.paradigmlab.lab.reaper;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Records are whole files, one per server, owned by the JVM that registers them, and gone once removed. */
class ServerRegistryTest {

    @TempDir
    Path temp;

    @Test
    void aRegisteredServerIsRecordedWithItsOwnerUntilRemoved() throws Exception {
        ServerRegistry registry = new ServerRegistry(temp.resolve("servers"));
        Process server = new ProcessBuilder("sleep", "300").start();
        try {
            Path data = Files.createDirectories(temp.resolve("postgres-1"));
            ServerRegistry.Registration registration = registry.register(ServerKind.POSTGRES, server.toHandle(),
                    List.of(41234), data, "embedded");

            assertThat(registration.file()).exists().hasParent(registry.folder());
            assertThat(registry.records()).containsExactly(new ServerRecord(ServerKind.POSTGRES,
                    ProcessIdentity.of(server.toHandle()), ProcessIdentity.current(), List.of(41234), data,
                    "embedded"));
            String json = Files.readString(registration.file());
            assertThat(json).contains("\"kind\" : \"postgres\"", "\"pid\" : " + server.pid(),
                    "\"pid\" : " + ProcessHandle.current().pid(), "\"ports\" : [ 41234 ]", "\"dataDir\" : ");
            try (var folder = Files.list(registry.folder())) {
                assertThat(folder).as("no temporary file is left").containsExactly(registration.file());
            }

            registration.remove();
            registration.remove();
            assertThat(registry.records()).isEmpty();
        } finally {
            server.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aRecordReadsBackAsWritten() {
        ServerRecord record = new ServerRecord(ServerKind.SSH_SESSION,
                new ProcessIdentity(4321, java.time.Instant.parse("2025-01-02T03:04:05.678Z"), 123456, "boot-1"),
                new ProcessIdentity(1234, java.time.Instant.parse("2025-01-02T03:04:00Z"), -1, null), List.of(),
                null, "user, its JVM on   10.0.0.7\n");

        assertThat(ServerRecord.fromJson(record.toJson())).isEqualTo(record);
        assertThat(record.describe()).isEqualTo("ssh session pid 4321 (user, its JVM on 10.0.0.7)");
    }

    @Test
    void aServerThatCannotBeRecordedRunsOnWithAWarning() throws Exception {
        ByteArrayOutputStream warnings = new ByteArrayOutputStream();
        Path notAFolder = Files.writeString(temp.resolve("servers"), "a file where the folder should be");
        ServerRegistry registry = new ServerRegistry(notAFolder, new PrintStream(warnings, true, StandardCharsets.UTF_8));
        Process server = new ProcessBuilder("sleep", "300").start();
        try {
            ServerRegistry.Registration registration = registry.register(ServerKind.REDIS, server.toHandle(),
                    List.of(6379), null, "embedded");

            assertThat(registration).isSameAs(ServerRegistry.Registration.NONE);
            assertThat(warnings.toString(StandardCharsets.UTF_8)).startsWith("lab: cannot record Redis pid "
                    + server.pid() + ", port 6379 (embedded) in " + notAFolder).contains("it keeps running");
            registration.remove();
        } finally {
            server.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
