package io.paradigmlab.lab.remote;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A real OpenSSH server on loopback for tests of what the lab does over SSH: its own host key, its own authorized
 * key (a fresh ed25519 pair whose private half {@link #clientKey()} the test hands to the lab), a free port, and the
 * current user. The test setup installs Debian's openssh-server when sshd is missing (these machines run as root);
 * {@code .ci/run} installs it up front.
 */
public final class LoopbackSshd implements AutoCloseable {

    private static final Path SSHD = Path.of("/usr/sbin/sshd");

    private final Path dir;
    private final int port;
    private final Process process;

    private LoopbackSshd(Path dir, int port, Process process) {
        this.dir = dir;
        this.port = port;
        this.process = process;
    }

    /** Starts sshd on 127.0.0.1 at a free port; keys and config live in a fresh folder under {@code parent}. */
    public static LoopbackSshd start(Path parent) throws IOException, InterruptedException {
        installIfMissing();
        Path dir = Files.createTempDirectory(parent, "sshd");
        run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host_key").toString()));
        run(List.of("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("client_key").toString()));
        Files.copy(dir.resolve("client_key.pub"), dir.resolve("authorized_keys"));
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Files.writeString(dir.resolve("sshd_config"), String.join("\n",
                "Port " + port,
                "ListenAddress 127.0.0.1",
                "HostKey " + dir.resolve("host_key"),
                "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
                "PasswordAuthentication no",
                "KbdInteractiveAuthentication no",
                "PubkeyAuthentication yes",
                "PermitRootLogin prohibit-password",
                // the key files live in a temp folder whose modes sshd would otherwise refuse
                "StrictModes no",
                "UsePAM no",
                "PidFile " + dir.resolve("sshd.pid"),
                "Subsystem sftp internal-sftp",
                "MaxSessions 50",
                "MaxStartups 50",
                "") );
        // privilege separation needs its folder; -D keeps sshd in the foreground, a child of this JVM
        Files.createDirectories(Path.of("/run/sshd"));
        Process process = new ProcessBuilder(SSHD.toString(), "-D", "-f", dir.resolve("sshd_config").toString(),
                "-E", dir.resolve("sshd.log").toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("sshd.out").toFile()).start();
        LoopbackSshd sshd = new LoopbackSshd(dir, port, process);
        Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException("sshd exited with " + process.exitValue() + ": "
                        + Files.readString(dir.resolve("sshd.out")) + readIfExists(dir.resolve("sshd.log")));
            }
            try (Socket socket = new Socket("127.0.0.1", port)) {
                return sshd;
            } catch (IOException notYet) {
                Thread.sleep(100);
            }
        }
        sshd.close();
        throw new IllegalStateException("sshd did not listen on " + port + " within 10 s");
    }

    private static void installIfMissing() throws IOException, InterruptedException {
        if (Files.isExecutable(SSHD)) {
            return;
        }
        int code = new ProcessBuilder("sh", "-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive "
                + "apt-get install -y -qq openssh-server").inheritIO().start().waitFor();
        if (code != 0 || !Files.isExecutable(SSHD)) {
            throw new IllegalStateException("No sshd at " + SSHD + " and apt-get could not install openssh-server "
                    + "(exit " + code + "): the SSH tests need a real SSH server on loopback");
        }
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + out);
        }
    }

    private static String readIfExists(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file) : "";
    }

    public String host() {
        return "127.0.0.1";
    }

    public int port() {
        return port;
    }

    /** The user the tests log in as: whoever runs them. */
    public String user() {
        return System.getProperty("user.name");
    }

    /** The private key the server accepts (OpenSSH format, ed25519, no passphrase). */
    public Path clientKey() {
        return dir.resolve("client_key");
    }

    /** {@code user@127.0.0.1:port}. */
    public String address() {
        return user() + "@" + host() + ":" + port;
    }

    /** The server's own log, for a failing test's message. */
    public String log() throws IOException {
        return readIfExists(dir.resolve("sshd.log"));
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
