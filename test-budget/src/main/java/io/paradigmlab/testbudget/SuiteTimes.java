package io.paradigmlab.testbudget;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;

/**
 * What each test suite of a build cost: reads the Surefire and Failsafe reports ({@code target/surefire-reports} and
 * {@code target/failsafe-reports}, one {@code TEST-*.xml} per test class) under a checkout and writes a table per
 * module and of the most expensive suites, in Markdown. {@code docs/testing.md} is this program's output for a CI run
 * on a clean clone, so the next suite can be placed with the budget in view; {@code SuiteBudgetIT} uses it to explain a
 * build that went over its budget.
 *
 * <p>A single source file using the JDK alone, so that it runs without a build:
 * {@code java test-budget/src/main/java/io/paradigmlab/testbudget/SuiteTimes.java [--root DIR] [--wall MINUTES]
 * [--write FILE]} ({@code ./lab suite-times} does that).
 */
public final class SuiteTimes {

    /** One test class's report. */
    public record Suite(String module, String name, boolean integration, int tests, int skipped, double seconds) {
    }

    /** The sum of a module's suites. */
    public record Module(String module, int suites, int tests, double unitSeconds, double integrationSeconds) {
        public double seconds() {
            return unitSeconds + integrationSeconds;
        }
    }

    private SuiteTimes() {
    }

    /** Every suite reported under {@code root} (a module's reports in its own {@code target}), by module path. */
    public static List<Suite> read(Path root) throws IOException {
        List<Suite> suites = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(SuiteTimes::isReport).sorted().toList()) {
                Path reports = file.getParent();
                boolean integration = reports.getFileName().toString().equals("failsafe-reports");
                Path module = root.relativize(reports.getParent().getParent());
                suites.add(parse(file, module.toString().isEmpty() ? "." : module.toString().replace('\\', '/'),
                        integration));
            }
        }
        return suites;
    }

    private static boolean isReport(Path file) {
        String name = file.getFileName().toString();
        Path parent = file.getParent();
        return name.startsWith("TEST-") && name.endsWith(".xml") && parent != null
                && (parent.getFileName().toString().equals("surefire-reports")
                || parent.getFileName().toString().equals("failsafe-reports"))
                && parent.getParent() != null && parent.getParent().getFileName().toString().equals("target")
                && !file.toString().contains("/.lab/");
    }

    static Suite parse(Path file, String module, boolean integration) throws IOException {
        try {
            var factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Element suite = factory.newDocumentBuilder().parse(file.toFile()).getDocumentElement();
            return new Suite(module, suite.getAttribute("name"), integration, integer(suite, "tests"),
                    integer(suite, "skipped"), decimal(suite.getAttribute("time")));
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("Not a test report: " + file + " (" + e.getMessage() + ")", e);
        }
    }

    private static int integer(Element element, String attribute) {
        String value = element.getAttribute(attribute);
        return value.isEmpty() ? 0 : Integer.parseInt(value.trim());
    }

    /** Surefire writes times with a dot, sometimes with thousands separators ("1,234.5"). */
    private static double decimal(String text) {
        return text.isEmpty() ? 0 : Double.parseDouble(text.replace(",", "").trim());
    }

    /** Per module, in the order of their first report (the reactor's), with their unit and integration time. */
    public static List<Module> modules(List<Suite> suites) {
        Map<String, List<Suite>> byModule = new LinkedHashMap<>();
        suites.forEach(s -> byModule.computeIfAbsent(s.module(), k -> new ArrayList<>()).add(s));
        List<Module> out = new ArrayList<>();
        byModule.forEach((module, list) -> out.add(new Module(module, list.size(),
                list.stream().mapToInt(Suite::tests).sum(),
                list.stream().filter(s -> !s.integration()).mapToDouble(Suite::seconds).sum(),
                list.stream().filter(Suite::integration).mapToDouble(Suite::seconds).sum())));
        return out;
    }

    /**
     * The Markdown page: totals, the modules by cost, the {@code top} most expensive suites.
     *
     * @param wall the whole build's wall-clock time (compiling and packaging included), or null when unknown
     */
    public static String markdown(List<Suite> suites, Duration wall, int top) {
        double total = suites.stream().mapToDouble(Suite::seconds).sum();
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%d test classes, %d tests, %s in tests",
                suites.size(), suites.stream().mapToInt(Suite::tests).sum(), minutes(total)));
        if (wall != null) {
            out.append(String.format(Locale.ROOT, "; the whole build took %s (the rest is compiling, packaging and"
                    + " Maven)", minutes(wall.toMillis() / 1000.0)));
        }
        out.append(".\n\n| module | classes | tests | unit | integration | total | share |\n"
                + "| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        modules(suites).stream().sorted(Comparator.comparingDouble(Module::seconds).reversed()).forEach(m ->
                out.append(String.format(Locale.ROOT, "| `%s` | %d | %d | %s | %s | %s | %.0f %% |%n", m.module(),
                        m.suites(), m.tests(), seconds(m.unitSeconds()), seconds(m.integrationSeconds()),
                        seconds(m.seconds()), total == 0 ? 0 : 100 * m.seconds() / total)));
        out.append(String.format(Locale.ROOT, "%nThe %d most expensive test classes:%n%n"
                + "| test class | module | tests | time |%n| --- | --- | ---: | ---: |%n", Math.min(top, suites.size())));
        suites.stream().sorted(Comparator.comparingDouble(Suite::seconds).reversed()).limit(top).forEach(s ->
                out.append(String.format(Locale.ROOT, "| `%s` | `%s` | %d | %s |%n", simpleName(s.name()),
                        s.module(), s.tests(), seconds(s.seconds()))));
        return out.toString();
    }

    private static String simpleName(String name) {
        int dot = name.lastIndexOf('.');
        return dot < 0 || name.contains(" ") ? name : name.substring(dot + 1);
    }

    static String seconds(double s) {
        return s == 0 ? "-" : String.format(Locale.ROOT, "%.0f s", s);
    }

    static String minutes(double s) {
        return String.format(Locale.ROOT, "%d min %02d s", (long) s / 60, (long) s % 60);
    }

    /**
     * {@code [--root DIR] [--wall MINUTES] [--write FILE]}: prints the page, or replaces the part of FILE between the
     * markers {@code <!-- suite-times -->} and {@code <!-- /suite-times -->} with it.
     */
    public static void main(String[] args) throws IOException {
        Path root = Path.of(".");
        Duration wall = null;
        Path write = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--root" -> root = Path.of(value(args, ++i, "--root"));
                case "--wall" -> wall = Duration.ofSeconds(Math.round(
                        Double.parseDouble(value(args, ++i, "--wall")) * 60));
                case "--write" -> write = Path.of(value(args, ++i, "--write"));
                case "-h", "--help" -> {
                    System.out.println("suite-times [--root DIR] [--wall MINUTES] [--write FILE]: the cost of every"
                            + " test suite from the Surefire/Failsafe reports under DIR (default: here), as Markdown;"
                            + " --write replaces the part of FILE between <!-- suite-times --> and"
                            + " <!-- /suite-times -->");
                    return;
                }
                default -> fail("unknown argument " + args[i] + " (--help)");
            }
        }
        List<Suite> suites = read(root);
        if (suites.isEmpty()) {
            fail("no test report under " + root.toAbsolutePath().normalize() + ": run the tests first (./lab test)");
        }
        String table = markdown(suites, wall, 25);
        if (write == null) {
            System.out.print(table);
            return;
        }
        String page = Files.readString(write, StandardCharsets.UTF_8);
        String open = "<!-- suite-times -->";
        String close = "<!-- /suite-times -->";
        int from = page.indexOf(open);
        int to = page.indexOf(close);
        if (from < 0 || to < from) {
            fail(write + " has no " + open + " ... " + close + " markers to write between");
        }
        Files.writeString(write, page.substring(0, from + open.length()) + "\n" + table + page.substring(to),
                StandardCharsets.UTF_8);
        System.out.println("Wrote the suite times of " + suites.size() + " test classes into " + write);
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            fail(option + " needs a value");
        }
        return args[i];
    }

    private static void fail(String message) {
        System.err.println("suite-times: " + message);
        System.exit(2);
    }
}
