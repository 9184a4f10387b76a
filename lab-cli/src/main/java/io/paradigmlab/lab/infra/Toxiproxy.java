package io.paradigmlab.lab.infra;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.RedisEndpoint;
import io.paradigmlab.lab.api.Ports;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import eu.rekawek.toxiproxy.model.ToxicDirection;
import io.paradigmlab.lab.reaper.ServerKind;
import io.paradigmlab.lab.reaper.ServerRegistry;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Toxiproxy server (Shopify's TCP proxy that injects network faults, https://github.com/Shopify/toxiproxy),
 * started by the lab as a child process and driven through its HTTP API with the toxiproxy-java client. The lab uses
 * it to put a fixed network latency between a service and Redis, as seed 001 did for its cache workload (3 ms
 * +/- 1 ms in each direction), so that a cache access costs what it costs over a network and not what it costs
 * on the loopback interface (docs/methodology.md, "Injected latency").
 *
 * <p>The server is a Go program. {@link #locate} finds {@value #BINARY} on the PATH or under
 * {@code <lab home>/.lab/tools/}, or builds {@link #VERSION} there with {@code go install}; without Go it fails with
 * a message saying how to get either.
 */
public final class Toxiproxy implements AutoCloseable {

    /** The version the lab installs when it finds none: the one its measurements were made with. */
    public static final String VERSION = "v2.12.0";
    /** The Go package of the server; {@code go install} names its binary {@code server}. */
    static final String MODULE = "github.com/Shopify/toxiproxy/v2/cmd/server";
    /** The server's name in Toxiproxy's release archives and packages. */
    public static final String BINARY = "toxiproxy-server";

    private static final Pattern SEMVER = Pattern.compile("v?(\\d+\\.\\d+\\.\\d+\\S*)");
    private static final Pattern BUILD_INFO_MODULE =
            Pattern.compile("(?m)^\\s*mod\\s+github\\.com/Shopify/toxiproxy/v2\\s+(v\\S+)");

    private final Process process;
    private final ToxiproxyClient client;
    private final Path binary;
    private final String version;
    private final Path log;
    private final int apiPort;
    /** Its record in the lab's registry of servers. */
    private final ServerRegistry.Registration record;

    /** A lab that ends without {@link #close()} (Ctrl-C) must not leave the server running. */
    private final Thread stopOnExit;

    private Toxiproxy(Process process, ToxiproxyClient client, Path binary, String version, Path log, int apiPort,
                      ServerRegistry.Registration record) {
        this.process = process;
        this.record = record;
        this.client = client;
        this.binary = binary;
        this.version = version;
        this.log = log;
        this.apiPort = apiPort;
        this.stopOnExit = new Thread(() -> {
            process.destroyForcibly();
            record.remove();
        }, "stop-toxiproxy");
        Runtime.getRuntime().addShutdownHook(stopOnExit);
    }

    /**
     * The server's binary: {@value #BINARY} on the PATH, else {@code <labHome>/.lab/tools/toxiproxy-server}, else
     * {@code <labHome>/.lab/tools/toxiproxy/server} (where the lab installs it), else installed there now with
     * {@code GOBIN=<labHome>/.lab/tools/toxiproxy go install github.com/Shopify/toxiproxy/v2/cmd/server@v2.12.0}.
     *
     * @param progress told before a (slow) installation starts
     * @throws LabException when it is nowhere and Go is not installed, or the installation fails
     */
    public static Path locate(Path labHome, java.util.function.Consumer<String> progress) {
        return locate(labHome, System.getenv("PATH"), go(), progress);
    }

    /** {@link #locate(Path, java.util.function.Consumer)} with the PATH and Go given (null: none). */
    static Path locate(Path labHome, String path, Path go, java.util.function.Consumer<String> progress) {
        Path tools = labHome.resolve(".lab").resolve("tools");
        Path onPath = onPath(BINARY, path);
        if (onPath != null) {
            return onPath;
        }
        for (Path candidate : List.of(tools.resolve(BINARY), installed(labHome))) {
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return install(labHome, go, progress);
    }

    /** Where {@link #locate} installs the server. */
    public static Path installed(Path labHome) {
        return labHome.resolve(".lab").resolve("tools").resolve("toxiproxy").resolve("server");
    }

    private static Path install(Path labHome, Path go, java.util.function.Consumer<String> progress) {
        Path target = installed(labHome);
        if (go == null) {
            throw new LabException("Injected Redis latency needs Toxiproxy, and the lab found neither " + BINARY
                    + " on the PATH nor " + labHome.relativize(target) + ", nor Go to build it. Either install Go"
                    + " (https://go.dev/doc/install, so that `go` is on the PATH) and run again: the lab then runs `GOBIN="
                    + target.getParent() + " go install " + MODULE + "@" + VERSION + "` once by itself; or put"
                    + " Toxiproxy " + VERSION + "'s " + BINARY + " on the PATH (https://github.com/Shopify/toxiproxy"
                    + "/releases/tag/" + VERSION + "); or switch the latency off with --redis-latency 0.");
        }
        progress.accept("Installing Toxiproxy " + VERSION + " with Go into " + target.getParent()
                + " (once; it downloads the module and compiles it)...");
        Path out;
        try {
            Files.createDirectories(target.getParent());
            out = Files.createTempFile(target.getParent(), "go-install-", ".log");
        } catch (IOException e) {
            throw new LabException("Cannot create " + target.getParent() + ": " + e.getMessage(), e);
        }
        ProcessBuilder builder = new ProcessBuilder(go.toString(), "install", MODULE + "@" + VERSION)
                .redirectErrorStream(true).redirectOutput(out.toFile());
        builder.environment().put("GOBIN", target.getParent().toAbsolutePath().toString());
        // the module's own go.mod decides the toolchain; a module-aware install never touches a go.mod of ours
        builder.environment().put("GO111MODULE", "on");
        int exit;
        try {
            Process install = builder.start();
            if (!install.waitFor(15, TimeUnit.MINUTES)) {
                install.destroyForcibly();
                throw new LabException("`go install " + MODULE + "@" + VERSION + "` took more than 15 minutes; its"
                        + " output: " + out);
            }
            exit = install.exitValue();
        } catch (IOException e) {
            throw new LabException("Cannot run " + go + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("Interrupted while installing Toxiproxy");
        }
        if (exit != 0 || !Files.isExecutable(target)) {
            throw new LabException("`GOBIN=" + target.getParent() + " go install " + MODULE + "@" + VERSION
                    + "` failed (exit " + exit + "):\n" + tail(out, 20) + "\nInstall Toxiproxy " + VERSION + " by"
                    + " hand (put " + BINARY + " on the PATH), or run with --redis-latency 0.");
        }
        try {
            Files.deleteIfExists(out);
        } catch (IOException ignored) {
            // a leftover log is harmless
        }
        return target;
    }

    /**
     * Starts the server on a free loopback port and waits until its API answers.
     *
     * @param seed    Toxiproxy's seed for its random draws (the jitter), so a campaign's delays are reproducible
     * @param workDir where its log goes
     */
    public static Toxiproxy start(Path binary, long seed, Path workDir) {
        String version = version(binary);
        int port = Ports.free();
        Path log = workDir.resolve("toxiproxy.log");
        Process process;
        try {
            Files.createDirectories(workDir);
            ProcessBuilder builder = new ProcessBuilder(binary.toString(), "-host", "127.0.0.1", "-port",
                    Integer.toString(port), "-seed", Long.toString(seed)).redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            // its default level logs every API call and connection step: proxies, connections and failures suffice
            builder.environment().put("LOG_LEVEL", "info");
            process = builder.start();
        } catch (IOException e) {
            throw new LabException("Cannot start Toxiproxy (" + binary + "): " + e.getMessage(), e);
        }
        ServerRegistry.Registration record = ServerRegistry.lab().register(ServerKind.TOXIPROXY, process.toHandle(),
                List.of(port), null, "injected latency; the port of its API");
        ToxiproxyClient client = new ToxiproxyClient("127.0.0.1", port);
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while (true) {
            try {
                client.version();
                return new Toxiproxy(process, client, binary, version, log, port, record);
            } catch (IOException e) {
                if (!process.isAlive() || System.nanoTime() > deadline) {
                    process.destroyForcibly();
                    record.remove();
                    throw new LabException("Toxiproxy (" + binary + ") did not answer on 127.0.0.1:" + port
                            + " within 15 s; its log:\n" + tail(log, 20));
                }
                sleep(50);
            }
        }
    }

    /**
     * A proxy in front of {@code upstream} on a free loopback port, with a latency toxic of {@code latency} plus or
     * minus {@code jitter} (uniform) on each direction: upstream (client to server, the command) and downstream (the
     * answer). A request-response round trip through it therefore takes about twice the latency more.
     *
     * @return where clients connect instead of {@code upstream}
     */
    public RedisEndpoint latency(String name, RedisEndpoint upstream, Duration latency, Duration jitter) {
        int listen = Ports.free();
        try {
            Proxy proxy = client.createProxy(name, "127.0.0.1:" + listen, upstream.host() + ":" + upstream.port());
            proxy.toxics().latency(name + "-upstream", ToxicDirection.UPSTREAM, latency.toMillis())
                    .setJitter(jitter.toMillis());
            proxy.toxics().latency(name + "-downstream", ToxicDirection.DOWNSTREAM, latency.toMillis())
                    .setJitter(jitter.toMillis());
        } catch (IOException e) {
            throw new LabException("Toxiproxy refused the proxy " + name + " in front of " + upstream.url() + ": "
                    + e.getMessage() + "; its log: " + log, e);
        }
        return new RedisEndpoint("127.0.0.1", listen);
    }

    /** The server's version, e.g. {@code 2.12.0}, as the binary itself (or its Go build information) reports it. */
    public String version() {
        return version;
    }

    public Path binary() {
        return binary;
    }

    /** The port of its HTTP API. */
    public int apiPort() {
        return apiPort;
    }

    public Path log() {
        return log;
    }

    /**
     * {@code toxiproxy-server -version} prints {@code git} when the binary was built with {@code go install} (the
     * release's version is set by its own build); the module version is then in the binary's Go build information
     * ({@code go version -m}).
     */
    static String version(Path binary) {
        String printed = run(List.of(binary.toString(), "-version"));
        Matcher m = SEMVER.matcher(printed == null ? "" : printed);
        if (m.find()) {
            return m.group(1);
        }
        Path go = go();
        if (go != null) {
            String info = run(List.of(go.toString(), "version", "-m", binary.toString()));
            Matcher module = BUILD_INFO_MODULE.matcher(info == null ? "" : info);
            if (module.find()) {
                return module.group(1).substring(1) + " (go install)";
            }
        }
        return "unknown (" + (printed == null ? "no answer to -version" : printed.trim()) + ")";
    }

    private static String run(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /** The {@code go} command: on the PATH, in {@code $GOROOT/bin}, or Go's default /usr/local/go/bin. */
    static Path go() {
        Path onPath = onPath("go", System.getenv("PATH"));
        if (onPath != null) {
            return onPath;
        }
        List<Path> candidates = new ArrayList<>();
        String goroot = System.getenv("GOROOT");
        if (goroot != null && !goroot.isBlank()) {
            candidates.add(Path.of(goroot, "bin", "go"));
        }
        candidates.add(Path.of("/usr/local/go/bin/go"));
        return candidates.stream().filter(p -> Files.isRegularFile(p) && Files.isExecutable(p)).findFirst()
                .orElse(null);
    }

    private static Path onPath(String name, String path) {
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isBlank()) {
                continue;
            }
            Path candidate = Path.of(dir, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    private static String tail(Path file, int lines) {
        try {
            List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException | RuntimeException e) {
            return "(" + file + " cannot be read)";
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("Interrupted");
        }
    }

    /** Stops the server; connections through its proxies are cut. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        } catch (IllegalStateException alreadyExiting) {
            // the hook stops it anyway
        }
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
        record.remove();
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "Toxiproxy %s on 127.0.0.1:%d", version, apiPort);
    }
}
