package io.paradigmlab.itstore.lab;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.api.KubernetesNames;
import io.paradigmlab.lab.k8s.KubernetesResources;
import io.paradigmlab.lab.k8s.KubernetesRenderer;
import io.paradigmlab.lab.k8s.KubernetesValidator;
import io.paradigmlab.lab.api.RepoLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./lab k8s render itstore --variant all}: six variants, valid offline, one image each, equal resources. */
class ItStoreKubernetesTest {

    @Test
    void theSixCellsRenderValidManifestsOnEqualResources(@TempDir Path out) throws IOException {
        List<String> variants = Arrays.stream(ItStoreVariant.values()).map(ItStoreVariant::id).toList();
        new KubernetesRenderer(new ItStoreApplication(), new KubernetesNames("reg.example/lab", "t2"), "itstore-test")
                .render(variants, out);

        var result = new KubernetesValidator(RepoLayout.locate().workDir("k8s-venv")).validate(out);
        assertThat(result.valid()).as(result.output()).isTrue();
        // base: namespace, PostgreSQL's four objects, Hyperfoil (no Redis); a Deployment and a Service per variant
        assertThat(result.output()).contains("18 documents in 9 files, 0 invalid");

        String first = null;
        for (String variant : variants) {
            String store = Files.readString(out.resolve(variant).resolve("store.yaml"));
            assertThat(store).contains("image: reg.example/lab/itstore-" + variant + "-store:t2",
                    "- --itstore.db.host=postgres", "- --itstore.db.name=itstore",
                    "- --itstore.db.password=$(LAB_POSTGRES_PASSWORD)", "- --itstore.faithful=false",
                    "cpu: '" + KubernetesResources.SERVICE.cpu() + "'");
            String neutral = store.replace(variant, "CELL");
            if (first == null) {
                first = neutral;
            }
            // the variants differ in their image and label only: same resources, flags, probes and arguments
            assertThat(neutral).as(variant).isEqualTo(first);
        }
        assertThat(Files.readString(out.resolve("base").resolve("postgres.yaml")))
                .contains("CREATE DATABASE itstore;", "\\connect itstore", "-- V1__schema.sql");
    }
}
