package io.paradigmlab.eshop.lab;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.api.KubernetesNames;
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

/**
 * {@code ./lab k8s render eshop --variant all}: the three variants, valid offline; products and stock on PostgreSQL,
 * orders on MariaDB, product and order calling inventory by its Service's name; the variants differ in image only.
 */
class EshopKubernetesTest {

    @Test
    void theThreeArmsRenderValidManifestsOnBothDatabases(@TempDir Path out) throws IOException {
        List<String> variants = Arrays.stream(EshopVariant.values()).map(EshopVariant::id).toList();
        new KubernetesRenderer(new EshopApplication(), new KubernetesNames("reg.example/lab", "t4"), "eshop-test")
                .render(variants, out);

        var result = new KubernetesValidator(RepoLayout.locate().workDir("k8s-venv")).validate(out);
        assertThat(result.valid()).as(result.output()).isTrue();
        // base: namespace, PostgreSQL's and MariaDB's four objects each, Hyperfoil; a Deployment and a Service per
        // service and variant
        assertThat(result.output()).contains("28 documents in 13 files, 0 invalid");

        assertThat(Files.readString(out.resolve("base").resolve("postgres.yaml")))
                .contains("CREATE DATABASE eshop_product;", "CREATE DATABASE eshop_inventory;")
                .doesNotContain("eshop_order");
        assertThat(Files.readString(out.resolve("base").resolve("mariadb.yaml")))
                .contains("CREATE DATABASE `eshop_order`", "USE `eshop_order`;", "CREATE TABLE orders");
        for (String service : List.of("product", "inventory", "order")) {
            String first = null;
            for (String variant : variants) {
                String manifest = Files.readString(out.resolve(variant).resolve(service + ".yaml"));
                assertThat(manifest).contains("image: reg.example/lab/eshop-" + variant + "-" + service + ":t4");
                String neutral = manifest.replace("eshop-" + variant + "-", "eshop-VARIANT-").replace("variant: " + variant,
                        "variant: ARM");
                if (first == null) {
                    first = neutral;
                }
                assertThat(neutral).as(variant + " " + service).isEqualTo(first);
            }
        }
        String order = Files.readString(out.resolve("platform").resolve("order.yaml"));
        assertThat(order).contains("- --eshop.db.host=mariadb", "- --eshop.db.username=lab",
                "- --eshop.db.password=$(LAB_MARIADB_PASSWORD)",
                "- --spring.cloud.discovery.client.simple.instances.inventory[0].uri=http://inventory:8182");
        assertThat(Files.readString(out.resolve("platform").resolve("inventory.yaml")))
                .contains("- --eshop.db.host=postgres").doesNotContain("instances.inventory");
    }
}
