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

/** Prints or writes a {@link CampaignComparison}: a plain-text table for the terminal, and a CSV. */
public final class CompareReport {

    public static final String COMPARISON_TXT = "comparison.txt";
    public static final String COMPARISON_CSV = "comparison.csv";

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
        if (comparison.rows().isEmpty()) {
            out.println("No variant and level measured in both campaigns.");
            return;
        }
        List<String[]> table = new ArrayList<>();
        table.add(new String[] {"variant", "level", "metric", "A", "ok A", "B", "ok B", "B − A", "CI95 of B − A",
                "change", "p"});
        for (CampaignComparison.Row r : comparison.rows()) {
            double s = Fmt.scale(r.metric());
            int decimals = Fmt.decimals(Double.isNaN(r.ciHigh()) ? r.difference() * s
                    : (r.ciHigh() - r.ciLow()) / 2 * s, 2);
            table.add(new String[] {r.variant(), Fmt.fixed(r.level(), 0) + " " + comparison.levelUnit(),
                    Fmt.title(r.metric()), Fmt.estimate(r.a(), r.metric()), r.a().n() + "/" + r.repetitionsA(),
                    Fmt.estimate(r.b(), r.metric()), r.b().n() + "/" + r.repetitionsB(),
                    signed(r.difference() * s, decimals),
                    Double.isNaN(r.ciLow()) ? "n<2: none"
                            : "[" + signed(r.ciLow() * s, decimals) + ", " + signed(r.ciHigh() * s, decimals) + "]",
                    Fmt.percent(r.relativeChange()),
                    Fmt.pValue(r.pValue()) + (r.significant() ? " *" : "")});
        }
        printTable(table, out);
    }

    /**
     * Writes {@value #COMPARISON_TXT} (the table of {@link #print}) and {@value #COMPARISON_CSV} (raw values)
     * into {@code dir}.
     *
     * @throws UncheckedIOException if a file cannot be written
     */
    public static void write(CampaignComparison comparison, Path dir) {
        try {
            Files.createDirectories(dir);
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            try (PrintStream out = new PrintStream(text, true, StandardCharsets.UTF_8)) {
                print(comparison, out);
            }
            Files.write(dir.resolve(COMPARISON_TXT), text.toByteArray());
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
