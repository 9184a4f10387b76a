package io.paradigmlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code ./lab k8s}: the command's wiring and its errors, as a user sees them (exit code 2 and a line saying what to
 * do). Rendering an application's manifests is tested where the application is (TweebyteKubernetesTest runs
 * {@code ./lab k8s render tweebyte --variant reactive --validate} through this command).
 */
class K8sCommandTest {

    private record Run(int exit, String err) {
    }

    private static Run run(String... args) {
        CommandLine cli = LabCli.commandLine();
        StringWriter err = new StringWriter();
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute(args);
        return new Run(exit, err.toString());
    }

    @Test
    void renderNeedsAVariantAndAKnownApplication(@TempDir Path out) {
        Run noVariant = run("k8s", "render", "tweebyte", "--output", out.toString());
        assertThat(noVariant.exit()).isEqualTo(2);
        assertThat(noVariant.err()).contains("Missing required option: '--variant=NAME|all'");

        Run unknown = run("k8s", "render", "nosuchapp", "--variant", "all", "--output", out.toString());
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("lab: Unknown application 'nosuchapp'");
        assertThat(out).isEmptyDirectory();
    }

    @Test
    void validateSaysWhenAFolderHoldsNoManifest(@TempDir Path empty) throws Exception {
        Files.writeString(empty.resolve("kustomization.yaml"), "resources: []\n");

        Run run = run("k8s", "validate", empty.toString());

        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.err()).contains("lab: No manifest (*.yaml) under " + empty + ": render some with ./lab k8s render");
    }
}
