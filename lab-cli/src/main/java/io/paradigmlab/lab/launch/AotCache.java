package io.paradigmlab.lab.launch;

import io.paradigmlab.lab.api.RepoLayout;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.reaper.ServerKind;
import io.paradigmlab.lab.reaper.ServerRegistry;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The JDK's ahead-of-time cache (JEP 483, 514, 515) for service JVMs, the way Spring Boot documents it: the runnable
 * jar extracted ({@code -Djarmode=tools extract}; a plain jar is copied as it is), one training run with
 * {@code -XX:AOTCacheOutput} and {@code -Dspring.context.exit=onRefresh}, then every launch with
 * {@code -XX:AOTCache}. Classes come loaded and linked from the cache, with the training run's method profiles, so a
 * JVM starts faster; the code it runs is the same.
 *
 * <p>One cache per jar content, JDK and the few flags a cache depends on ({@link #KEY_FLAGS}), trained without agents
 * ({@link #UNTRAINED}), built once on the first launch that needs it and reused by every later one, in any process (a
 * file lock keeps two builds of one cache from racing); a rebuilt jar gets a new cache and the old one is deleted
 * (the build makes reproducible jars, so a rebuild of unchanged code keeps its cache). Launches use
 * {@code -XX:AOTMode=on}: a JVM that cannot use its cache fails to start, so a report never says "AOT cache on" for a
 * JVM that silently ran without it. The same setting applies to every variant (docs/adr/0013-aot-cache.md).
 *
 * <p>The training run gets the launch's own command (its properties and its prepared databases): a Spring Boot
 * service exits by itself once its context has refreshed, before it listens; a service that does not know
 * {@code spring.context.exit} (ChatApp's Vert.x server) is trained until its health check answers, then stopped
 * with SIGTERM, which still writes the cache.
 */
public final class AotCache {

    /** The launch setting ({@code --set aot=on|off}) that turns the cache on or off for every launched variant. */
    public static final String SETTING = "aot";

    /** The JVM flag that makes a JVM refuse to start without its cache. */
    public static final String STRICT = "-XX:AOTMode=on";
    /** {@link #STRICT}'s relaxed form, for JVMs whose extra flags the cache cannot serve (a profiler's recording). */
    public static final String RELAXED = "-XX:AOTMode=auto";

    /**
     * Flags a cache depends on, which get a cache of their own: the collector and the object layout. Others (heap
     * sizes, properties, the flags that let an agent redefine classes) share one; the JVM checks the rest itself at
     * every launch under {@link #STRICT}.
     */
    static final java.util.regex.Pattern KEY_FLAGS = java.util.regex.Pattern.compile(
            "-XX:[+-]?(Use\\w*GC|UseCompressedOops|UseCompressedClassPointers|UseCompactObjectHeaders)"
                    + "|-XX:ObjectAlignmentInBytes=.*");

    /**
     * What the training run leaves out of the launch's command: agents and what switches them on (the flags BlockHound
     * needs and the applications' {@code -D<app>.blockhound=true}), so that every cache is trained on the application
     * alone and a measured JVM without BlockHound never gets a cache that lacks the classes BlockHound redefined in a
     * test's JVM; and the suites' C1-only JIT ({@link ServiceProcess#SUITE_JVM_ARGS}), which would train a cache
     * without the method profiles a measured JVM starts with.
     */
    static final java.util.regex.Pattern UNTRAINED = java.util.regex.Pattern.compile(
            "-XX:[+-]?(EnableDynamicAgentLoading|AllowRedefinitionToAddDeleteMethods)|-javaagent:.*|-agentpath:.*"
                    + "|-agentlib:.*|-D[\\w.-]*blockhound=.*|-XX:TieredStopAtLevel=.*");

    private static final String CACHE_FILE = "app.aot";
    private static final String COMPLETE = "cache.properties";
    private static final Map<Path, ReentrantLock> BUILDING = new ConcurrentHashMap<>();
    /** Jar digests by path, size and modification time: hashing 30 MB on every launch would cost a few hundred ms. */
    private static final Map<String, String> DIGESTS = new ConcurrentHashMap<>();

    private final Path root;
    private final Consumer<String> notes;

    private AotCache(Path root, Consumer<String> notes) {
        this.root = root.toAbsolutePath().normalize();
        this.notes = notes;
    }

    /**
     * Caches under {@code root}.
     *
     * @param notes told when a cache is being built (a training run takes about as long as a start-up)
     */
    public static AotCache at(Path root, Consumer<String> notes) {
        return new AotCache(root, notes);
    }

    /** The checkout's caches, {@code .lab/aot/}; building one is said on standard output. */
    public static AotCache of(RepoLayout repo) {
        return of(repo, System.out::println);
    }

    /** The checkout's caches, {@code .lab/aot/}. */
    public static AotCache of(RepoLayout repo, Consumer<String> notes) {
        return at(repo.root().resolve(".lab").resolve("aot"), notes);
    }

    /** Whether launch settings ({@code --set}) leave the cache on: no {@link #SETTING}, or {@code aot=on}. */
    public static boolean enabledBy(Map<String, String> settings) {
        return !"off".equals(settings.get(SETTING));
    }

    /** The launch settings without the lab's own {@link #SETTING}: what an application is given. */
    public static Map<String, String> withoutSetting(Map<String, String> settings) {
        Map<String, String> rest = new java.util.TreeMap<>(settings);
        rest.remove(SETTING);
        return rest;
    }

    /** Where the caches live. */
    public Path root() {
        return root;
    }

    /** How the report's environment describes this setting. */
    public static String describe(boolean on) {
        return on ? "on: a JDK AOT cache per service jar and JDK (trained once with"
                + " spring.context.exit=onRefresh, extracted jar, -XX:AOTMode=on), the same for every variant"
                : "off: every service JVM loads its classes from its jar (--set aot=off)";
    }

    /**
     * The command to run instead of {@code command} ({@code java [flags] -jar JAR [args]}): the same flags and
     * arguments, with the cached copy of the jar and its cache; builds the cache first when there is none. A command
     * without {@code -jar} is returned as it is.
     *
     * @param name    the service JVM's name, for messages
     * @param baseUrl where the service answers {@code /actuator/health} once up (for services that do not exit after
     *                their training by themselves)
     * @param timeout how long the training run may take
     * @throws LabException when the training run fails or writes no cache, quoting its log
     */
    public List<String> apply(String name, List<String> command, String baseUrl, Duration timeout) {
        int jarAt = command.indexOf("-jar");
        if (jarAt < 1 || jarAt + 1 >= command.size()) {
            return command;
        }
        Path jar = Path.of(command.get(jarAt + 1)).toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) {
            return command; // the launch itself reports the missing jar
        }
        List<String> flags = command.subList(1, jarAt);
        Path dir = cacheDir(command.getFirst(), flags, jar);
        Path copy = dir.resolve("app").resolve(jar.getFileName().toString());
        if (!Files.isRegularFile(dir.resolve(COMPLETE))) {
            build(name, command, jarAt, jar, dir, copy, baseUrl, timeout);
        }
        List<String> out = new ArrayList<>(command.subList(0, jarAt));
        out.add("-XX:AOTCache=" + dir.resolve(CACHE_FILE));
        out.add(STRICT);
        out.add("-jar");
        out.add(copy.toString());
        out.addAll(command.subList(jarAt + 2, command.size()));
        return List.copyOf(out);
    }

    /**
     * {@code <root>/<jar name>/<jar digest>-<JDK and flags digest>}: a new jar, another JDK or {@link #KEY_FLAGS} is
     * another folder; properties (ports, databases) and heap sizes do not matter to a cache.
     */
    Path cacheDir(String java, List<String> flags, Path jar) {
        String jarName = jar.getFileName().toString().replaceFirst("\\.jar$", "");
        return root.resolve(jarName).resolve(digest(jar).substring(0, 16) + "-" + environmentDigest(java, flags));
    }

    private void build(String name, List<String> command, int jarAt, Path jar, Path dir, Path copy, String baseUrl,
                       Duration timeout) {
        ReentrantLock local = BUILDING.computeIfAbsent(dir, d -> new ReentrantLock());
        local.lock();
        try {
            Files.createDirectories(dir.getParent());
            try (FileChannel channel = FileChannel.open(dir.getParent().resolve(dir.getFileName() + ".lock"),
                    StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                 FileLock ignored = channel.lock()) {
                if (Files.isRegularFile(dir.resolve(COMPLETE))) {
                    return; // another launch built it meanwhile
                }
                notes.accept("Building the JDK AOT cache of " + name + " (once per jar and JDK; "
                        + root + ")...");
                long began = System.nanoTime();
                deleteTree(dir);
                Files.createDirectories(dir);
                unpack(command.getFirst(), jar, copy, dir);
                train(name, command, jarAt, copy, dir, baseUrl, timeout);
                Duration took = Duration.ofNanos(System.nanoTime() - began);
                Properties done = new Properties();
                done.setProperty("jar", jar.toString());
                done.setProperty("jar.sha256", digest(jar));
                done.setProperty("java", command.getFirst());
                done.setProperty("flags", String.join(" ", command.subList(1, jarAt)));
                done.setProperty("built", Instant.now().toString());
                done.setProperty("seconds", String.format(java.util.Locale.ROOT, "%.1f", took.toMillis() / 1000.0));
                try (var writer = Files.newBufferedWriter(dir.resolve(COMPLETE))) {
                    done.store(writer, "a complete AOT cache; the lab deletes a folder without this file");
                }
                removeStale(dir);
                notes.accept(String.format("  %s: AOT cache built in %.0f s (%.0f MB)", name, took.toMillis() / 1000.0,
                        Files.size(dir.resolve(CACHE_FILE)) / 1048576.0));
            }
        } catch (IOException e) {
            throw new LabException("Cannot build the AOT cache of " + name + " in " + dir + ": " + e.getMessage(), e);
        } finally {
            local.unlock();
        }
    }

    /** The extracted form of a Spring Boot jar (its classes loadable by the JVM's own loader), or a plain copy. */
    private static void unpack(String java, Path jar, Path copy, Path dir) throws IOException {
        Path app = copy.getParent();
        if (!isSpringBootJar(jar)) {
            Files.createDirectories(app);
            Files.copy(jar, copy, StandardCopyOption.REPLACE_EXISTING);
            return;
        }
        Path log = dir.resolve("extract.log");
        Process extract = new ProcessBuilder(java, "-Djarmode=tools", "-jar", jar.toString(), "extract",
                "--destination", app.toString()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            if (!extract.waitFor(120, TimeUnit.SECONDS)) {
                extract.destroyForcibly();
                throw new LabException("Extracting " + jar + " took more than 120 s");
            }
        } catch (InterruptedException e) {
            extract.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new LabException("Interrupted while extracting " + jar);
        }
        if (extract.exitValue() != 0 || !Files.isRegularFile(copy)) {
            throw new LabException("Extracting " + jar + " failed (exit " + extract.exitValue() + "):\n"
                    + ServiceProcess.tail(log, 20));
        }
    }

    static boolean isSpringBootJar(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            var manifest = file.getManifest();
            return manifest != null && manifest.getMainAttributes().getValue("Spring-Boot-Version") != null;
        }
    }

    private void train(String name, List<String> command, int jarAt, Path copy, Path dir, String baseUrl,
                       Duration timeout) throws IOException {
        List<String> training = new ArrayList<>(command.subList(0, jarAt).stream()
                .filter(word -> !UNTRAINED.matcher(word).matches()).toList());
        training.add("-XX:AOTCacheOutput=" + dir.resolve(CACHE_FILE));
        training.add("-Dspring.context.exit=onRefresh");
        training.add("-jar");
        training.add(copy.toString());
        training.addAll(command.subList(jarAt + 2, command.size()));
        Path log = dir.resolve("training.log");
        Process process = new ProcessBuilder(training).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        // a training run of a service that only ends on a signal would outlive a killed lab: the next one reaps it
        ServerRegistry.Registration record = ServerRegistry.lab().register(ServerKind.SERVICE_JVM, process.toHandle(),
                List.of(), null, "AOT training run of " + name);
        try {
            await(name, process, log, baseUrl, timeout);
        } finally {
            record.remove();
        }
        Path cache = dir.resolve(CACHE_FILE);
        if (!Files.isRegularFile(cache) || Files.size(cache) == 0) {
            throw new LabException("The AOT training run of " + name + " wrote no cache (exit "
                    + (process.isAlive() ? "none" : process.exitValue()) + "). Log " + log + ":\n"
                    + ServiceProcess.tail(log, 30) + "\n(--set aot=off launches without the cache)");
        }
    }

    /**
     * Waits until the training run ends by itself (a Spring Boot service, after its context refresh) or answers its
     * health check (any other), which it then stops with SIGTERM; kills it after {@code timeout}.
     */
    private static void await(String name, Process process, Path log, String baseUrl, Duration timeout) {
        Instant deadline = Instant.now().plus(timeout);
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
        HttpRequest health = HttpRequest.newBuilder(URI.create(baseUrl + "/actuator/health"))
                .timeout(Duration.ofSeconds(2)).build();
        try {
            while (process.isAlive()) {
                if (Instant.now().isAfter(deadline)) {
                    process.destroyForcibly();
                    throw new LabException("The AOT training run of " + name + " took more than "
                            + timeout.toSeconds() + " s. Log " + log + ":\n" + ServiceProcess.tail(log, 30)
                            + "\n(--set aot=off launches without the cache)");
                }
                if (answers(http, health)) {
                    // a service that ignores spring.context.exit: up is trained enough; SIGTERM writes the cache
                    process.destroy();
                    if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
                        process.destroyForcibly();
                    }
                    break;
                }
                process.waitFor(200, TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new LabException("Interrupted while training the AOT cache of " + name);
        }
    }

    private static boolean answers(HttpClient http, HttpRequest health) throws InterruptedException {
        try {
            return http.send(health, HttpResponse.BodyHandlers.discarding()).statusCode() == 200;
        } catch (IOException e) {
            return false;
        }
    }

    /** Other caches of the same jar name, JDK and flags: made for a jar that has since been rebuilt. */
    private static void removeStale(Path dir) throws IOException {
        String environment = dir.getFileName().toString().substring(17);
        try (Stream<Path> siblings = Files.list(dir.getParent())) {
            for (Path sibling : siblings.toList()) {
                String file = sibling.getFileName().toString();
                if (!sibling.equals(dir) && Files.isDirectory(sibling) && file.endsWith("-" + environment)) {
                    deleteTree(sibling);
                    Files.deleteIfExists(sibling.getParent().resolve(file + ".lock"));
                }
            }
        }
    }

    private static String digest(Path jar) {
        try {
            String key = jar + "|" + Files.size(jar) + "|" + Files.getLastModifiedTime(jar).toMillis();
            String known = DIGESTS.get(key);
            if (known != null) {
                return known;
            }
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            try (InputStream in = Files.newInputStream(jar)) {
                byte[] buffer = new byte[1 << 16];
                for (int n; (n = in.read(buffer)) > 0; ) {
                    sha.update(buffer, 0, n);
                }
            }
            String hex = HexFormat.of().formatHex(sha.digest());
            DIGESTS.put(key, hex);
            return hex;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The JDK (its home and release file) and the {@link #KEY_FLAGS}. */
    private static String environmentDigest(String java, List<String> flags) {
        StringBuilder text = new StringBuilder(java);
        try {
            Path home = Path.of(java).toRealPath().getParent().getParent();
            Path release = home.resolve("release");
            text.append('|').append(home);
            if (Files.isRegularFile(release)) {
                text.append('|').append(Files.readString(release));
            }
        } catch (IOException | RuntimeException e) {
            // a java on the PATH by name only: its name stands for it
        }
        flags.stream().filter(f -> KEY_FLAGS.matcher(f).matches()).forEach(f -> text.append('|').append(f));
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.toString().getBytes(StandardCharsets.UTF_8))).substring(0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
