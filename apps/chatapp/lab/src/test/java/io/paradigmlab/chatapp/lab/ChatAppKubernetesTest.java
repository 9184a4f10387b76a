package io.paradigmlab.chatapp.lab;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.api.KubernetesNames;
import io.paradigmlab.lab.k8s.KubernetesRenderer;
import io.paradigmlab.lab.k8s.KubernetesValidator;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.launch.ServiceProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./lab k8s render chatapp --variant all}: the three servers, valid offline, their settings as system properties
 * after the lab's JVM flags, native memory tracking on as the lab launches them.
 */
class ChatAppKubernetesTest {

    @Test
    void theThreeServersRenderValidManifestsWithTheLabsFlags(@TempDir Path out) throws IOException {
        List<String> variants = new ChatAppApplication().variants().stream().map(v -> v.id()).toList();
        new KubernetesRenderer(new ChatAppApplication(), new KubernetesNames("reg.example/lab", "t3"), "chat-test")
                .render(variants, out);

        var result = new KubernetesValidator(RepoLayout.locate().workDir("k8s-venv")).validate(out);
        assertThat(result.valid()).as(result.output()).isTrue();
        assertThat(result.output()).contains("12 documents in 6 files, 0 invalid");

        for (String variant : variants) {
            String chat = Files.readString(out.resolve(variant).resolve("chat.yaml"));
            assertThat(chat).contains("image: reg.example/lab/chatapp-" + variant + ":t3", "containerPort: 8070",
                    "value: " + String.join(" ", ServiceProcess.DEFAULT_JVM_ARGS) + " "
                            + ChatAppDeployment.NMT_FLAG + " -Dchatapp.port=8070"
                            + " -Dchatapp.db.url=jdbc:postgresql://postgres:5432/chatapp"
                            + " -Dchatapp.db.user=postgres -Dchatapp.db.password=$(LAB_POSTGRES_PASSWORD)");
        }
    }
}
