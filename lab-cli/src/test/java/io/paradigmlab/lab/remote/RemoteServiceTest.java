package io.paradigmlab.lab.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.Ports;
import io.paradigmlab.lab.launch.ServiceLauncher;
import io.paradigmlab.lab.launch.ServiceProcess;
import io.paradigmlab.lab.metrics.ProcessProbe;
import io.paradigmlab.lab.metrics.ResourceSampler;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real service JVM started over SSH on a real OpenSSH server on loopback ({@link LoopbackSshd}), through the
 * shaper of {@link SshServiceHost}. Loopback hides what runs where, so the test proves it from the processes
 * themselves: the JVM runs from the uploaded copy of the jar (the remote cache path in its command line), the
 * sampled CPU and RSS are that JVM's and not the ssh client's, and the JVM is gone after close.
 */
public class RemoteServiceTest {

    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

    @TempDir
    Path temp;

    /** What a test put in the (here: this machine's) remote cache, removed after it. */
    private final List<Path> uploads = new java.util.ArrayList<>();

    @org.junit.jupiter.api.AfterEach
    void removeUploads() throws IOException {
        for (Path upload : uploads) {
            Files.deleteIfExists(upload);
        }
    }

    @Test
    void aServiceJvmRunsOverSshFromItsUploadedJarIsSampledThereAndIsGoneAfterClose() throws Exception {
        try (LoopbackSshd sshd = LoopbackSshd.start(temp)) {
            Path jar = tinyServiceJar(temp.resolve("tiny-service.jar"));
            Path file = temp.resolve("greeting.txt");
            String greeting = "hello " + UUID.randomUUID();
            Files.writeString(file, greeting);
            ServiceHost host = ServiceHost.parse(sshd.address(), sshd.clientKey(), null)
                    .withKnownHosts(temp.resolve("known_hosts"));
            try (SshServiceHost remote = SshServiceHost.connect(host)) {
                // the same machine: one clock, so the measured offset is within the round trip's noise
                SshServiceHost.ClockOffset clock = remote.clockOffset();
                assertThat(Math.abs(clock.offsetMillis())).as(clock.describe()).isLessThan(20);
                assertThat(remote.describe()).containsKeys("service host", "service host os", "service host cpu",
                        "service host cores", "service host memory", "service host jdk", "service host clock");
                assertThat(remote.describe().get("service host jdk")).contains("version \"" + Runtime.version().feature());

                int port = Ports.free();
                Instant began = Instant.now();
                ServiceProcess service = ServiceLauncher.plain().shapedBy(remote.shaper()).start("tiny",
                        List.of(JAVA, "-Xms64m", "-Xmx512m", "-jar", jar.toString(), Integer.toString(port), "--file=" + file),
                        temp.resolve("logs").resolve("tiny.log"), "http://127.0.0.1:" + port, Duration.ofSeconds(60));
                long jvmPid;
                try {
                    ServiceProcess.Elsewhere where = service.elsewhere().orElseThrow();
                    jvmPid = where.pid();
                    // the process the lab started is the ssh client, not the JVM
                    assertThat(jvmPid).isNotEqualTo(service.pid());
                    List<String> client = cmdline(service.pid());
                    assertThat(client.getFirst()).endsWith("ssh");
                    assertThat(client).contains("-tt", sshd.user() + "@127.0.0.1");

                    // the JVM runs from the uploaded copy, named by content hash, not from the local jar
                    String home = System.getProperty("user.home");
                    String uploadedJar = home + "/" + SshServiceHost.CACHE + "/jars/tiny-service-"
                            + SshServiceHost.sha256(jar).substring(0, 16) + ".jar";
                    List<String> jvm = cmdline(jvmPid);
                    assertThat(jvm).contains(uploadedJar).doesNotContain(jar.toString());
                    assertThat(Files.mismatch(jar, Path.of(uploadedJar))).isEqualTo(-1L);
                    // and is not a child of the lab: sshd started it
                    assertThat(ProcessHandle.of(jvmPid).orElseThrow().parent().map(ProcessHandle::pid))
                            .isNotEqualTo(java.util.Optional.of(ProcessHandle.current().pid()));
                    // a file an argument names was uploaded too, and the JVM read that copy
                    String served = get("http://127.0.0.1:" + port + "/file");
                    assertThat(served).startsWith(home + "/" + SshServiceHost.CACHE + "/files/greeting-")
                            .endsWith("\n" + greeting);
                    uploads.add(Path.of(uploadedJar));
                    uploads.add(Path.of(served.substring(0, served.indexOf('\n'))));

                    // the readings are the remote JVM's /proc, not the ssh client's
                    ResourceSampler.Watched watched = service.watched();
                    long from = System.currentTimeMillis();
                    try (ResourceSampler sampler = new ResourceSampler(List.of(watched))) {
                        sampler.start();
                        Thread.sleep(4_500);
                        var window = sampler.window(from, System.currentTimeMillis());
                        assertThat(window.rssMb()).as("sampled RSS").isGreaterThan(TinyService.HELD_MB);
                        // one thread spins: far above an idle ssh client's share, even on a busy machine
                        assertThat(window.cpuPercent()).as("sampled CPU %").isGreaterThan(20);
                    }
                    ProcessProbe.Reading probed = service.resources();
                    ProcessProbe.Reading real = ProcessProbe.read(jvmPid);
                    ProcessProbe.Reading ssh = ProcessProbe.read(service.pid());
                    assertThat(probed.rssMb()).isCloseTo(real.rssMb(), org.assertj.core.data.Offset.offset(
                            Math.max(8, real.rssMb() * 0.05)));
                    // the probe reads every 500 ms and the busy thread burns at most a core: within a second
                    assertThat(probed.cpuSeconds()).isCloseTo(real.cpuSeconds(), org.assertj.core.data.Offset.offset(1.0));
                    assertThat(probed.threads()).isGreaterThan(5);
                    // the JVM's descriptors (jars, sockets, pipes), read there every 500 ms: a few may come and go
                    assertThat(probed.openFiles()).isGreaterThan(3).isCloseTo(real.openFiles(),
                            org.assertj.core.data.Offset.offset(10.0));
                    assertThat(ssh.rssMb()).as("the ssh client's RSS").isLessThan(TinyService.HELD_MB / 4.0);
                    assertThat(probed.cpuSeconds()).isGreaterThan(ssh.cpuSeconds() + 1);
                    assertThat(service.allowedCpus()).isEqualTo(ProcessProbe.allowedCpus(jvmPid));
                } finally {
                    Instant closing = Instant.now();
                    service.close();
                    // SIGHUP ended it (a JVM only killed after the 15 s grace would take longer)
                    assertThat(Duration.between(closing, Instant.now())).isLessThan(Duration.ofSeconds(12));
                }
                assertThat(ProcessHandle.of(jvmPid).map(ProcessHandle::isAlive).orElse(false))
                        .as("the remote JVM %d after close", jvmPid).isFalse();
                assertThat(service.isAlive()).isFalse();
                assertThat(began).isBefore(Instant.now());
            }
            // the jar stays cached; the files beside it (a deployment's keys) go with the connection
            assertThat(uploads.get(0)).exists();
            assertThat(uploads.get(1)).doesNotExist();
        }
    }

    @Test
    void whenEverySshClientOfTheLabIsInterruptedTheRemoteJvmStopsAndCloseConfirmsIt() throws Exception {
        try (LoopbackSshd sshd = LoopbackSshd.start(temp)) {
            Path jar = tinyServiceJar(temp.resolve("tiny-service.jar"));
            Path file = temp.resolve("greeting.txt");
            Files.writeString(file, "hi");
            ServiceHost host = ServiceHost.parse(sshd.address(), sshd.clientKey(), null)
                    .withKnownHosts(temp.resolve("known_hosts"));
            try (SshServiceHost remote = SshServiceHost.connect(host)) {
                int port = Ports.free();
                ServiceProcess service = ServiceLauncher.plain().shapedBy(remote.shaper()).start("tiny",
                        List.of(JAVA, "-Xmx512m", "-jar", jar.toString(), Integer.toString(port), "--file=" + file),
                        temp.resolve("logs").resolve("tiny.log"), "http://127.0.0.1:" + port, Duration.ofSeconds(60));
                long jvmPid = service.elsewhere().orElseThrow().pid();
                uploads.add(Path.of(cmdline(jvmPid).stream().filter(a -> a.endsWith(".jar")).findFirst().orElseThrow()));
                // Ctrl-C in a terminal: SIGINT reaches the service's ssh client and the probe's alike
                List<ProcessHandle> clients = ProcessHandle.current().children()
                        .filter(p -> p.info().command().orElse("").endsWith("ssh")).toList();
                assertThat(clients).hasSizeGreaterThanOrEqualTo(2);
                for (ProcessHandle client : clients) {
                    new ProcessBuilder("kill", "-INT", Long.toString(client.pid())).start().waitFor();
                }
                Instant closing = Instant.now();
                service.close();
                assertThat(Duration.between(closing, Instant.now())).isLessThan(Duration.ofSeconds(12));
                assertThat(ProcessHandle.of(jvmPid).map(ProcessHandle::isAlive).orElse(false))
                        .as("the remote JVM %d after close", jvmPid).isFalse();
            }
        }
    }

    @Test
    void anUploadIsSkippedWhenTheSameContentIsAlreadyInTheCache() throws Exception {
        try (LoopbackSshd sshd = LoopbackSshd.start(temp)) {
            Path file = temp.resolve("data-" + UUID.randomUUID() + ".jar");
            Files.write(file, UUID.randomUUID().toString().repeat(1000).getBytes(StandardCharsets.UTF_8));
            ServiceHost host = ServiceHost.parse(sshd.address(), sshd.clientKey(), null)
                    .withKnownHosts(temp.resolve("known_hosts"));
            String first;
            try (SshServiceHost remote = SshServiceHost.connect(host)) {
                first = remote.upload(file);
            }
            Path copy = Path.of(first);
            uploads.add(copy);
            assertThat(Files.mismatch(file, copy)).isEqualTo(-1L);
            FileTime old = FileTime.fromMillis(1_000_000_000_000L);
            Files.setLastModifiedTime(copy, old);
            // a new connection (no memory of the first) finds it by name and size and leaves it alone
            try (SshServiceHost remote = SshServiceHost.connect(host)) {
                assertThat(remote.upload(file)).isEqualTo(first);
                // the forms of argument that name a local file, and those that do not
                assertThat(remote.localFilesUploaded("--key=" + file)).isEqualTo("--key=" + first);
                assertThat(remote.localFilesUploaded("-Dkey=" + file)).isEqualTo("-Dkey=" + first);
                assertThat(remote.localFilesUploaded("-javaagent:" + file + "=a=b,c"))
                        .isEqualTo("-javaagent:" + first + "=a=b,c");
                assertThat(remote.localFilesUploaded("-agentpath:" + file)).isEqualTo("-agentpath:" + first);
                assertThat(remote.localFilesUploaded(file.toString())).isEqualTo(first);
                for (String kept : List.of("--key=" + temp.resolve("absent"), "--dir=" + temp, "-Xmx1g",
                        "--server.port=8080", "relative/" + file.getFileName())) {
                    assertThat(remote.localFilesUploaded(kept)).isEqualTo(kept);
                }
            }
            assertThat(Files.getLastModifiedTime(copy)).isEqualTo(old);
        }
    }

    @Test
    void badSettingsFailWithWhatToGiveInstead() throws Exception {
        assertThatThrownBy(() -> ServiceHost.parse("lab@host@x", null, null)).isInstanceOf(LabException.class)
                .hasMessageContaining("[user@]host[:port]");
        assertThatThrownBy(() -> ServiceHost.parse("lab@10.0.0.7:70000", temp.resolve("none"), null))
                .hasMessageContaining("1 to 65535");
        assertThatThrownBy(() -> ServiceHost.parse("lab@10.0.0.7", temp.resolve("none"), null))
                .hasMessageContaining("--service-ssh-key").hasMessageContaining("none");
        try (LoopbackSshd sshd = LoopbackSshd.start(temp)) {
            Path knownHosts = temp.resolve("known_hosts");
            assertThatThrownBy(() -> SshServiceHost.connect(ServiceHost.parse(sshd.address(), sshd.clientKey(),
                    "/nowhere/bin/java").withKnownHosts(knownHosts)))
                    .isInstanceOf(LabException.class).hasMessageContaining("--service-java")
                    .hasMessageContaining("/nowhere/bin/java");
            // a Java older than the services': the host's own java 17, where there is one
            Path old = Path.of("/usr/lib/jvm/java-17-openjdk-amd64/bin/java");
            if (Files.isExecutable(old)) {
                assertThatThrownBy(() -> SshServiceHost.connect(ServiceHost.parse(sshd.address(), sshd.clientKey(),
                        old.toString()).withKnownHosts(knownHosts)))
                        .hasMessageContaining("is Java 17").hasMessageContaining("--service-java");
            }
            Path stranger = temp.resolve("stranger");
            Process keygen = new ProcessBuilder("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f",
                    stranger.toString()).start();
            assertThat(keygen.waitFor()).isZero();
            assertThatThrownBy(() -> SshServiceHost.connect(ServiceHost.parse(sshd.address(), stranger, null)
                    .withKnownHosts(knownHosts)))
                    .hasMessageContaining("could not log in").hasMessageContaining("--service-ssh-key");
        }
    }

    /** A runnable jar of {@link TinyService}, built from the test's own class file. */
    public static Path tinyServiceJar(Path jar) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, TinyService.class.getName());
        String entry = TinyService.class.getName().replace('.', '/') + ".class";
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest);
             var in = TinyService.class.getClassLoader().getResourceAsStream(entry)) {
            out.putNextEntry(new JarEntry(entry));
            in.transferTo(out);
            out.closeEntry();
        }
        return jar;
    }

    private static List<String> cmdline(long pid) throws IOException {
        String raw = Files.readString(Path.of("/proc", Long.toString(pid), "cmdline"), StandardCharsets.UTF_8);
        return List.of(raw.split("\0"));
    }

    private static String get(String url) throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }
}
