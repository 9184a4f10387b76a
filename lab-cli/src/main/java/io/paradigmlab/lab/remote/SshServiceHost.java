package io.paradigmlab.lab.remote;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.launch.ServiceProcess;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs the lab's service JVMs on another host over SSH (OpenSSH's own {@code ssh} client, key-based, batch mode):
 * a {@link ServiceProcess.Shaper} that turns each service JVM's command into
 * {@code ssh -tt HOST 'echo LAB_REMOTE_PID=$$; exec JAVA ...'}, after copying the jars and every other local file an
 * argument names into a cache on that host ({@value #CACHE}, by content hash, skipped when already there); a
 * {@link RemoteProbe} per JVM that reads its /proc there; and the host's description for the report (system, CPU,
 * memory, JDK, clock offset).
 *
 * <p>{@code -tt} gives the remote JVM a terminal whose hang-up ends it: when the lab stops the ssh client
 * ({@link ServiceProcess#close()}), sshd hangs up the terminal and the JVM, its session leader, gets SIGHUP and
 * shuts down as on SIGTERM. The lab then waits until the remote pid is gone.
 */
public final class SshServiceHost implements AutoCloseable {

    /** The remote cache of uploaded files, under the SSH user's home. */
    public static final String CACHE = ".paradigm-lab";

    /** The line the remote shell prints before it becomes the JVM: the JVM's pid there. */
    static final String PID_MARKER = "LAB_REMOTE_PID=";
    private static final Pattern PID_LINE = Pattern.compile(Pattern.quote(PID_MARKER) + "(\\d+)");

    private final ServiceHost host;
    private final String home;
    private final Map<String, String> facts;
    /** Content hash to the remote path of an uploaded file. */
    private final Map<String, String> uploaded = new ConcurrentHashMap<>();
    /** Logs of the JVMs this host's shaper started, so {@code locate} answers only for those. */
    private final Set<Path> shapedLogs = ConcurrentHashMap.newKeySet();

    private SshServiceHost(ServiceHost host, String home, Map<String, String> facts) {
        this.host = host;
        this.home = home;
        this.facts = facts;
    }

    /**
     * Logs in once, checks the remote JDK ({@code java -version} must say 25 or later) and reads the host's facts.
     *
     * @throws LabException when ssh cannot log in or the JDK is missing or too old, saying which option to change
     */
    public static SshServiceHost connect(ServiceHost host) {
        String script = String.join("; ",
                "printf 'home=%s\\n' \"$HOME\"",
                "printf 'uname=%s\\n' \"$(uname -a)\"",
                "printf 'cpu=%s\\n' \"$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-)\"",
                "printf 'cores=%s\\n' \"$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN)\"",
                "printf 'memory=%s\\n' \"$(grep -m1 MemTotal /proc/meminfo)\"",
                "printf 'hostname=%s\\n' \"$(hostname)\"",
                "printf 'tck=%s\\n' \"$(getconf CLK_TCK)\"",
                "printf 'java=%s\\n' \"$(" + quote(host.java()) + " -version 2>&1 | tr '\\n' '|')\"");
        Result result = exec(host, script, null, Duration.ofSeconds(30));
        if (result.code() != 0 || !result.out().contains("home=")) {
            throw new LabException("--service-host " + host.describe() + ": ssh could not log in (exit " + result.code()
                    + "): " + result.err().strip() + "\nCheck the address, --service-ssh-key (" + host.key()
                    + ") and that the key is in the user's authorized_keys there; try: ssh -i " + host.key() + " -p "
                    + host.port() + " " + host.destination() + " true");
        }
        Map<String, String> facts = new LinkedHashMap<>();
        for (String line : result.out().split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                facts.put(line.substring(0, eq), line.substring(eq + 1).strip());
            }
        }
        String java = facts.getOrDefault("java", "");
        Matcher version = Pattern.compile("version \"(\\d+)").matcher(java);
        if (!version.find()) {
            throw new LabException("--service-java: " + host.java() + " on " + host.describe() + " did not run ("
                    + java.replace('|', ' ').strip() + "). Give the path of a JDK 25's java there, e.g."
                    + " --service-java /usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
        }
        int feature = Integer.parseInt(version.group(1));
        if (feature < Runtime.version().feature()) {
            throw new LabException("--service-java: " + host.java() + " on " + host.describe() + " is Java " + feature
                    + "; the services need Java " + Runtime.version().feature() + " or later. Give the path of such a"
                    + " JDK's java there with --service-java (e.g. /usr/lib/jvm/temurin-25-jdk-amd64/bin/java)");
        }
        if (!"100".equals(facts.get("tck"))) {
            throw new LabException("The service host's kernel counts " + facts.get("tck") + " clock ticks per second;"
                    + " the lab's CPU readings assume 100, as every mainstream Linux build");
        }
        return new SshServiceHost(host, facts.get("home"), facts);
    }

    public ServiceHost host() {
        return host;
    }

    /**
     * The shaper that runs a service JVM's command over SSH on this host, for a launcher that starts the campaign's
     * JVMs there ({@code ServiceLauncher.shapedBy}). It needs this connection: use it until this host is closed.
     */
    public ServiceProcess.Shaper shaper() {
        return new Shaper();
    }

    /**
     * What the report records about this host: its system, CPU, cores, memory, JDK and its clock's offset from the
     * lab's, measured now.
     */
    public Map<String, String> describe() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("service host", host.describe() + " (" + facts.getOrDefault("hostname", "?") + "), over SSH: the"
                + " service JVMs run there; the load generator" + (host.loopback() ? ", databases and proxies"
                : " and the lab") + " here; its CPU, RSS and threads are read from its /proc by a remote probe");
        env.put("service host os", facts.getOrDefault("uname", "unknown"));
        env.put("service host cpu", facts.getOrDefault("cpu", "unknown"));
        env.put("service host cores", facts.getOrDefault("cores", "unknown"));
        String memory = facts.getOrDefault("memory", "").replaceAll("\\D", "");
        env.put("service host memory", memory.isEmpty() ? "unknown" : Long.parseLong(memory) / (1024 * 1024) + " GiB");
        env.put("service host jdk", host.java() + ": " + facts.getOrDefault("java", "").replace('|', ' ').strip());
        env.put("service host clock", clockOffset().describe());
        env.put("lab host", hostName() + ": the load generator, and the reference of the clock offset");
        return env;
    }

    /** A clock offset: remote minus local, at the midpoint of the best of several round trips. */
    public record ClockOffset(double offsetMillis, double roundTripMillis, int trips) {
        public String describe() {
            return String.format(Locale.ROOT, "%+.1f ms from the lab host's clock (the remote date +%%s%%N against"
                    + " the local clock at the midpoint of the shortest of %d round trips over one SSH session, %.1f"
                    + " ms; uncertainty +/- half of it)", offsetMillis, trips, roundTripMillis);
        }
    }

    /**
     * The remote clock's offset: one SSH session answers each line it reads with {@code date +%s%N}; of 10 round
     * trips, the shortest gives the offset at its midpoint (NTP's idea, without its filtering).
     */
    public ClockOffset clockOffset() {
        List<String> command = sshCommand(false);
        command.add("while read -r x; do date +%s%N; done");
        Process p = null;
        try {
            p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            OutputStream in = p.getOutputStream();
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            double best = Double.MAX_VALUE;
            double offset = Double.NaN;
            int trips = 10;
            for (int i = 0; i < trips; i++) {
                long before = epochNanos();
                in.write('\n');
                in.flush();
                String line = out.readLine();
                long after = epochNanos();
                if (line == null) {
                    throw new LabException("The service host's clock could not be read over SSH");
                }
                double rtt = (after - before) / 1e6;
                if (rtt < best) {
                    best = rtt;
                    offset = (Long.parseLong(line.strip()) - (before + (after - before) / 2)) / 1e6;
                }
            }
            return new ClockOffset(offset, best, trips);
        } catch (IOException | NumberFormatException e) {
            throw new LabException("The service host's clock could not be read over SSH: " + e.getMessage(), e);
        } finally {
            if (p != null) {
                p.destroy();
            }
        }
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static long epochNanos() {
        java.time.Instant now = java.time.Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }

    /**
     * Copies {@code local} into the remote cache, as {@code ~/.paradigm-lab/jars/<name>-<sha256 prefix>.jar} (or
     * {@code files/} for other files, removed again by {@link #close()}), unless a file of that name and size is
     * already there; returns its remote path.
     */
    public String upload(Path local) {
        String sha = sha256(local);
        return uploaded.computeIfAbsent(sha, s -> {
            String file = local.getFileName().toString();
            int dot = file.lastIndexOf('.');
            String stem = dot > 0 ? file.substring(0, dot) : file;
            String ext = dot > 0 ? file.substring(dot) : "";
            String folder = home + "/" + CACHE + "/" + (ext.equals(".jar") ? "jars" : "files");
            String remote = folder + "/" + stem + "-" + s.substring(0, 16) + ext;
            long size;
            try {
                size = Files.size(local);
            } catch (IOException e) {
                throw new LabException("Cannot read " + local + ": " + e.getMessage(), e);
            }
            // same name and size: the hash in the name already says it is the same content
            String script = "if [ \"$(stat -c %s " + quote(remote) + " 2>/dev/null)\" = " + size + " ]; then echo cached;"
                    + " else mkdir -p " + quote(folder) + " && cat > " + quote(remote) + ".part.$$ && mv "
                    + quote(remote) + ".part.$$ " + quote(remote) + " && echo uploaded; fi";
            // a cached file leaves the upload unread: ssh's stdin then fails with a broken pipe, which is harmless
            Result result = exec(host, script, local, Duration.ofMinutes(10));
            if (result.code() != 0 || !(result.out().contains("cached") || result.out().contains("uploaded"))) {
                throw new LabException("Cannot copy " + local + " to " + host.describe() + ":" + remote + " (exit "
                        + result.code() + "): " + result.err().strip());
            }
            return remote;
        });
    }

    private static final Map<String, String> HASHES = new ConcurrentHashMap<>();

    /** The file's SHA-256, remembered by path, size and modification time (service jars are large). */
    static String sha256(Path file) {
        try {
            String key = file.toAbsolutePath() + "|" + Files.size(file) + "|" + Files.getLastModifiedTime(file).toMillis();
            return HASHES.computeIfAbsent(key, k -> {
                try (InputStream in = Files.newInputStream(file)) {
                    MessageDigest digest = MessageDigest.getInstance("SHA-256");
                    byte[] buffer = new byte[1 << 16];
                    for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                        digest.update(buffer, 0, n);
                    }
                    return HexFormat.of().formatHex(digest.digest());
                } catch (IOException | NoSuchAlgorithmException e) {
                    throw new LabException("Cannot read " + file + ": " + e.getMessage(), e);
                }
            });
        } catch (IOException e) {
            throw new LabException("Cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * The command that runs {@code command} (a service JVM's, the lab's {@code java} in it) there: local files its
     * arguments name uploaded and replaced by their remote copies, the java executable replaced by the host's.
     */
    List<String> remoteCommand(List<String> command) {
        List<String> remote = new ArrayList<>();
        boolean javaSeen = false;
        for (String arg : command) {
            if (!javaSeen && Path.of(arg).getFileName() != null && Path.of(arg).getFileName().toString().equals("java")) {
                remote.add(host.java());
                javaSeen = true;
            } else {
                remote.add(localFilesUploaded(arg));
            }
        }
        if (!javaSeen) {
            throw new LabException("A service JVM's command names no java executable: " + String.join(" ", command));
        }
        StringBuilder script = new StringBuilder("echo " + PID_MARKER + "$$; exec");
        remote.forEach(arg -> script.append(' ').append(quote(arg)));
        List<String> ssh = sshCommand(true);
        ssh.add(script.toString());
        return ssh;
    }

    /**
     * An argument with the local files it names (the whole argument, the value of {@code --key=PATH} or
     * {@code -Dkey=PATH}, the path of {@code -javaagent:PATH[=options]} or {@code -agentpath:}) replaced by their
     * uploaded copies; other arguments as they are.
     */
    String localFilesUploaded(String arg) {
        for (String prefix : List.of("-javaagent:", "-agentpath:")) {
            if (arg.startsWith(prefix)) {
                String rest = arg.substring(prefix.length());
                int eq = rest.indexOf('=');
                String path = eq < 0 ? rest : rest.substring(0, eq);
                return isLocalFile(path) ? prefix + upload(Path.of(path)) + (eq < 0 ? "" : rest.substring(eq)) : arg;
            }
        }
        if (isLocalFile(arg)) {
            return upload(Path.of(arg));
        }
        int eq = arg.indexOf('=');
        if (arg.startsWith("-") && eq > 0 && isLocalFile(arg.substring(eq + 1))) {
            return arg.substring(0, eq + 1) + upload(Path.of(arg.substring(eq + 1)));
        }
        return arg;
    }

    private static boolean isLocalFile(String text) {
        try {
            return text.startsWith("/") && Files.isRegularFile(Path.of(text));
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** ssh with this host's key, port and options; {@code tty}: with a remote terminal ({@code -tt}). */
    List<String> sshCommand(boolean tty) {
        return sshCommand(host, tty);
    }

    private static List<String> sshCommand(ServiceHost host, boolean tty) {
        List<String> command = new ArrayList<>(List.of("ssh"));
        if (tty) {
            command.add("-tt");
        } else {
            command.add("-T");
        }
        command.addAll(List.of("-i", host.key().toString(), "-p", Integer.toString(host.port()),
                "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-o", "StrictHostKeyChecking=accept-new",
                "-o", "ConnectTimeout=10", "-o", "ServerAliveInterval=5", "-o", "ServerAliveCountMax=3",
                "-o", "LogLevel=ERROR"));
        if (host.knownHosts() != null) {
            command.addAll(List.of("-o", "UserKnownHostsFile=" + host.knownHosts()));
        }
        command.add(host.destination());
        return command;
    }

    record Result(int code, String out, String err) {
    }

    /** Runs {@code script} there (its stdin from {@code input}, or none) and waits for it. */
    Result exec(String script, Duration timeout) {
        return exec(host, script, null, timeout);
    }

    private static Result exec(ServiceHost host, String script, Path input, Duration timeout) {
        List<String> command = sshCommand(host, false);
        command.add(script);
        try {
            ProcessBuilder builder = new ProcessBuilder(command);
            builder.redirectInput(input == null ? ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile())
                    : ProcessBuilder.Redirect.from(input.toFile()));
            Path err = Files.createTempFile("lab-ssh", ".err");
            try {
                builder.redirectError(err.toFile());
                Process p = builder.start();
                byte[] out = p.getInputStream().readAllBytes();
                if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    p.destroyForcibly();
                    return new Result(-1, new String(out, StandardCharsets.UTF_8), "timed out after "
                            + timeout.toSeconds() + " s");
                }
                return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8), Files.readString(err));
            } finally {
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new LabException("Cannot run ssh (the OpenSSH client must be on PATH): " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("Interrupted while running ssh to " + host.describe());
        }
    }

    /** {@code text} as one word of a POSIX shell. */
    static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }

    /** The JVM's pid there: the last {@value #PID_MARKER} line of its log (a restart appends another). */
    static long remotePid(Path log) {
        try {
            String text = Files.readString(log, StandardCharsets.ISO_8859_1);
            Matcher m = PID_LINE.matcher(text);
            long pid = -1;
            while (m.find()) {
                pid = Long.parseLong(m.group(1));
            }
            return pid;
        } catch (IOException e) {
            return -1;
        }
    }

    private final class Shaper implements ServiceProcess.Shaper {
        @Override
        public List<String> shape(String name, List<String> command, Path log) {
            shapedLogs.add(log.toAbsolutePath());
            return remoteCommand(command);
        }

        /** Runs the whole command there, with whatever the other shapers added to it. */
        @Override
        public boolean outermost() {
            return true;
        }

        @Override
        public ServiceProcess.Elsewhere locate(String name, Path log, Process started) {
            if (!shapedLogs.contains(log.toAbsolutePath())) {
                return null;
            }
            long pid = remotePid(log);
            if (pid < 0) {
                throw new LabException(name + " runs on " + host.describe() + " but its log " + log + " names no "
                        + PID_MARKER + " line, so its process there cannot be sampled");
            }
            return RemoteProbe.start(SshServiceHost.this, pid);
        }
    }

    /**
     * Removes (the JVMs are stopped by their deployments; the launchers holding the shaper end with the campaign) the files other than jars this
     * connection copied there: a deployment's keys are made for it (a private key among them), and only the jars
     * are worth keeping in the cache. Best effort: a host that went away keeps them.
     */
    @Override
    public void close() {
        List<String> files = uploaded.values().stream().filter(path -> !path.endsWith(".jar")).toList();
        if (!files.isEmpty()) {
            StringBuilder script = new StringBuilder("rm -f");
            files.forEach(path -> script.append(' ').append(quote(path)));
            try {
                exec(host, script.toString(), null, Duration.ofSeconds(20));
            } catch (RuntimeException e) {
                // left behind on a host the lab cannot reach any more
            }
        }
    }
}
