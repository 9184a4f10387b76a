package io.paradigmlab.testbudget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteTimesTest {

    @TempDir
    Path root;

    @Test
    void readsEveryModulesReportsAndSumsThemPerModule() throws IOException {
        report("lab-cli", "surefire-reports", "io.paradigmlab.lab.AlphaTest", 3, 0, "12.5");
        report("lab-cli", "surefire-reports", "io.paradigmlab.lab.BetaTest", 2, 1, "1,234.5");
        report("apps/tweebyte/spec", "failsafe-reports", "io.paradigmlab.tweebyte.spec.CampaignSmokeIT", 2, 0, "300");
        // neither a report folder nor a module's target: ignored
        Files.createDirectories(root.resolve("lab-cli/target/other"));
        Files.writeString(root.resolve("lab-cli/target/other/TEST-x.xml"), "<testsuite/>");

        List<SuiteTimes.Suite> suites = SuiteTimes.read(root);

        assertThat(suites).extracting(SuiteTimes.Suite::name).containsExactlyInAnyOrder(
                "io.paradigmlab.lab.AlphaTest", "io.paradigmlab.lab.BetaTest",
                "io.paradigmlab.tweebyte.spec.CampaignSmokeIT");
        List<SuiteTimes.Module> modules = SuiteTimes.modules(suites);
        SuiteTimes.Module lab = modules.stream().filter(m -> m.module().equals("lab-cli")).findFirst().orElseThrow();
        assertThat(lab.suites()).isEqualTo(2);
        assertThat(lab.tests()).isEqualTo(5);
        assertThat(lab.unitSeconds()).isCloseTo(1247.0, within(1e-9));
        assertThat(lab.integrationSeconds()).isZero();
        SuiteTimes.Module spec = modules.stream().filter(m -> m.module().equals("apps/tweebyte/spec")).findFirst()
                .orElseThrow();
        assertThat(spec.integrationSeconds()).isEqualTo(300.0);
    }

    @Test
    void theTableListsModulesAndSuitesMostExpensiveFirst() throws IOException {
        report("lab-cli", "surefire-reports", "io.paradigmlab.lab.AlphaTest", 3, 0, "12.5");
        report("apps/tweebyte/spec", "failsafe-reports", "io.paradigmlab.tweebyte.spec.CampaignSmokeIT", 2, 0, "300");

        String table = SuiteTimes.markdown(SuiteTimes.read(root), Duration.ofMinutes(7), 10);

        assertThat(table).startsWith("2 test classes, 5 tests, 5 min 12 s in tests; the whole build took 7 min 00 s");
        assertThat(table.indexOf("| `apps/tweebyte/spec` | 1 | 2 | - | 300 s | 300 s | 96 % |"))
                .isPositive().isLessThan(table.indexOf("| `lab-cli` | 1 | 3 | 13 s | - | 13 s | 4 % |"));
        assertThat(table.indexOf("| `CampaignSmokeIT` |")).isLessThan(table.indexOf("| `AlphaTest` |"));
    }

    @Test
    void writesBetweenTheMarkersAndKeepsTheRestOfThePage() throws Exception {
        report("lab-cli", "surefire-reports", "io.paradigmlab.lab.AlphaTest", 3, 0, "12.5");
        Path page = Files.writeString(root.resolve("testing.md"),
                "# Testing\n\nBefore.\n\n<!-- suite-times -->\nold table\n<!-- /suite-times -->\n\nAfter.\n");

        SuiteTimes.main(new String[] {"--root", root.toString(), "--write", page.toString()});

        String written = Files.readString(page);
        assertThat(written).startsWith("# Testing\n\nBefore.\n\n<!-- suite-times -->\n1 test classes")
                .endsWith("<!-- /suite-times -->\n\nAfter.\n").doesNotContain("old table").contains("`AlphaTest`");
    }

    private void report(String module, String kind, String name, int tests, int skipped, String time)
            throws IOException {
        Path dir = Files.createDirectories(root.resolve(module).resolve("target").resolve(kind));
        Files.writeString(dir.resolve("TEST-" + name + ".xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" name="%s" time="%s" tests="%d"
                    errors="0" skipped="%d" failures="0"><properties/></testsuite>
                """.formatted(name, time, tests, skipped));
    }
}
