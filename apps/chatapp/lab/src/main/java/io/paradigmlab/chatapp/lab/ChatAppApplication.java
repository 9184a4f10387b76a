package io.paradigmlab.chatapp.lab;

import io.paradigmlab.chatapp.domain.Limits;
import io.paradigmlab.chatapp.lab.load.ChatExperiments;
import io.paradigmlab.chatapp.schema.ChatSchema;
import io.paradigmlab.lab.api.ApplicationVariant;
import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.api.Experiment;
import io.paradigmlab.lab.api.KubernetesNames;
import io.paradigmlab.lab.api.KubernetesVariant;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.api.ServiceInfo;
import io.paradigmlab.lab.api.VariantInfo;
import io.paradigmlab.lab.api.RepoLayout;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * ChatApp in the lab (seed 004, docs/chatapp spec): one WebSocket server, {@code chat}, in three variants (platform
 * threads, virtual threads, RxJava 3) over the same Vert.x shell and SQL; its scenarios are all fixed-work experiments
 * ({@link ChatExperiments}: A.1, A.2, B.1, B.2, C and its mixes), run with Gatling in a JVM of its own. Registered in
 * META-INF/services/io.paradigmlab.lab.api.Application.
 */
public final class ChatAppApplication implements Application {

    public static final String ID = "chatapp";
    /** The one service: the WebSocket endpoint {@code /chat}, health and Prometheus on the same port. */
    public static final String SERVICE = "chat";
    public static final int DEFAULT_PORT = 8070;

    private final DataGenerator data = new ChatDataGenerator();

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "ChatApp of seed 004: a WebSocket chat on one database, platform threads vs virtual threads vs RxJava 3";
    }

    @Override
    public List<VariantInfo> variants() {
        return ApplicationVariant.infos(ChatVariant.class);
    }

    @Override
    public List<ServiceInfo> services() {
        return List.of(new ServiceInfo(SERVICE, DEFAULT_PORT, "the chat: WebSocket ws://host:port/chat (subprotocol"
                + " chatapp.v1), /actuator/health and /actuator/prometheus on the same port"));
    }

    @Override
    public List<DatabaseInfo> databases() {
        return List.of(new DatabaseInfo(SERVICE, ChatSchema.DATABASE, ChatSchema.LOCATION));
    }

    @Override
    public DataGenerator data() {
        return data;
    }

    @Override
    public List<ScenarioInfo> scenarios() {
        return ChatExperiments.scenarios();
    }

    @Override
    public Optional<Experiment> experiment(ScenarioInfo scenario) {
        return Optional.of(ChatExperiments.of(scenario.id()));
    }

    @Override
    public Map<String, String> launchSettings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put(ChatSettings.STATELESS, "true: login only reads, no last_login write (experiments A.1 and B.1"
                + " set it; default false)");
        settings.put(ChatSettings.POOL_SIZE, "database connections of the server, in every variant (default "
                + Limits.DEFAULT_POOL_SIZE + ", at most " + ChatSettings.MAX_POOL_SIZE + ")");
        settings.put(ChatSettings.XSS, "thread stack size as -Xss takes it, e.g. 256k, 512k, 1m (default: the JVM's,"
                + " 1m): the stack-size sweep");
        settings.put(ChatSettings.OUTBOUND_QUEUE, "frames a connection's outbound queue holds before the server"
                + " closes it as a slow consumer with 1008 (default " + Limits.DEFAULT_OUTBOUND_QUEUE + ")");
        return settings;
    }

    @Override
    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("database pool", Limits.DEFAULT_POOL_SIZE + " connections in every variant (HikariCP in platform and"
                + " virtual, the Vert.x PostgreSQL pool in rxjava; --set " + ChatSettings.POOL_SIZE + ")");
        env.put("outbound queue", String.format(Locale.ROOT, "%,d frames per connection, then close 1008 (--set %s)",
                Limits.DEFAULT_OUTBOUND_QUEUE, ChatSettings.OUTBOUND_QUEUE));
        env.put("frame limit", String.format(Locale.ROOT, "%,d bytes per frame, larger ones close 1009",
                Limits.MAX_FRAME_BYTES));
        env.put("thread stack", "-Xss of the JVM default (1m on Linux x64) unless --set " + ChatSettings.XSS);
        env.put("native memory tracking", "on (" + ChatAppDeployment.NMT_FLAG + ") in every variant, for the"
                + " thread-stack gauge");
        return env;
    }

    /**
     * The variant's one server on the cluster's PostgreSQL, with the flags {@link ChatAppDeployment} gives it (native
     * memory tracking, the {@code chatapp.*} system properties; launch settings at their defaults). Image
     * {@code <registry>/chatapp-<variant>:<tag>}, from {@code apps/chatapp/<variant>}.
     */
    @Override
    public Optional<KubernetesVariant> kubernetes(String variant, KubernetesNames names) {
        ChatVariant chat = ChatVariant.parse(variant);
        ChatSettings settings = ChatSettings.DEFAULTS;
        List<String> jvm = new java.util.ArrayList<>();
        jvm.add(ChatAppDeployment.NMT_FLAG);
        settings.xssFlag().ifPresent(jvm::add);
        jvm.add("-Dchatapp.port=" + DEFAULT_PORT);
        jvm.add("-Dchatapp.db.url=" + names.postgresJdbcUrl(ChatSchema.DATABASE));
        jvm.add("-Dchatapp.db.user=" + KubernetesNames.POSTGRES_USER);
        jvm.add("-Dchatapp.db.password=" + names.postgresPassword());
        jvm.add("-Dchatapp.pool-size=" + settings.poolSize());
        jvm.add("-Dchatapp.stateless=" + settings.stateless());
        jvm.add("-Dchatapp.outbound-queue=" + settings.outboundQueue());
        return Optional.of(new KubernetesVariant(List.of(new KubernetesVariant.Container(SERVICE,
                names.image(ID + "-" + chat.id()), DEFAULT_PORT, KubernetesVariant.Role.SERVICE, List.of(), jvm)),
                false, Map.of()));
    }

    @Override
    public Deployment launch(LaunchRequest request) {
        return ChatAppDeployment.start(RepoLayout.locate(), request);
    }
}
