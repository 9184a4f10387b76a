package io.paradigmlab.testbudget;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's layout and the module table of {@code docs/architecture.md} name every Maven module of the build, and
 * name none that is gone: a module added without a line in both fails here. A line may stand for several modules:
 * {@code apps/eshop/{platform,virtual,reactive}/{product,inventory,order}}, {@code apps/itstore/<cell>/store}.
 */
class DocsNameEveryModuleTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

    @Test
    void theArchitectureTableNamesEveryModuleAndNoOther() throws IOException {
        String doc = Files.readString(ROOT.resolve("docs/architecture.md"));
        String section = doc.substring(doc.indexOf("## Modules"), doc.indexOf("\n## ", doc.indexOf("## Modules") + 3));
        List<String> rows = new ArrayList<>();
        Matcher row = Pattern.compile("(?m)^\\| `([^`]+)` \\|").matcher(section);
        while (row.find()) {
            rows.add(row.group(1));
        }
        assertNamesEveryModule("docs/architecture.md, ## Modules", rows);
    }

    @Test
    void theReadmesLayoutNamesEveryModuleAndNoOther() throws IOException {
        String readme = Files.readString(ROOT.resolve("README.md"));
        int at = readme.indexOf("## Layout");
        String block = readme.substring(readme.indexOf("```", at) + 3, readme.indexOf("```", readme.indexOf("```", at) + 3));
        List<String> lines = block.lines().filter(line -> !line.isBlank() && !line.startsWith(" "))
                .map(line -> line.split("\\s+")[0].replaceFirst("/$", ""))
                .filter(entry -> !entry.equals("docs")).toList();
        assertNamesEveryModule("README.md, ## Layout", lines);
    }

    @Test
    void aPatternStandsForEachOfItsModulesAndNothingElse() {
        Pattern eshop = pattern("apps/eshop/{platform,virtual}/<service>");
        assertThat(eshop.matcher("apps/eshop/virtual/order").matches()).isTrue();
        assertThat(eshop.matcher("apps/eshop/reactive/order").matches()).isFalse();
        assertThat(eshop.matcher("apps/eshop/virtual/order/extra").matches()).isFalse();
    }

    private static void assertNamesEveryModule(String where, List<String> entries) throws IOException {
        List<String> modules = modules(ROOT, "");
        assertThat(modules).as("modules of the build").hasSizeGreaterThan(10);
        List<Pattern> patterns = entries.stream().map(DocsNameEveryModuleTest::pattern).toList();
        List<String> unnamed = modules.stream()
                .filter(module -> patterns.stream().noneMatch(p -> p.matcher(module).matches())).toList();
        assertThat(unnamed).as("modules that " + where + " does not name").isEmpty();
        List<String> gone = entries.stream()
                .filter(entry -> modules.stream().noneMatch(m -> pattern(entry).matcher(m).matches())).toList();
        assertThat(gone).as("lines of " + where + " that name no module of the build").isEmpty();
    }

    /** Every module with sources, its aggregators' children included, as paths from the root. */
    private static List<String> modules(Path root, String prefix) throws IOException {
        List<String> out = new ArrayList<>();
        Matcher m = MODULE.matcher(Files.readString(root.resolve(prefix).resolve("pom.xml")));
        while (m.find()) {
            String module = (prefix.isEmpty() ? "" : prefix + "/") + m.group(1).trim();
            if (Files.isDirectory(ROOT.resolve(module).resolve("src"))) {
                out.add(module);
            }
            out.addAll(modules(root, module));
        }
        return out;
    }

    /** {@code <name>} is one path segment, {@code {a,b}} one of the words. */
    private static Pattern pattern(String entry) {
        StringBuilder regex = new StringBuilder();
        Matcher part = Pattern.compile("<[^>]+>|\\{([^}]+)}|[^<{]+").matcher(entry);
        while (part.find()) {
            String text = part.group();
            if (text.startsWith("<")) {
                regex.append("[^/]+");
            } else if (text.startsWith("{")) {
                regex.append("(?:").append(String.join("|", part.group(1).split(",")).replace(".", "\\.")).append(')');
            } else {
                regex.append(Pattern.quote(text));
            }
        }
        return Pattern.compile(regex.toString());
    }
}
