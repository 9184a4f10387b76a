package io.paradigmlab.lab.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.DatabaseInfo;
import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.api.KubernetesNames;
import io.paradigmlab.lab.api.KubernetesVariant;
import io.paradigmlab.lab.api.LaunchRequest;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.api.ServiceInfo;
import io.paradigmlab.lab.api.VariantInfo;
import io.paradigmlab.lab.api.LabException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The renderer on an application of the test's own (two variants of one service and one database whose migrations
 * are test resources): what it writes for any application, and its errors. Tweebyte's manifests, validated against
 * the Kubernetes schemas, are TweebyteKubernetesTest's.
 */
class KubernetesRendererTest {

    private static final KubernetesNames NAMES = new KubernetesNames("reg.example/lab/", "v9");

    /** A declaring application: variants {@code one} and {@code two}, a service {@code api} on 7000. */
    private static class Fixture implements Application {
        private final List<DatabaseInfo> databases;

        Fixture(List<DatabaseInfo> databases) {
            this.databases = databases;
        }

        @Override
        public String id() {
            return "fixture";
        }

        @Override
        public String description() {
            return "an application of the renderer's test";
        }

        @Override
        public List<VariantInfo> variants() {
            return List.of(new VariantInfo("one", "first"), new VariantInfo("two", "second"));
        }

        @Override
        public List<ServiceInfo> services() {
            return List.of(new ServiceInfo("api", 7000, "the one service"));
        }

        @Override
        public List<DatabaseInfo> databases() {
            return databases;
        }

        @Override
        public DataGenerator data() {
            throw new UnsupportedOperationException("not rendered");
        }

        @Override
        public List<ScenarioInfo> scenarios() {
            return List.of();
        }

        @Override
        public Deployment launch(LaunchRequest request) {
            throw new UnsupportedOperationException("not rendered");
        }

        @Override
        public Optional<KubernetesVariant> kubernetes(String variant, KubernetesNames names) {
            return Optional.of(new KubernetesVariant(List.of(new KubernetesVariant.Container("api",
                    names.image(id(), variant, "api"), 7000, KubernetesVariant.Role.SERVICE,
                    List.of("--db=" + KubernetesNames.POSTGRES_HOST, "--password=" + names.postgresPassword()))),
                    false, Map.of()));
        }
    }

    private static final DatabaseInfo DB = new DatabaseInfo("api", "fixture_api", "classpath:db/k8sfixture");

    @Test
    void writesABaseAndAFolderPerVariantForKustomize(@TempDir Path out) throws IOException {
        var rendered = new KubernetesRenderer(new Fixture(List.of(DB)), NAMES, "ns1").render(List.of("one", "two"), out);

        assertThat(rendered.base()).isEqualTo(out.resolve("base"));
        assertThat(rendered.variants()).containsOnlyKeys("one", "two");
        // no Redis when no variant asks for it; no Secret of files when there are none
        assertThat(out.resolve("base")).isDirectoryContaining(p -> p.getFileName().toString().equals("postgres.yaml"))
                .isDirectoryNotContaining(p -> p.getFileName().toString().equals("redis.yaml"));
        assertThat(out.resolve("one")).isDirectoryNotContaining(p -> p.getFileName().toString().equals("files.yaml"));
        String kustomization = Files.readString(out.resolve("two").resolve("kustomization.yaml"));
        assertThat(kustomization).contains("namespace: ns1", "- ../base", "- api.yaml", "paradigm-lab/variant: two");
        String api = Files.readString(out.resolve("two").resolve("api.yaml"));
        assertThat(api).contains("image: reg.example/lab/fixture-two-api:v9", "containerPort: 7000",
                "cpu: '" + KubernetesResources.SERVICE.cpu() + "'",
                "memory: " + KubernetesResources.SERVICE.memory(),
                "- --password=$(LAB_POSTGRES_PASSWORD)", "name: LAB_POSTGRES_PASSWORD");
        // the two variants differ in their image and label only
        String one = Files.readString(out.resolve("one").resolve("api.yaml"));
        assertThat(one.replace("fixture-one-api", "fixture-two-api").replace("variant: one", "variant: two"))
                .isEqualTo(api);
    }

    @Test
    void postgresCreatesTheDatabasesAndRunsTheirMigrationsInFlywaysOrder(@TempDir Path out) throws IOException {
        new KubernetesRenderer(new Fixture(List.of(DB)), NAMES, "ns1").render(List.of("one"), out);

        String postgres = Files.readString(out.resolve("base").resolve("postgres.yaml"));
        assertThat(postgres).contains("CREATE DATABASE fixture_api;", "\\connect fixture_api");
        int v1 = postgres.indexOf("-- V1__a.sql");
        int v2 = postgres.indexOf("-- V2__b.sql");
        int v10 = postgres.indexOf("-- V10__c.sql");
        assertThat(v1).isPositive().isLessThan(v2);
        assertThat(v2).isLessThan(v10);
        // a script without a final newline does not run into the next
        assertThat(postgres).contains("CREATE TABLE c (id int);\n");
    }

    @Test
    void anApplicationThatDoesNotDeclareKubernetesIsToldSo(@TempDir Path out) {
        Application undeclared = new Fixture(List.of(DB)) {
            @Override
            public Optional<KubernetesVariant> kubernetes(String variant, KubernetesNames names) {
                return Optional.empty();
            }
        };

        assertThatThrownBy(() -> new KubernetesRenderer(undeclared, NAMES, "ns1").render(List.of("one"), out))
                .isInstanceOf(LabException.class)
                .hasMessageContaining("The application fixture does not declare how it runs on Kubernetes")
                .hasMessageContaining("Application.kubernetes");
        assertThat(out).isEmptyDirectory();
    }

    @Test
    void aMariaDbDatabaseIsCreatedGrantedAndMigratedOnMariaDb(@TempDir Path out) throws IOException {
        Fixture withMariaDb = new Fixture(List.of(DB, new DatabaseInfo("api", "orders", "classpath:db/k8sfixture",
                DatabaseInfo.Engine.MARIADB)));
        new KubernetesRenderer(withMariaDb, NAMES, "ns1").render(List.of("one"), out);

        String mariadb = Files.readString(out.resolve("base").resolve("mariadb.yaml"));
        assertThat(mariadb).contains("image: " + KubernetesRenderer.MARIADB_IMAGE,
                "CREATE DATABASE `orders` CHARACTER SET utf8mb4", "GRANT ALL PRIVILEGES ON `orders`.* TO 'lab'@'%';",
                "USE `orders`;", "-- V10__c.sql", "name: MARIADB_USER");
        // the PostgreSQL database stays on PostgreSQL, and the container gets both passwords
        assertThat(Files.readString(out.resolve("base").resolve("postgres.yaml")))
                .contains("CREATE DATABASE fixture_api;").doesNotContain("orders");
        assertThat(Files.readString(out.resolve("one").resolve("api.yaml")))
                .contains("name: LAB_POSTGRES_PASSWORD", "name: LAB_MARIADB_PASSWORD");
        assertThat(Files.readString(out.resolve("base").resolve("kustomization.yaml")))
                .contains("- postgres.yaml", "- mariadb.yaml");
    }

    @Test
    void anUnknownVariantAndABadNamespaceAreRefused(@TempDir Path out) {
        Fixture fixture = new Fixture(List.of(DB));
        assertThatThrownBy(() -> new KubernetesRenderer(fixture, NAMES, "ns1").render(List.of("three"), out))
                .isInstanceOf(LabException.class).hasMessageContaining("Unknown variant 'three'")
                .hasMessageContaining("one, two");
        assertThatThrownBy(() -> new KubernetesRenderer(fixture, NAMES, "Lab_NS"))
                .isInstanceOf(LabException.class).hasMessageContaining("not a Kubernetes namespace name");
    }

    @Test
    void aMigrationLocationWithoutMigrationsIsAnError() {
        assertThatThrownBy(() -> MigrationScripts.read("classpath:db/nothing-here", getClass().getClassLoader()))
                .isInstanceOf(LabException.class).hasMessageContaining("No migration found at classpath:db/nothing-here");
    }
}
