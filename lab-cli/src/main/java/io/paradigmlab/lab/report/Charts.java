package io.paradigmlab.lab.report;

import io.paradigmlab.lab.stats.CampaignSummary;
import io.paradigmlab.lab.stats.Estimate;
import io.paradigmlab.lab.stats.Metric;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's charts, rendered headless by XChart to PNG: one metric against the level, one line per variant,
 * the 95% interval of each point drawn as an error bar. A level where a variant has no OK repetition is a gap in
 * its line, not an interpolation.
 */
final class Charts {

    static {
        // Rendering needs no display; must be set before the first AWT class loads.
        System.setProperty("java.awt.headless", "true");
    }

    /** Metrics charted, in page order. */
    static final List<Metric> CHARTED = List.of(Metric.THROUGHPUT, Metric.LATENCY_P95, Metric.LATENCY_P99,
            Metric.CPU, Metric.RSS, Metric.HEAP, Metric.THREADS);

    /** Levels spanning more than this factor get a logarithmic x axis, so the low levels stay readable. */
    static final double LOG_X_SPAN = 20;

    static final int WIDTH = 900;
    static final int HEIGHT = 540;

    /** Variant colours: colour-blind-safe (Okabe-Ito), stable by position. */
    private static final Color[] COLORS = {new Color(0x0072B2), new Color(0xE69F00), new Color(0x009E73),
            new Color(0xCC79A7), new Color(0x56B4E9), new Color(0xD55E00)};

    private Charts() {
    }

    record Chart(Metric metric, String title, byte[] png) {
    }

    static List<Chart> render(CampaignSummary summary, String levelAxis) {
        List<Chart> charts = new ArrayList<>();
        for (Metric metric : CHARTED) {
            charts.add(new Chart(metric, title(metric), png(summary, metric, levelAxis)));
        }
        return charts;
    }

    static String title(Metric metric) {
        return switch (metric) {
            case LATENCY_P95, LATENCY_P99 -> metric.label() + " (mean of per-run " + metric.label().split(" ")[0]
                    + ", " + Fmt.unit(metric) + ")";
            default -> Fmt.title(metric);
        };
    }

    static boolean logX(List<Integer> levels) {
        if (levels.isEmpty()) {
            return false;
        }
        int min = levels.getFirst();
        int max = levels.getLast();
        return min > 0 && (double) max / min > LOG_X_SPAN;
    }

    static byte[] png(CampaignSummary summary, Metric metric, String levelAxis) {
        boolean logX = logX(summary.levels());
        // A log axis labels decades only (XChart's custom tick labels do not support log axes): name the levels.
        String xTitle = logX ? levelAxis + ", log scale: levels " + String.join(", ",
                summary.levels().stream().map(l -> Fmt.fixed(l, 0)).toList()) : levelAxis;
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title(metric))
                .xAxisTitle(xTitle).yAxisTitle(Fmt.unit(metric)).build();
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        chart.getStyler().setPlotBorderVisible(false);
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
        chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
        chart.getStyler().setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        chart.getStyler().setErrorBarsColorSeriesColor(true);
        chart.getStyler().setMarkerSize(7);
        chart.getStyler().setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
        chart.getStyler().setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        chart.getStyler().setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 14));
        chart.getStyler().setXAxisDecimalPattern("#,##0");
        chart.getStyler().setXAxisLogarithmic(logX);

        double scale = Fmt.scale(metric);
        double[] x = summary.levels().stream().mapToDouble(Integer::doubleValue).toArray();
        for (int v = 0; v < summary.variants().size(); v++) {
            String variant = summary.variants().get(v);
            double[] y = new double[x.length];
            double[] error = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                Estimate e = summary.level(variant, summary.levels().get(i)).map(s -> s.estimate(metric))
                        .orElse(Estimate.EMPTY);
                y[i] = e.mean() * scale;
                // One repetition has no interval: no bar rather than a bar of zero width pretending certainty.
                error[i] = e.hasInterval() ? e.halfWidth() * scale : 0;
            }
            XYSeries series = chart.addSeries(variant, x, y, error);
            Color color = COLORS[v % COLORS.length];
            series.setLineColor(color);
            series.setMarkerColor(color);
            series.setMarker(SeriesMarkers.CIRCLE);
            series.setLineWidth(2f);
        }
        try {
            return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot render the " + metric.id() + " chart", e);
        }
    }
}
