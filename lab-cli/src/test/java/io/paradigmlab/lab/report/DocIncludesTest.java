package io.paradigmlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.api.RepoLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocIncludesTest {

    @TempDir
    Path root;

    @Test
    void writeCopiesEachResultFileIntoItsBlockAndCheckThenFindsNothing() throws Exception {
        Files.createDirectories(root.resolve("docs/results/c1"));
        Files.writeString(root.resolve("docs/results/c1/soak.md"), "| a | 1 |\n");
        Path page = Files.writeString(root.resolve("docs/reliability.md"), """
                # Reliability

                <!-- result: docs/results/c1/soak.md -->
                | a | 0 |
                <!-- /result -->

                After.
                """);
        List<Path> pages = DocIncludes.pages(root);
        assertThat(DocIncludes.check(root, pages)).singleElement()
                .satisfies(s -> assertThat(s.toString()).contains("docs/results/c1/soak.md", "differs"));

        assertThat(DocIncludes.write(root, pages)).isEqualTo(1);

        assertThat(Files.readString(page)).contains("<!-- result: docs/results/c1/soak.md -->\n| a | 1 |\n"
                + "<!-- /result -->\n\nAfter.");
        assertThat(DocIncludes.check(root, pages)).isEmpty();
        assertThat(DocIncludes.write(root, pages)).isZero();
    }

    @Test
    void aBlockWhoseFileIsMissingOrOutsideTheCheckoutIsReported() throws Exception {
        Files.createDirectories(root.resolve("docs"));
        Files.writeString(root.resolve("docs/a.md"), "<!-- result: docs/results/none.md -->\nx\n<!-- /result -->\n"
                + "<!-- result: ../outside.md -->\ny\n<!-- /result -->\n");
        List<Path> pages = DocIncludes.pages(root);
        assertThat(DocIncludes.check(root, pages)).extracting(DocIncludes.Stale::file)
                .containsExactly("docs/results/none.md", "../outside.md");
        assertThatThrownBy(() -> DocIncludes.write(root, pages)).isInstanceOf(LabException.class)
                .hasMessageContaining("docs/results/none.md");
    }

    @Test
    void theCheckoutsDocsIncludeTheirResultFilesAsTheyAre() {
        Path checkout = RepoLayout.locate().root();
        assertThat(DocIncludes.check(checkout, DocIncludes.pages(checkout)))
                .as("pages whose numbers differ from their result files (./lab docs copies them in)").isEmpty();
    }
}
