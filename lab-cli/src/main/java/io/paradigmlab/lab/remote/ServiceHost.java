package io.paradigmlab.lab.remote;

import io.paradigmlab.lab.api.LabException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Another host the service JVMs run on, reached over SSH ({@code --service-host [user@]host[:port]}): the load
 * generator, the databases and the lab stay where the lab runs.
 *
 * @param user       the SSH user, or null for ssh's default (the local user name)
 * @param host       the host name or address, as the lab (and the load) reaches the services there
 * @param port       the SSH port
 * @param key        the private key ssh logs in with
 * @param java       the {@code java} executable on that host that runs the service JVMs (a JDK 25)
 * @param knownHosts the known-hosts file ssh checks the host's key against, or null for ssh's own
 *                   ({@code ~/.ssh/known_hosts}); an unknown host is added on first use
 */
public record ServiceHost(String user, String host, int port, Path key, String java, Path knownHosts) {

    /** The services' address when they run on the lab's own machine. */
    public static final String LOCAL = "127.0.0.1";

    private static final Pattern SPEC = Pattern.compile(
            "(?:([A-Za-z0-9._][A-Za-z0-9._-]*)@)?([A-Za-z0-9][A-Za-z0-9.-]*|\\[[0-9A-Fa-f:.]+])(?::(\\d{1,5}))?");

    public ServiceHost {
        if (port < 1 || port > 65535) {
            throw new LabException("--service-host: the SSH port must be 1 to 65535, got " + port);
        }
    }

    /**
     * Parses {@code --service-host [user@]host[:port]} with {@code --service-ssh-key} (null: ssh's default key,
     * {@code ~/.ssh/id_ed25519} or {@code ~/.ssh/id_rsa}) and {@code --service-java} (null: the path of the lab's own
     * java, {@code java.home}, which must then exist on that host too).
     *
     * @throws LabException saying what is wrong and what to give instead
     */
    public static ServiceHost parse(String spec, Path key, String java) {
        Matcher m = SPEC.matcher(spec == null ? "" : spec.trim());
        if (!m.matches()) {
            throw new LabException("--service-host takes [user@]host[:port] (e.g. lab@10.0.0.7 or lab@10.0.0.7:2222),"
                    + " got '" + spec + "'");
        }
        int port = m.group(3) == null ? 22 : Integer.parseInt(m.group(3));
        if (port < 1 || port > 65535) {
            throw new LabException("--service-host: the SSH port must be 1 to 65535, got " + port + " in '" + spec + "'");
        }
        String host = m.group(2);
        if (host.startsWith("[")) {
            host = host.substring(1, host.length() - 1);
        }
        Path chosenKey = key != null ? key : defaultKey();
        if (!Files.isRegularFile(chosenKey) || !Files.isReadable(chosenKey)) {
            throw new LabException("--service-ssh-key: " + chosenKey + " is not a readable file; give the private key"
                    + " that logs in to " + spec + " (ssh -i KEY)");
        }
        String remoteJava = java != null ? java.trim()
                : Path.of(System.getProperty("java.home"), "bin", "java").toString();
        if (remoteJava.isEmpty() || !remoteJava.startsWith("/")) {
            throw new LabException("--service-java takes the absolute path of a JDK 25's java on the service host"
                    + " (e.g. /usr/lib/jvm/temurin-25-jdk-amd64/bin/java), got '" + java + "'");
        }
        return new ServiceHost(m.group(1), host, port, chosenKey.toAbsolutePath(), remoteJava, null);
    }

    /** ssh's own default: {@code ~/.ssh/id_ed25519}, else {@code ~/.ssh/id_rsa}. */
    static Path defaultKey() {
        Path ssh = Path.of(System.getProperty("user.home"), ".ssh");
        Path ed25519 = ssh.resolve("id_ed25519");
        return Files.exists(ed25519) || !Files.exists(ssh.resolve("id_rsa")) ? ed25519 : ssh.resolve("id_rsa");
    }

    /** The same host with another known-hosts file (tests use their own). */
    public ServiceHost withKnownHosts(Path file) {
        return new ServiceHost(user, host, port, key, java, file);
    }

    /** {@code user@host} (or {@code host}), as ssh takes it. */
    public String destination() {
        return (user == null ? "" : user + "@") + host;
    }

    /** The host as it goes in a URL: an IPv6 address in brackets. */
    public String urlHost() {
        return host.contains(":") ? "[" + host + "]" : host;
    }

    /**
     * Whether the host is this machine's loopback: the services there then reach the lab's embedded databases and
     * proxies, which listen on loopback only.
     *
     * @throws LabException when the name does not resolve
     */
    public boolean loopback() {
        try {
            return InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw new LabException("--service-host: cannot resolve '" + host + "' on this machine; give a name or an"
                    + " address the lab (and its load generator) reaches the services at");
        }
    }

    /** For the report: {@code user@host:port}. */
    public String describe() {
        return destination() + ":" + port;
    }
}
