package io.paradigmlab.lab.launch;

import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.infra.PostgresEndpoint;
import io.paradigmlab.lab.infra.Ports;
import io.paradigmlab.tweebyte.schema.ServiceDatabase;
import io.paradigmlab.tweebyte.security.KeyMaterial;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * One variant of Tweebyte running on given infrastructure: fresh databases, a key pair made for this
 * deployment, and the variant's service JVMs, each launched with the same JVM flags.
 */
public final class TweebyteDeployment implements AutoCloseable {

    /**
     * JVM flags of every service JVM, whatever the variant (docs/adr/0004-equal-settings.md). A fixed heap
     * ceiling keeps memory comparable; G1 is the JDK default, named so a JDK change cannot switch it silently.
     */
    public static final List<String> DEFAULT_JVM_ARGS =
            List.of("-Xms256m", "-Xmx1g", "-XX:+UseG1GC", "-XX:+ExitOnOutOfMemoryError");

    /** How long a service may take to become healthy: generous, for a loaded 2-core machine. */
    public static final Duration STARTUP_TIMEOUT = Duration.ofSeconds(120);

    /**
     * @param variant         which paradigm
     * @param databaseSuffix  appended to each service's database name, so several deployments can share a server
     * @param userPort        port of the user service, or 0 for any free port
     * @param securityEnabled false runs the "security off" benchmark mode: no token checks
     * @param blockHound      install BlockHound in reactive services, so a blocking call on an event loop fails
     * @param jvmArgs         flags for every service JVM
     * @param workDir         where keys and logs go
     */
    public record Options(Variant variant, String databaseSuffix, int userPort, boolean securityEnabled,
                          boolean blockHound, List<String> jvmArgs, Path workDir) {

        public static Options defaults(Variant variant, Path workDir) {
            return new Options(variant, "", 0, true, false, DEFAULT_JVM_ARGS, workDir);
        }
    }

    private final Options options;
    private final List<ServiceProcess> services;

    private final Path jar;

    private TweebyteDeployment(Options options, List<ServiceProcess> services, Path jar) {
        this.options = options;
        this.services = services;
        this.jar = jar;
    }

    public static TweebyteDeployment start(RepoLayout repo, Infrastructure infra, Options options) {
        return start(repo, infra, options, database -> { });
    }

    /**
     * Starts the variant after {@code seedUserDatabase} has filled the freshly migrated user database (given its
     * name), so the service starts on its data and its start-up numbers are not disturbed by the load.
     */
    public static TweebyteDeployment start(RepoLayout repo, Infrastructure infra, Options options,
                                           Consumer<String> seedUserDatabase) {
        Path jar = repo.serviceJar(options.variant(), "user");
        int port = options.userPort() == 0 ? Ports.free() : Ports.requireFree(options.userPort(), "the user service");
        Path keys = options.workDir().resolve("keys");
        Path privateKey = keys.resolve("token-private.pem");
        Path publicKey = keys.resolve("token-public.pem");
        if (!Files.isRegularFile(privateKey) || !Files.isRegularFile(publicKey)) {
            KeyMaterial.write(KeyMaterial.generate(), privateKey, publicKey);
        }
        String database = ServiceDatabase.USER.defaultName() + options.databaseSuffix();
        infra.recreateDatabase(ServiceDatabase.USER, database);
        seedUserDatabase.accept(database);

        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(options.jvmArgs());
        if (options.blockHound() && options.variant() == Variant.REACTIVE) {
            // BlockHound attaches an agent at run time and, on JDK 13+, redefines classes adding methods
            command.add("-XX:+EnableDynamicAgentLoading");
            command.add("-XX:+AllowRedefinitionToAddDeleteMethods");
            command.add("-Dtweebyte.blockhound=true");
        }
        command.add("-jar");
        command.add(jar.toString());
        command.add("--server.port=" + port);
        command.addAll(databaseArgs(infra.postgres(), database));
        command.add("--tweebyte.security.enabled=" + options.securityEnabled());
        command.add("--tweebyte.security.private-key=" + privateKey.toAbsolutePath());
        command.add("--tweebyte.security.public-key=" + publicKey.toAbsolutePath());

        String name = options.variant().id() + " user service";
        ServiceProcess user = ServiceProcess.start(name, command,
                options.workDir().resolve("logs").resolve(options.variant().id() + "-user.log"),
                "http://127.0.0.1:" + port, STARTUP_TIMEOUT);
        return new TweebyteDeployment(options, List.of(user), jar);
    }

    private static List<String> databaseArgs(PostgresEndpoint pg, String database) {
        return List.of("--tweebyte.db.host=" + pg.host(), "--tweebyte.db.port=" + pg.port(),
                "--tweebyte.db.name=" + database, "--tweebyte.db.username=" + pg.user(),
                "--tweebyte.db.password=" + pg.password());
    }

    /** The runnable jar of each service, for its size. */
    public Path userJar() {
        return jar;
    }

    public Variant variant() {
        return options.variant();
    }

    public String userUrl() {
        return services.getFirst().baseUrl();
    }

    public List<ServiceProcess> services() {
        return services;
    }

    @Override
    public void close() {
        services.reversed().forEach(ServiceProcess::close);
    }
}
