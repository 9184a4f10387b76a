package io.paradigmlab.chatapp.lab;

import io.paradigmlab.chatapp.schema.ChatSchema;
import io.paradigmlab.lab.api.OneProcessDeployment;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.api.LabInfrastructure;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.Ports;
import io.paradigmlab.lab.api.PostgresEndpoint;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.api.LaunchedService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One ChatApp variant running: its one server JVM ({@code apps/chatapp/<variant>}) on a database the lab prepared
 * (or, when none was given, a fresh migrated and empty one), launched with the lab's JVM flags plus
 * {@code -XX:NativeMemoryTracking=summary} (the thread-stack memory the report shows, spec W4) and the launch settings
 * ({@link ChatSettings}) turned into the server's {@code chatapp.*} system properties.
 */
public final class ChatAppDeployment extends OneProcessDeployment {

    /** Generous: a JVM opening its pool on a loaded 2-core machine. */
    public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(120);
    /** Every variant runs with native memory tracking, so the thread-stack gauge has a value (spec W4). */
    public static final String NMT_FLAG = "-XX:NativeMemoryTracking=summary";
    /** The WebSocket endpoint's path on the server's port. */
    public static final String PATH = "/chat";

    private final ChatSettings settings;
    private final int port;

    private ChatAppDeployment(ChatVariant variant, ChatSettings settings, LaunchedService process, Path jar,
                              String database, int port) {
        super(variant.id(), ChatAppApplication.SERVICE, process, jar, database);
        this.settings = settings;
        this.port = port;
    }

    /**
     * Starts the variant and waits until it is healthy ({@code /actuator/health} answers 200 once its pool works).
     *
     * @throws LabException naming the module to build when its jar is missing, for a bad launch setting, or quoting
     *                      the log of a server that did not become healthy
     */
    public static ChatAppDeployment start(RepoLayout repo, LaunchRequest request) {
        ChatVariant variant = ChatVariant.parse(request.variant());
        ChatSettings settings = ChatSettings.of(request.settings());
        Path jar = jar(repo, variant);
        LabInfrastructure infra = request.infra();
        String database = request.databases().get(ChatAppApplication.SERVICE);
        if (database == null) {
            database = ChatSchema.DATABASE + "_" + variant.id();
            infra.recreateDatabase(database, ChatSchema.LOCATION);
        }
        int wanted = request.ports().getOrDefault(ChatAppApplication.SERVICE, 0);
        int port = wanted != 0 ? Ports.requireFree(wanted, "the chat service") : Ports.free();

        List<String> command = command(variant, settings, jar, infra.postgres(), database, port, request);
        String name = "chatapp " + variant.id() + " server";
        Path log = request.workDir().resolve("logs").resolve("chatapp-" + variant.id() + ".log");
        LaunchedService process = request.launcher().start(name, command, log, request.serviceUrl(port),
                STARTUP_TIMEOUT);
        return new ChatAppDeployment(variant, settings, process, jar, database, port);
    }

    /** The server's command line: exposed for tests of the flags. */
    static List<String> command(ChatVariant variant, ChatSettings settings, Path jar, PostgresEndpoint pg,
                                String database, int port, LaunchRequest request) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(request.jvmArgs());
        command.add(NMT_FLAG);
        settings.xssFlag().ifPresent(command::add);
        if (request.blockHound() && variant.eventLoop()) {
            // BlockHound attaches an agent at run time and, on JDK 13+, redefines classes adding methods
            command.add("-XX:+EnableDynamicAgentLoading");
            command.add("-XX:+AllowRedefinitionToAddDeleteMethods");
            command.add("-Dchatapp.blockhound=true");
        }
        command.add("-Dchatapp.port=" + port);
        command.add("-Dchatapp.db.url=" + pg.jdbcUrl(database));
        command.add("-Dchatapp.db.user=" + pg.user());
        command.add("-Dchatapp.db.password=" + pg.password());
        command.add("-Dchatapp.pool-size=" + settings.poolSize());
        command.add("-Dchatapp.stateless=" + settings.stateless());
        command.add("-Dchatapp.outbound-queue=" + settings.outboundQueue());
        command.add("-jar");
        command.add(jar.toString());
        return command;
    }

    /**
     * The runnable jar of a variant: {@code apps/chatapp/<variant>/target/chatapp-<variant>-exec.jar}.
     *
     * @throws LabException naming the module to build when it is missing
     */
    public static Path jar(RepoLayout repo, ChatVariant variant) {
        Path module = repo.root().resolve(variant.module());
        Path jar = module.resolve("target").resolve(variant.jarName());
        if (!Files.isRegularFile(jar)) {
            throw new LabException("The ChatApp " + variant.id() + " variant is not built (" + repo.root().relativize(jar)
                    + " is missing). Build it with: ./mvnw -B install -DskipTests -pl " + variant.module() + " -am");
        }
        return jar;
    }

    public ChatVariant variant() {
        return ChatVariant.parse(variantId());
    }

    /** The settings it was launched with. */
    public ChatSettings settings() {
        return settings;
    }

    /** The server's HTTP base URL, e.g. {@code http://127.0.0.1:40123} (health, Prometheus). */
    public String url() {
        return process().baseUrl();
    }

    /** The WebSocket endpoint, e.g. {@code ws://127.0.0.1:40123/chat}. */
    public String webSocketUrl() {
        return url().replaceFirst("^http", "ws") + PATH;
    }

    public int port() {
        return port;
    }
}
