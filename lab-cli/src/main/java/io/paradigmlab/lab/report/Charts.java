package io.paradigmlab.lab.report;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.SoakSlice;

import io.paradigmlab.lab.stats.CampaignSummary;
import io.paradigmlab.lab.stats.Estimate;
import io.paradigmlab.lab.stats.Metric;
import io.paradigmlab.lab.stats.PoolMetric;
import io.paradigmlab.lab.stats.SoakAnalysis;
import io.paradigmlab.lab.stats.SoakQuantity;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's charts, rendered headless by XChart to PNG: one metric against the level, one line per variant (the
 * noise check's repeat run is no variant and is not drawn), the 95% interval of each point drawn as a vertical
 * segment, clamped at zero. A level where a variant has no OK repetition is a gap in
 * its line, not an interpolation.
 */
final class Charts {

    static {
        // Rendering needs no display; must be set before the first AWT class loads.
        System.setProperty("java.awt.headless", "true");
    }

    /**
     * Metrics charted, in page order; {@link Metric#CPU_PER_REQUEST} and {@link Metric#VIRTUAL_THREADS} only when a
     * variant has a value (no CPU is sampled from external targets; not every variant reports virtual threads).
     */
    static final List<Metric> CHARTED = List.of(Metric.THROUGHPUT, Metric.LATENCY_P95, Metric.LATENCY_P99,
            Metric.CPU, Metric.CPU_PER_REQUEST, Metric.RSS, Metric.HEAP, Metric.THREADS, Metric.VIRTUAL_THREADS);

    /** Charted only when some variant has a value at some level: an empty chart says nothing. */
    private static final Set<Metric> WHEN_REPORTED = EnumSet.of(Metric.CPU_PER_REQUEST, Metric.VIRTUAL_THREADS);

    /** Levels spanning more than this factor get a logarithmic x axis, so the low levels stay readable. */
    static final double LOG_X_SPAN = 20;

    static final int WIDTH = 900;
    static final int HEIGHT = 540;

    /** Variant colours: colour-blind-safe (Okabe-Ito), stable by position. */
    private static final Color[] COLORS = {new Color(0x0072B2), new Color(0xE69F00), new Color(0x009E73),
            new Color(0xCC79A7), new Color(0x56B4E9), new Color(0xD55E00)};

    private Charts() {
    }

    /**
     * A chart: of a {@link Metric}, of a pool's quantity ({@code metric} null; see {@link #pools}), or of a fixed-work
     * experiment's number ({@code experiment}; see {@link #experiment}).
     */
    record Chart(Metric metric, String title, byte[] png, boolean experiment) {
        Chart(Metric metric, String title, byte[] png) {
            this(metric, title, png, false);
        }
    }

    /**
     * The pools' charts: per pool name, its utilization by level, one line per variant that has the pool, and its
     * queued tasks where some variant queued at least one task on average; each only where the values differ
     * between levels or variants (a flat line says nothing the table does not). Empty when no variant reports
     * pools.
     */
    static List<Chart> pools(CampaignSummary summary, String levelAxis) {
        List<Chart> charts = new ArrayList<>();
        for (String pool : summary.poolNames()) {
            for (PoolMetric metric : List.of(PoolMetric.UTILIZATION, PoolMetric.QUEUED)) {
                double[] means = summary.pools().stream().filter(p -> p.pool().equals(pool))
                        .map(p -> p.estimate(metric)).filter(e -> !e.isEmpty()).mapToDouble(Estimate::mean).toArray();
                double most = java.util.Arrays.stream(means).max().orElse(0);
                double least = java.util.Arrays.stream(means).min().orElse(0);
                // a flat line (an idle pool, a constant background task) says nothing the table does not
                if (most - least < 1e-9 || most < (metric == PoolMetric.QUEUED ? 1 : 0.001)) {
                    continue;
                }
                double scale = metric == PoolMetric.UTILIZATION ? 100 : 1;
                String title = "Pool " + pool + ": " + metric.label().toLowerCase(java.util.Locale.ROOT) + " ("
                        + (metric == PoolMetric.UTILIZATION ? "% of max threads" : "mean " + metric.unit()) + ")";
                List<String> variants = summary.variants().stream().filter(v -> summary.pools().stream()
                        .anyMatch(p -> p.variant().equals(v) && p.pool().equals(pool))).toList();
                charts.add(new Chart(null, title, lines(summary, title,
                        metric == PoolMetric.UTILIZATION ? "%" : metric.unit(), levelAxis, variants, scale,
                        (variant, level) -> summary.pool(variant, level, pool).map(p -> p.estimate(metric))
                                .orElse(Estimate.EMPTY))));
            }
        }
        return charts;
    }

    /**
     * A fixed-work experiment's charts: its makespan, and the peak memory of thread stacks (NMT) and the delivery
     * latency where the runs report them, by user count, one line per variant (mean over valid repetitions, CI95).
     */
    static List<Chart> experiment(CampaignResult result, CampaignSummary summary, String levelAxis) {
        List<Chart> charts = new ArrayList<>();
        for (String name : ExperimentNumbers.names(result)) {
            boolean charted = name.equals(LevelMeasurement.MAKESPAN) || name.startsWith("peak thread stacks")
                    || name.equals("peak RSS (MB)") || name.equals("delivery p99 (us)");
            if (!charted) {
                continue;
            }
            String title = ExperimentNumbers.label(name);
            charts.add(new Chart(null, title, lines(summary, title, ExperimentNumbers.unit(name), levelAxis,
                    summary.variants(), 1, (variant, level) -> ExperimentNumbers.estimate(result, variant, level,
                            name)), true));
        }
        return charts;
    }

    /** The quantities a soak's charts follow over time, in page order. */
    static final List<SoakQuantity> SOAK_CHARTED = List.of(SoakQuantity.RSS, SoakQuantity.HEAP_AFTER_GC,
            SoakQuantity.THREADS, SoakQuantity.OPEN_FILES, SoakQuantity.LATENCY_P99, SoakQuantity.THROUGHPUT);

    /**
     * A soak's charts: per quantity ({@link #SOAK_CHARTED}), its value in every slice against the slice's middle in
     * minutes since the window began, one line per variant (the noise check's repeat is no variant and is not drawn),
     * the mean over the variant's repetitions at each slice. The value axis is fitted to the values, not started at
     * zero: the point is the drift. A quantity no variant reports is left out.
     */
    static List<Chart> soak(SoakAnalysis.Soak soak, CampaignResult result, List<String> variants) {
        List<Chart> charts = new ArrayList<>();
        List<String> drawn = soak.variants().stream().filter(v -> !v.noiseRepeat())
                .map(SoakAnalysis.Variant::variant).toList();
        for (SoakQuantity quantity : SOAK_CHARTED) {
            boolean floor = quantity == SoakQuantity.HEAP_AFTER_GC
                    && soak.variants().stream().anyMatch(SoakAnalysis.Variant::heapFloor);
            String title = quantity.label() + " over the soak (" + quantity.unit()
                    + (floor ? "; heap floor where no heap after GC is reported" : "") + ")";
            XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                    .xAxisTitle("minutes since the soak window began (middle of each slice)")
                    .yAxisTitle(quantity.unit()).build();
            style(chart);
            boolean any = false;
            for (String variant : drawn) {
                SoakAnalysis.Variant analysed = soak.variant(variant).orElseThrow();
                double[][] series = soakSeries(result, variant, quantity, analysed.heapFloor());
                if (java.util.Arrays.stream(series[1]).noneMatch(Double::isFinite)) {
                    continue;
                }
                any = true;
                Color color = COLORS[Math.max(0, variants.indexOf(variant)) % COLORS.length];
                XYSeries line = chart.addSeries(variant, series[0], series[1]);
                line.setLineColor(color);
                line.setMarkerColor(color);
                line.setMarker(SeriesMarkers.CIRCLE);
                line.setLineWidth(2f);
                line.setLineStyle(SeriesLines.SOLID);
            }
            if (!any) {
                continue;
            }
            try {
                charts.add(new Chart(null, title, BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG)));
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot render the chart " + title, e);
            }
        }
        return charts;
    }

    /**
     * x: each slice's middle in minutes, y: the quantity in that slice (the heap floor for {@code heapFloor}), both
     * the mean over the variant's repetitions at that slice (NaN values left out).
     */
    static double[][] soakSeries(CampaignResult result, String variant, SoakQuantity quantity, boolean heapFloor) {
        java.util.TreeMap<Integer, List<SoakSlice>> bySlice = new java.util.TreeMap<>();
        result.soak().stream().filter(s -> s.variant().equals(variant))
                .forEach(s -> bySlice.computeIfAbsent(s.slice(), k -> new ArrayList<>()).add(s));
        double[] x = new double[bySlice.size()];
        double[] y = new double[bySlice.size()];
        int i = 0;
        for (List<SoakSlice> slices : bySlice.values()) {
            x[i] = slices.stream().mapToDouble(s -> s.midSeconds() / 60).average().orElse(Double.NaN);
            y[i] = slices.stream().mapToDouble(s -> quantity.of(s, heapFloor)).filter(Double::isFinite).average()
                    .orElse(Double.NaN);
            i++;
        }
        return new double[][] {x, y};
    }

    private static void style(XYChart chart) {
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotBorderVisible(false);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        chart.getStyler().setMarkerSize(6);
        chart.getStyler().setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        chart.getStyler().setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        chart.getStyler().setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        chart.getStyler().setXAxisDecimalPattern("#,##0.#");
        chart.getStyler().setYAxisDecimalPattern("#,##0.##");
    }

    /** The metrics' charts ({@link #CHARTED}), then the pools' ({@link #pools}). */
    static List<Chart> render(CampaignSummary summary, String levelAxis) {
        List<Chart> charts = new ArrayList<>();
        for (Metric metric : CHARTED) {
            if (WHEN_REPORTED.contains(metric) && !reported(summary, metric)) {
                continue;
            }
            charts.add(new Chart(metric, title(metric), png(summary, metric, levelAxis)));
        }
        charts.addAll(pools(summary, levelAxis));
        return charts;
    }

    /** Whether any variant has a value of {@code metric} at any level. */
    static boolean reported(CampaignSummary summary, Metric metric) {
        return summary.levelSummaries().stream().anyMatch(l -> !Double.isNaN(l.estimate(metric).mean()));
    }

    static String title(Metric metric) {
        return switch (metric) {
            case LATENCY_P95, LATENCY_P99 -> metric.label() + " (mean of per-run " + metric.label().split(" ")[0]
                    + ", " + Fmt.unit(metric) + ")";
            default -> Fmt.title(metric);
        };
    }

    /**
     * A logarithmic level axis for a geometric ladder (at least three levels, each at least twice the one below and
     * the steps within a factor 2 of each other: 1, 4, 16 or 1, 10, 100) or for levels spanning more than
     * {@link #LOG_X_SPAN}x (the seeds' 1, 10, 50, 100, 200); linear otherwise.
     */
    static boolean logX(List<Integer> levels) {
        if (levels.isEmpty() || levels.getFirst() <= 0) {
            return false;
        }
        if ((double) levels.getLast() / levels.getFirst() > LOG_X_SPAN) {
            return true;
        }
        if (levels.size() < 3) {
            return false;
        }
        double smallest = Double.MAX_VALUE;
        double largest = 0;
        for (int i = 1; i < levels.size(); i++) {
            double step = (double) levels.get(i) / levels.get(i - 1);
            smallest = Math.min(smallest, step);
            largest = Math.max(largest, step);
        }
        return smallest >= 2 && largest / smallest <= 2;
    }

    static byte[] png(CampaignSummary summary, Metric metric, String levelAxis) {
        return lines(summary, title(metric), Fmt.unit(metric), levelAxis, summary.variants(), Fmt.scale(metric),
                (variant, level) -> summary.level(variant, level).map(s -> s.estimate(metric))
                        .orElse(Estimate.EMPTY));
    }

    /**
     * One line per variant (coloured by its position among all of the summary's variants) of the estimates
     * {@code values} gives per level, times {@code scale}.
     */
    private static byte[] lines(CampaignSummary summary, String title, String unit, String levelAxis,
                                List<String> variants, double scale,
                                java.util.function.BiFunction<String, Integer, Estimate> values) {
        boolean logX = logX(summary.levels());
        // A log axis labels decades only (XChart's custom tick labels do not support log axes): name the levels.
        String xTitle = logX ? levelAxis + ", log scale: levels " + String.join(", ",
                summary.levels().stream().map(l -> Fmt.fixed(l, 0)).toList()) : levelAxis;
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(xTitle).yAxisTitle(unit).build();
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotBorderVisible(false);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
                chart.getStyler().setMarkerSize(7);
        chart.getStyler().setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        chart.getStyler().setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        chart.getStyler().setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        chart.getStyler().setXAxisDecimalPattern("#,##0");
        // without it a narrow range gets labels like 1.2222222222222
        chart.getStyler().setYAxisDecimalPattern("#,##0.##");
        chart.getStyler().setXAxisLogarithmic(logX);

        double[] x = summary.levels().stream().mapToDouble(Integer::doubleValue).toArray();
        // Every charted metric is non-negative: the axis starts at zero and no interval is drawn below it.
        chart.getStyler().setYAxisMin(0.0);
        for (String variant : variants) {
            int v = Math.max(0, summary.variants().indexOf(variant));
            Color color = COLORS[v % COLORS.length];
            double[] y = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                Estimate e = values.apply(variant, summary.levels().get(i));
                y[i] = e.mean() * scale;
                // One repetition has no interval: no bar rather than a bar of zero width pretending certainty.
                if (e.hasInterval() && Double.isFinite(e.ciLow()) && Double.isFinite(e.ciHigh())) {
                    // XChart's error bars are symmetric; an interval is drawn as its own segment so that its
                    // lower end can be clamped at zero.
                    XYSeries bar = chart.addSeries(variant + " CI95 at " + Fmt.fixed(x[i], 0),
                            new double[] {x[i], x[i]},
                            new double[] {Math.max(0, e.ciLow()) * scale, e.ciHigh() * scale});
                    bar.setLineColor(color);
                    bar.setMarker(SeriesMarkers.NONE);
                    bar.setLineWidth(1.5f);
                    bar.setLineStyle(SeriesLines.SOLID);
                    bar.setShowInLegend(false);
                }
            }
            XYSeries series = chart.addSeries(variant, x, y);
            series.setLineColor(color);
            series.setMarkerColor(color);
            series.setMarker(SeriesMarkers.CIRCLE);
            series.setLineWidth(2f);
            // XChart varies the dash pattern with the series' index, which counts the interval segments too.
            series.setLineStyle(SeriesLines.SOLID);
        }
        try {
            return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot render the chart " + title, e);
        }
    }
}
