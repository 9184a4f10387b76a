package io.paradigmlab.tweebyte.lab;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.api.KubernetesNames;
import io.paradigmlab.lab.k8s.KubernetesRenderer;
import io.paradigmlab.lab.k8s.KubernetesResources;
import io.paradigmlab.lab.k8s.KubernetesValidator;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.launch.ServiceProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * {@code ./lab k8s render tweebyte --variant all}: the manifests of the three variants validate offline against the
 * Kubernetes schemas (and the Hyperfoil operator's CRD schema), and say what a fair comparison on a cluster needs:
 * equal resources, each variant's own images, the services wired to each other, to PostgreSQL and to Redis by their
 * Services' DNS names, the databases the services name created and migrated, the lab's JVM flags.
 */
class TweebyteKubernetesTest {

    private static final KubernetesNames NAMES = new KubernetesNames("registry.example.org/lab", "t1");

    @TempDir
    static Path out;

    private static KubernetesRenderer.Rendered rendered;

    @BeforeAll
    static void render() {
        rendered = new KubernetesRenderer(new TweebyteApplication(), NAMES, "lab-test")
                .render(List.of("async", "virtual", "reactive"), out);
    }

    @Test
    void everyManifestValidatesOfflineAgainstTheKubernetesSchemas() {
        var result = validator().validate(out);

        assertThat(result.valid()).as(result.output()).isTrue();
        // base: namespace, PostgreSQL's secret, init scripts, service and stateful set, Redis's deployment and
        // service, Hyperfoil; per variant: the key Secret and a Deployment and a Service for each of four containers
        assertThat(result.output()).contains("35 documents in 19 files, 0 invalid");
        assertThat(result.output()).contains("OK    " + out.resolve("reactive").resolve("user.yaml")
                + " Deployment/user (Kubernetes");
        assertThat(result.output()).contains("Hyperfoil/hyperfoil (the Hyperfoil operator's CRD schema)");
    }

    /** The example, as a user runs it: {@code ./lab k8s render tweebyte --variant reactive --validate}. */
    @Test
    void theCommandRendersTheReactiveVariantAndItsOutputValidates(@TempDir Path folder) {
        java.io.ByteArrayOutputStream printed = new java.io.ByteArrayOutputStream();
        java.io.PrintStream console = System.out;
        int exit;
        System.setOut(new java.io.PrintStream(printed, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            exit = new picocli.CommandLine(new io.paradigmlab.lab.cli.LabCli()).execute("k8s", "render", "tweebyte",
                    "--variant", "reactive", "--output", folder.toString(), "--validate");
        } finally {
            System.setOut(console);
        }
        String output = printed.toString(java.nio.charset.StandardCharsets.UTF_8);

        assertThat(exit).as(output).isZero();
        assertThat(output).contains("Kubernetes manifests of tweebyte in namespace paradigm-lab:",
                "localhost:5000/paradigm-lab/tweebyte-reactive-gateway:latest",
                "17 documents in 9 files, 0 invalid", "Valid.");
        assertThat(folder.resolve("reactive").resolve("kustomization.yaml")).isRegularFile();
        assertThat(folder.resolve("async")).doesNotExist();
    }

    @Test
    void anInvalidDocumentFailsTheValidation(@TempDir Path broken) throws IOException {
        // a misspelt field, as a hand edit would make: strict validation refuses it, the API server would drop it
        Path reactive = Files.createDirectories(broken.resolve("reactive"));
        String user = Files.readString(out.resolve("reactive").resolve("user.yaml"));
        Files.writeString(reactive.resolve("user.yaml"), user.replace("  replicas: 1", "  replica: 1"));
        // and a Hyperfoil resource with a field its CRD does not have
        String hyperfoil = Files.readString(out.resolve("base").resolve("hyperfoil.yaml"));
        Files.writeString(broken.resolve("hyperfoil.yaml"), hyperfoil.replace("spec:", "spec:\n  agents: 2"));

        var result = validator().validate(broken);

        assertThat(result.valid()).isFalse();
        assertThat(result.output()).contains("FAIL  " + reactive.resolve("user.yaml") + " Deployment/user:")
                .contains("'replica' was unexpected")
                .contains("FAIL  " + broken.resolve("hyperfoil.yaml") + " Hyperfoil/hyperfoil:")
                .contains("'agents' was unexpected")
                .contains("2 invalid");
    }

    @Test
    void eachRoleHasTheSameResourcesInEveryVariantWithRequestsEqualToLimits() throws IOException {
        Map<String, Object> byContainer = new HashMap<>();
        for (String variant : List.of("async", "virtual", "reactive")) {
            for (String service : List.of("user", "tweet", "interaction", "gateway")) {
                Map<String, Object> container = container(variant, service);
                Map<?, ?> resources = (Map<?, ?>) container.get("resources");
                assertThat(resources.get("requests")).as(variant + " " + service).isEqualTo(resources.get("limits"));
                KubernetesResources role = service.equals("gateway") ? KubernetesResources.GATEWAY
                        : KubernetesResources.SERVICE;
                assertThat(resources.get("limits")).as(variant + " " + service)
                        .isEqualTo(Map.of("cpu", role.cpu(), "memory", role.memory()));
                Object first = byContainer.putIfAbsent(service, resources);
                if (first != null) {
                    assertThat(resources).as(variant + " " + service + " against the first variant").isEqualTo(first);
                }
            }
        }
    }

    @Test
    void eachVariantRunsItsOwnImagesWithTheLabsJvmFlagsAndHealthProbes() throws IOException {
        for (String variant : List.of("async", "virtual", "reactive")) {
            for (String service : List.of("user", "tweet", "interaction", "gateway")) {
                Map<String, Object> container = container(variant, service);
                assertThat(container.get("image")).isEqualTo("registry.example.org/lab/tweebyte-" + variant + "-"
                        + service + ":t1");
                assertThat(env(container)).containsEntry("JAVA_TOOL_OPTIONS",
                        String.join(" ", ServiceProcess.DEFAULT_JVM_ARGS));
                for (String probe : List.of("startupProbe", "readinessProbe", "livenessProbe")) {
                    assertThat(((Map<?, ?>) ((Map<?, ?>) container.get(probe)).get("httpGet")).get("path"))
                            .as(variant + " " + service + " " + probe).isEqualTo("/actuator/health");
                }
            }
        }
    }

    @Test
    void servicesReachEachOtherPostgresAndRedisByTheDnsNamesOfRenderedServices() throws IOException {
        Map<String, Integer> servicePorts = new HashMap<>();
        for (Path file : List.of(out.resolve("base").resolve("postgres.yaml"), out.resolve("base").resolve("redis.yaml"),
                out.resolve("reactive").resolve("user.yaml"), out.resolve("reactive").resolve("tweet.yaml"),
                out.resolve("reactive").resolve("interaction.yaml"), out.resolve("reactive").resolve("gateway.yaml"))) {
            for (Map<String, Object> doc : documents(file)) {
                if ("Service".equals(doc.get("kind"))) {
                    Map<?, ?> port = (Map<?, ?>) ((List<?>) ((Map<?, ?>) doc.get("spec")).get("ports")).getFirst();
                    servicePorts.put((String) ((Map<?, ?>) doc.get("metadata")).get("name"), (Integer) port.get("port"));
                }
            }
        }
        assertThat(servicePorts).containsEntry("user", 9091).containsEntry("tweet", 9092)
                .containsEntry("interaction", 9093).containsEntry("gateway", 8080)
                .containsEntry("postgres", 5432).containsEntry("redis", 6379);
        String init = String.join("\n", ((Map<String, String>) documents(out.resolve("base").resolve("postgres.yaml"))
                .stream().filter(d -> "ConfigMap".equals(d.get("kind"))).findFirst().orElseThrow().get("data"))
                .values());
        Pattern url = Pattern.compile("^--tweebyte\\.services\\.[a-z]+-url=http://([a-z]+):([0-9]+)$");
        for (String service : List.of("user", "tweet", "interaction", "gateway")) {
            List<String> args = args("reactive", service);
            List<String> reached = new ArrayList<>();
            for (String arg : args) {
                Matcher m = url.matcher(arg);
                if (m.matches()) {
                    // every URL names a rendered Service on its port
                    assertThat(servicePorts).as(arg).containsEntry(m.group(1), Integer.parseInt(m.group(2)));
                    reached.add(m.group(1));
                }
            }
            assertThat(reached).as(service).containsExactly("user", "tweet", "interaction");
            if (!service.equals("gateway")) {
                assertThat(args).contains("--tweebyte.db.host=postgres", "--tweebyte.db.port=5432",
                        "--tweebyte.db.password=$(" + KubernetesNames.POSTGRES_PASSWORD_ENV + ")",
                        "--spring.data.redis.host=redis", "--spring.data.redis.port=6379");
                String database = args.stream().filter(a -> a.startsWith("--tweebyte.db.name=")).findFirst()
                        .orElseThrow().substring("--tweebyte.db.name=".length());
                assertThat(database).isEqualTo("tweebyte_" + service);
                // the database the service names is created, then migrated in its own script
                assertThat(init).contains("CREATE DATABASE " + database + ";", "\\connect " + database + "\n");
            }
        }
        // the tweet database's two migrations, in Flyway's order
        assertThat(init.indexOf("-- V1__create_tweets.sql")).isPositive()
                .isLessThan(init.indexOf("-- V2__media_jobs.sql"));
        // only the user service signs tokens: the private key is passed to it alone
        for (String service : List.of("tweet", "interaction", "gateway")) {
            assertThat(args("reactive", service)).noneMatch(a -> a.contains("private-key"));
        }
        assertThat(args("reactive", "user")).contains("--tweebyte.security.private-key=/etc/paradigm-lab/token-private.pem");
        // and only the user service's pod mounts it
        assertThat(mountedFiles("reactive", "user")).containsExactly("token-private.pem", "token-public.pem");
        for (String service : List.of("tweet", "interaction", "gateway")) {
            assertThat(mountedFiles("reactive", service)).as(service).containsExactly("token-public.pem");
        }
    }

    @SuppressWarnings("unchecked")
    private static List<String> mountedFiles(String variant, String service) throws IOException {
        Map<String, Object> deployment = documents(out.resolve(variant).resolve(service + ".yaml")).getFirst();
        Map<String, Object> pod = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>)
                deployment.get("spec")).get("template")).get("spec");
        Map<String, Object> secret = (Map<String, Object>) ((List<Map<String, Object>>) pod.get("volumes"))
                .getFirst().get("secret");
        assertThat(secret.get("secretName")).isEqualTo("tweebyte-files");
        return ((List<Map<String, String>>) secret.get("items")).stream().map(i -> i.get("key")).toList();
    }

    @Test
    void theHyperfoilControllerRunsTheLabsHyperfoilVersion() throws IOException {
        Map<String, Object> hyperfoil = documents(out.resolve("base").resolve("hyperfoil.yaml")).getFirst();
        assertThat(hyperfoil.get("apiVersion")).isEqualTo("hyperfoil.io/v1alpha2");
        assertThat(((Map<?, ?>) hyperfoil.get("spec")).get("version")).isEqualTo(io.hyperfoil.api.Version.VERSION);
    }

    private static KubernetesValidator validator() {
        return new KubernetesValidator(RepoLayout.locate().workDir("k8s-venv"));
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> documents(Path file) throws IOException {
        List<Map<String, Object>> docs = new ArrayList<>();
        for (Object doc : new Yaml().loadAll(Files.readString(file))) {
            docs.add((Map<String, Object>) doc);
        }
        return docs;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> container(String variant, String service) throws IOException {
        Map<String, Object> deployment = documents(out.resolve(variant).resolve(service + ".yaml")).stream()
                .filter(d -> "Deployment".equals(d.get("kind"))).findFirst().orElseThrow();
        Map<String, Object> template = (Map<String, Object>) ((Map<String, Object>) deployment.get("spec")).get("template");
        List<Map<String, Object>> containers = (List<Map<String, Object>>) ((Map<String, Object>) template.get("spec"))
                .get("containers");
        assertThat(containers).hasSize(1);
        return containers.getFirst();
    }

    @SuppressWarnings("unchecked")
    private static List<String> args(String variant, String service) throws IOException {
        return (List<String>) container(variant, service).get("args");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, String> env(Map<String, Object> container) {
        Map<String, String> env = new HashMap<>();
        for (Map<String, Object> e : (List<Map<String, Object>>) container.get("env")) {
            if (e.get("value") != null) {
                env.put((String) e.get("name"), (String) e.get("value"));
            }
        }
        return env;
    }
}
