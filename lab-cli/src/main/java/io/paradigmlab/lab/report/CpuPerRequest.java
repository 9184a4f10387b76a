package io.paradigmlab.lab.report;

import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.stats.CampaignStatistics;
import io.paradigmlab.lab.stats.CampaignSummary;
import io.paradigmlab.lab.stats.Comparison;
import io.paradigmlab.lab.stats.Estimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.math3.stat.StatUtils;
import org.apache.commons.math3.stat.inference.TTest;

/**
 * The services' CPU time per completed request ({@link LevelMeasurement#cpuMicrosPerRequest()}, microseconds), per
 * variant and level over the valid repetitions, and compared between variants as throughput is: paired by repetition,
 * the geometric mean of the per-repetition ratios B / A with its 95 % interval on the log scale
 * ({@link Comparison#pairedRatio}). Lower is better: a ratio below 1 means B spends less CPU on a request. The
 * database's CPU is not included: the lab does not sample the database's processes.
 */
final class CpuPerRequest {

    /** The metric's id in summary.csv, comparisons.csv and summary.json. */
    static final String ID = "cpu_us_per_request";
    static final String UNIT = "us";
    static final String LABEL = "Service CPU per request";

    /**
     * B against A at one level.
     *
     * @param ratios      B / A per repetition where both were valid and have a value
     * @param ratio       their geometric mean with its 95 % interval
     * @param pValue      one-sample t-test of the log ratios against 0; NaN with fewer than two or no spread
     * @param significant the interval excludes 1
     */
    record Paired(int level, String variantA, String variantB, Estimate a, Estimate b, List<Double> ratios,
                  Estimate ratio, double pValue, boolean significant) {

        /** B used less CPU per request than A on the paired mean. */
        boolean bBetter() {
            return !ratio.isEmpty() && ratio.mean() < 1;
        }
    }

    private final CampaignResult result;
    private final CampaignSummary summary;

    CpuPerRequest(CampaignResult result, CampaignSummary summary) {
        this.result = result;
        this.summary = summary;
    }

    /** Mean and CI95 over the valid repetitions of {@code variant} at {@code level}. */
    Estimate estimate(String variant, int level) {
        return Estimate.of(values(variant, level).values().stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** Every pair of variants (A before B in the campaign's order) at every level. */
    List<Paired> comparisons() {
        List<Paired> out = new ArrayList<>();
        List<String> variants = summary.variants();
        for (int level : summary.levels()) {
            for (int i = 0; i < variants.size(); i++) {
                for (int j = i + 1; j < variants.size(); j++) {
                    out.add(compare(level, variants.get(i), variants.get(j)));
                }
            }
        }
        return out;
    }

    Paired compare(int level, String a, String b) {
        Map<Integer, Double> va = values(a, level);
        Map<Integer, Double> vb = values(b, level);
        List<Double> ratios = new ArrayList<>();
        va.forEach((rep, x) -> {
            Double y = vb.get(rep);
            if (y != null && x > 0) {
                ratios.add(y / x);
            }
        });
        Estimate ratio = Comparison.pairedRatio(ratios);
        double[] logs = ratios.stream().mapToDouble(Double::doubleValue).filter(r -> r > 0 && Double.isFinite(r))
                .map(Math::log).toArray();
        double p = logs.length >= 2 && StatUtils.variance(logs) > 0 ? new TTest().tTest(0.0, logs) : Double.NaN;
        boolean significant = ratio.hasInterval() && (ratio.ciLow() > 1 || ratio.ciHigh() < 1);
        return new Paired(level, a, b, estimate(a, level), estimate(b, level), ratios, ratio, p, significant);
    }

    /** The finite values of the valid repetitions, by repetition. */
    private Map<Integer, Double> values(String variant, int level) {
        Map<Integer, Double> out = new TreeMap<>();
        for (LevelMeasurement m : CampaignStatistics.okMeasurements(result, variant, level)) {
            double v = m.cpuMicrosPerRequest();
            if (Double.isFinite(v)) {
                out.put(m.repetition(), v);
            }
        }
        return out;
    }
}
