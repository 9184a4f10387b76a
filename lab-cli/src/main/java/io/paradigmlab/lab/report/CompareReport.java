package io.paradigmlab.lab.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Prints or writes a {@link CampaignComparison}: a plain-text table for the terminal, Markdown, and a CSV. */
public final class CompareReport {

    public static final String COMPARISON_TXT = "comparison.txt";
    public static final String COMPARISON_CSV = "comparison.csv";
    public static final String COMPARISON_MD = "comparison.md";

    private CompareReport() {
    }

    /**
     * Prints the comparison as a plain-text table: per variant, level and metric, A and B as mean ± CI95
     * half-width with their OK repetitions, the difference B − A with its 95% interval, the relative change and
     * Welch's p-value ({@code *} when below 0.05). Differing settings and environment are listed first.
     */
    public static void print(CampaignComparison comparison, PrintStream out) {
        out.println("Campaign B " + comparison.campaignB() + " against campaign A " + comparison.campaignA()
                + " (B − A; mean ± CI95 half-width over valid repetitions; latencies in ms)");
        if (!comparison.settingsDifferences().isEmpty()) {
            out.println("Settings differ, so differences may not be the code's alone:");
            comparison.settingsDifferences().forEach(d -> out.println("  " + d));
        }
        if (!comparison.environmentDifferences().isEmpty()) {
            out.println("Environment differs:");
            comparison.environmentDifferences().forEach(d -> out.println("  " + d));
        }
        if (!comparison.notSteady().isEmpty()) {
            out.println("Levels not in steady state (the JIT still compiling), whose differences compare warm-ups as"
                    + " much as code:");
            comparison.notSteady().forEach(d -> out.println("  " + d));
        }
        if (comparison.rows().isEmpty()) {
            out.println("No variant and level measured in both campaigns.");
            return;
        }
        List<String[]> table = new ArrayList<>();
        table.add(HEADER);
        for (CampaignComparison.Row r : comparison.rows()) {
            table.add(cells(r, comparison.levelUnit()));
        }
        printTable(table, out);
    }

    private static final String[] HEADER = {"variant", "level", "metric", "A", "ok A", "B", "ok B", "B − A",
        "CI95 of B − A", "change", "p"};

    private static String[] cells(CampaignComparison.Row r, String levelUnit) {
        double s = Fmt.scale(r.metric());
        int decimals = Fmt.decimals(Double.isNaN(r.ciHigh()) ? r.difference() * s
                : (r.ciHigh() - r.ciLow()) / 2 * s, 2);
        return new String[] {r.variant(), Fmt.fixed(r.level(), 0) + " " + levelUnit,
            Fmt.title(r.metric()), Fmt.estimate(r.a(), r.metric()), r.a().n() + "/" + r.repetitionsA(),
            Fmt.estimate(r.b(), r.metric()), r.b().n() + "/" + r.repetitionsB(),
            signed(r.difference() * s, decimals),
            Double.isNaN(r.ciLow()) ? "n<2: none"
                    : "[" + signed(r.ciLow() * s, decimals) + ", " + signed(r.ciHigh() * s, decimals) + "]",
            Fmt.percent(r.relativeChange()),
            Fmt.pValue(r.pValue()) + (r.significant() ? " *" : "")};
    }

    /**
     * Prints the gate's verdict and every check that did not pass (failed, or crossed its threshold without
     * significance) as plain text.
     */
    public static void printGate(List<RegressionGate.Check> checks, PrintStream out) {
        out.println();
        out.println(gateHeadline(checks));
        List<String[]> table = new ArrayList<>();
        table.add(GATE_HEADER);
        checks.stream().filter(c -> c.verdict() != RegressionGate.Verdict.PASS)
                .forEach(c -> table.add(gateCells(c)));
        if (table.size() > 1) {
            printTable(table, out);
        }
    }

    /**
     * The comparison as Markdown, for a pull-request comment: differing settings and environment, the table of
     * {@link #print}, and, when {@code checks} is not empty, the gate's verdict with every check.
     */
    public static void markdown(CampaignComparison comparison, List<RegressionGate.Check> checks, PrintStream out) {
        out.println("### Paradigm Lab: campaign B `" + comparison.campaignB() + "` against A `"
                + comparison.campaignA() + "`");
        out.println();
        out.println("B − A; mean ± CI95 half-width over valid repetitions; latencies in ms; `*`: p < 0.05.");
        if (!comparison.settingsDifferences().isEmpty() || !comparison.environmentDifferences().isEmpty()) {
            out.println();
            out.println("Settings or environment differ, so differences may not be the code's alone:");
            out.println();
            comparison.settingsDifferences().forEach(d -> out.println("- " + md(d)));
            comparison.environmentDifferences().forEach(d -> out.println("- " + md(d)));
        }
        if (!comparison.notSteady().isEmpty()) {
            out.println();
            out.println("Levels not in steady state (the JIT still compiling), whose differences compare warm-ups as"
                    + " much as code:");
            out.println();
            comparison.notSteady().forEach(d -> out.println("- " + md(d)));
        }
        out.println();
        if (comparison.rows().isEmpty()) {
            out.println("No variant and level measured in both campaigns.");
        } else {
            List<String[]> table = new ArrayList<>();
            table.add(HEADER);
            comparison.rows().forEach(r -> table.add(cells(r, comparison.levelUnit())));
            markdownTable(table, 3, out);
        }
        if (!checks.isEmpty()) {
            out.println();
            out.println("#### " + gateHeadline(checks));
            out.println();
            List<String[]> table = new ArrayList<>();
            table.add(GATE_HEADER);
            checks.forEach(c -> table.add(gateCells(c)));
            markdownTable(table, 3, out);
        }
    }

    private static final String[] GATE_HEADER = {"condition", "variant", "level", "change", "B − A", "p", "verdict"};

    private static String gateHeadline(List<RegressionGate.Check> checks) {
        long failed = checks.stream().filter(c -> c.verdict() == RegressionGate.Verdict.FAIL).count();
        long inconclusive = checks.stream().filter(c -> c.verdict() == RegressionGate.Verdict.INCONCLUSIVE).count();
        String head = failed > 0 ? "Regression gate FAILED: " + failed + " of " + checks.size()
                + " checks moved beyond their threshold with significance"
                : "Regression gate passed: " + checks.size() + " checks";
        return head + (inconclusive > 0 ? " (" + inconclusive + " crossed a threshold without significance: "
                + "inconclusive, run more repetitions)" : "");
    }

    private static String[] gateCells(RegressionGate.Check c) {
        CampaignComparison.Row r = c.row();
        double s = Fmt.scale(r.metric());
        return new String[] {"`" + c.condition().text() + "`", r.variant(), Fmt.fixed(r.level(), 0),
            Fmt.percent(r.relativeChange()),
            signed(r.difference() * s, Fmt.decimals(r.difference() * s, 3)) + " " + Fmt.unit(r.metric()),
            Fmt.pValue(r.pValue()), c.verdict().name().toLowerCase(java.util.Locale.ROOT)};
    }

    /** A Markdown table; the columns from {@code firstNumeric} on are right-aligned. */
    private static void markdownTable(List<String[]> rows, int firstNumeric, PrintStream out) {
        for (int r = 0; r < rows.size(); r++) {
            StringBuilder line = new StringBuilder("|");
            for (String cell : rows.get(r)) {
                line.append(' ').append(md(cell)).append(" |");
            }
            out.println(line);
            if (r == 0) {
                StringBuilder rule = new StringBuilder("|");
                for (int i = 0; i < rows.get(r).length; i++) {
                    rule.append(i >= firstNumeric ? "---:|" : "---|");
                }
                out.println(rule);
            }
        }
    }

    /** Escapes what would break a Markdown table cell or start markup. */
    private static String md(String text) {
        if (text.length() > 1 && text.startsWith("`") && text.endsWith("`")) {
            return text.replace("|", "\\|"); // a code span shows the rest as written
        }
        return text.replace("\\", "\\\\").replace("|", "\\|").replace("*", "\\*").replace("_", "\\_")
                .replace("<", "&lt;");
    }

    /** {@link #write(CampaignComparison, List, Path)} without a gate. */
    public static void write(CampaignComparison comparison, Path dir) {
        write(comparison, List.of(), dir);
    }

    /**
     * Writes {@value #COMPARISON_TXT} (the table of {@link #print}, then the gate's verdict when {@code checks} is
     * not empty), {@value #COMPARISON_MD} ({@link #markdown}) and {@value #COMPARISON_CSV} (raw values) into
     * {@code dir}.
     *
     * @throws UncheckedIOException if a file cannot be written
     */
    public static void write(CampaignComparison comparison, List<RegressionGate.Check> checks, Path dir) {
        try {
            Files.createDirectories(dir);
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            try (PrintStream out = new PrintStream(text, true, StandardCharsets.UTF_8)) {
                print(comparison, out);
                if (!checks.isEmpty()) {
                    printGate(checks, out);
                }
            }
            Files.write(dir.resolve(COMPARISON_TXT), text.toByteArray());
            ByteArrayOutputStream markdown = new ByteArrayOutputStream();
            try (PrintStream out = new PrintStream(markdown, true, StandardCharsets.UTF_8)) {
                markdown(comparison, checks, out);
            }
            Files.write(dir.resolve(COMPARISON_MD), markdown.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the comparison into " + dir, e);
        }
        Csv csv = new Csv("campaign_a", "campaign_b", "variant", "level", "metric", "unit", "mean_a", "ci_low_a",
                "ci_high_a", "n_a", "repetitions_a", "mean_b", "ci_low_b", "ci_high_b", "n_b", "repetitions_b",
                "difference", "difference_ci_low", "difference_ci_high", "relative_change", "p_value", "significant");
        for (CampaignComparison.Row r : comparison.rows()) {
            csv.row(comparison.campaignA(), comparison.campaignB(), r.variant(), r.level(), r.metric().id(),
                    r.metric().unit(), r.a().mean(), r.a().ciLow(), r.a().ciHigh(), r.a().n(), r.repetitionsA(),
                    r.b().mean(), r.b().ciLow(), r.b().ciHigh(), r.b().n(), r.repetitionsB(), r.difference(),
                    r.ciLow(), r.ciHigh(), r.relativeChange(), r.pValue(), r.significant());
        }
        csv.write(dir.resolve(COMPARISON_CSV));
    }

    private static String signed(double v, int decimals) {
        return Double.isNaN(v) ? "–" : (v > 0 ? "+" : "") + Fmt.fixed(v, decimals);
    }

    private static void printTable(List<String[]> rows, PrintStream out) {
        int[] width = new int[rows.getFirst().length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        for (int r = 0; r < rows.size(); r++) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < width.length; i++) {
                String cell = rows.get(r)[i];
                // Text columns left-aligned, numbers right-aligned, as a reader scans them.
                boolean left = i <= 2;
                line.append(left ? cell + " ".repeat(width[i] - cell.length())
                        : " ".repeat(width[i] - cell.length()) + cell);
                line.append(i + 1 < width.length ? "  " : "");
            }
            out.println(line.toString().stripTrailing());
            if (r == 0) {
                int total = 0;
                for (int w : width) {
                    total += w + 2;
                }
                out.println("-".repeat(total - 2));
            }
        }
    }
}
