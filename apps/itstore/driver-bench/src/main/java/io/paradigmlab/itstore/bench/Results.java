package io.paradigmlab.itstore.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;

/** The benchmark's results as files: JMH's own JSON, a flat CSV, and a Markdown table of JDBC vs R2DBC. */
public final class Results {

    /** Cold and warm, in report order. */
    public static final List<String> PHASES = List.of("cold", "warm");

    /**
     * One operation, driver and phase.
     *
     * @param operation the benchmark method, {@code insert} with its table count ({@code insert1} .. {@code insert5})
     * @param driver    {@code jdbc} or {@code r2dbc}
     * @param phase     {@code cold} or {@code warm}
     * @param score     mean time per invocation
     * @param error     half-width of JMH's 99.9 % confidence interval of the mean; NaN with fewer than three samples
     * @param unit      JMH's unit ({@code ms/op})
     * @param samples   timed invocations
     */
    public record Row(String operation, String driver, String phase, double score, double error, String unit,
                      long samples) {
    }

    private Results() {
    }

    /** The rows of one JMH run, all of {@code phase}. */
    public static List<Row> rows(Collection<RunResult> results, String phase) {
        List<Row> rows = new ArrayList<>();
        for (RunResult result : results) {
            BenchmarkParams params = result.getParams();
            String method = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
            String tables = params.getParam("tables");
            Result<?> primary = result.getPrimaryResult();
            rows.add(new Row(tables == null ? method : method + tables, params.getParam("driver"), phase,
                    primary.getScore(), primary.getScoreError(), primary.getScoreUnit(), primary.getSampleCount()));
        }
        rows.sort(ORDER);
        return rows;
    }

    /** Report order: the operations as in {@link BenchOptions#OPERATIONS}, then phase, then driver. */
    static final Comparator<Row> ORDER = Comparator
            .comparingInt((Row r) -> operationIndex(r.operation()))
            .thenComparing(Row::operation)
            .thenComparingInt(r -> PHASES.indexOf(r.phase()))
            .thenComparing(Row::driver);

    private static int operationIndex(String operation) {
        for (int i = 0; i < BenchOptions.OPERATIONS.size(); i++) {
            if (operation.startsWith(BenchOptions.OPERATIONS.get(i))) {
                return i;
            }
        }
        return Integer.MAX_VALUE;
    }

    /** JMH's JSON of all the runs, cold and warm together (each entry's {@code jvmArgs} names its phase). */
    public static void writeJson(Path file, Collection<RunResult> results) throws IOException {
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, out).writeOut(results);
        }
    }

    public static String csv(List<Row> rows) {
        StringBuilder out = new StringBuilder("operation,driver,phase,score,error,unit,samples\n");
        for (Row r : rows) {
            out.append(String.format(Locale.ROOT, "%s,%s,%s,%.4f,%.4f,%s,%d%n", r.operation(), r.driver(), r.phase(),
                    r.score(), r.error(), r.unit(), r.samples()));
        }
        return out.toString();
    }

    /**
     * The Markdown table: per operation and phase, each driver's mean (± error), JDBC/R2DBC (below 1: JDBC took less
     * time) and R2DBC − JDBC in the unit (the seed reports differences in milliseconds).
     */
    public static String table(List<Row> rows) {
        // (operation, phase) in report order, each with its drivers' rows
        Map<String, Map<String, Row>> pairs = new LinkedHashMap<>();
        for (Row r : rows.stream().sorted(ORDER).toList()) {
            pairs.computeIfAbsent(r.operation() + " | " + r.phase(), k -> new TreeMap<>()).put(r.driver(), r);
        }
        String unit = rows.isEmpty() ? "ms/op" : rows.getFirst().unit();
        StringBuilder out = new StringBuilder();
        out.append("| operation | phase | JDBC (").append(unit).append(") | R2DBC (").append(unit)
                .append(") | JDBC/R2DBC | R2DBC − JDBC (").append(unit.replace("/op", "")).append(") |\n");
        out.append("|---|---|---:|---:|---:|---:|\n");
        for (Map.Entry<String, Map<String, Row>> pair : pairs.entrySet()) {
            Row jdbc = pair.getValue().get("jdbc");
            Row r2dbc = pair.getValue().get("r2dbc");
            out.append("| ").append(pair.getKey()).append(" | ")
                    .append(jdbc == null ? "–" : scoreText(jdbc)).append(" | ")
                    .append(r2dbc == null ? "–" : scoreText(r2dbc)).append(" | ");
            if (jdbc != null && r2dbc != null) {
                out.append(String.format(Locale.ROOT, "%.2f | %+.3f |", jdbc.score() / r2dbc.score(),
                        r2dbc.score() - jdbc.score()));
            } else {
                out.append("– | – |");
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static String scoreText(Row r) {
        return Double.isNaN(r.error())
                ? String.format(Locale.ROOT, "%.3f", r.score())
                : String.format(Locale.ROOT, "%.3f ± %.3f", r.score(), r.error());
    }
}
