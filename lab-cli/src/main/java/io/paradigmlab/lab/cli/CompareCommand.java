package io.paradigmlab.lab.cli;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.report.CampaignComparison;
import io.paradigmlab.lab.report.CampaignJson;
import io.paradigmlab.lab.report.CompareReport;
import io.paradigmlab.lab.report.RegressionGate;
import io.paradigmlab.lab.report.ReportWriter;
import io.paradigmlab.lab.results.CampaignResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code ./lab compare <run-a> <run-b>}: how two campaigns differ, with confidence intervals; with {@code --fail-if},
 * a regression gate whose exit code a CI job can act on.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = {"Differences between two campaigns (b - a) per variant and level, with 95%% intervals.",
            "With --fail-if, a regression gate: exit code 1 when a metric moved beyond its threshold with "
                    + "statistical significance (Welch's p < 0.05), 0 otherwise, 2 for bad input."},
        footer = {"", "Examples:",
            "  ./lab compare runs/before runs/after",
            "  ./lab compare runs/main runs/pr --fail-if 'throughput<-5%%,p99>+10%%' --format markdown > comment.md",
            "", "Conditions: METRIC<NUMBER[%%] or METRIC>NUMBER[%%], comma-separated. With %%, relative to A's mean;",
            "without, an absolute difference in the unit the report shows (req/s, ms, %%, MB, us). Metrics: throughput,",
            "errors, mean, p50, p90, p95, p99, p999, max, cpu, cpu_per_request (us of service CPU per request), rss,",
            "heap, gc, or a metric's id in summary.csv (e.g. latency_p50, cpu_us_per_request).",
            "A change beyond a threshold without significance is reported as inconclusive and does not fail."})
final class CompareCommand implements Callable<Integer> {

    /** Exit code of a failed gate (2 is the lab's code for bad input). */
    static final int REGRESSION = 1;

    enum Format { text, markdown }

    @Parameters(index = "0", paramLabel = "RUN-A", description = "The reference campaign folder (or its campaign.json).")
    Path a;

    @Parameters(index = "1", paramLabel = "RUN-B", description = "The campaign compared with it (folder or campaign.json).")
    Path b;

    @Option(names = "--fail-if", paramLabel = "CONDITIONS",
            description = "Regression gate, e.g. 'throughput<-5%%,p99>+10%%': exit 1 when a condition is violated "
                    + "with significance on any variant and level both campaigns measured.")
    String failIf;

    @Option(names = "--format", defaultValue = "text",
            description = "text (a terminal table) or markdown (for a pull-request comment). Default: ${DEFAULT-VALUE}.")
    Format format;

    @Option(names = "--output", paramLabel = "DIR",
            description = "Also write comparison.txt, comparison.md and comparison.csv here.")
    Path output;

    @Override
    public Integer call() {
        RegressionGate gate = failIf == null ? null : RegressionGate.parse(failIf);
        CampaignResult first = read(a);
        CampaignResult second = read(b);
        CampaignComparison comparison = CampaignComparison.compare(first, second,
                gate == null ? List.of() : gate.metrics());
        List<RegressionGate.Check> checks = gate == null ? List.of() : gate.judge(comparison);
        if (gate != null && checks.isEmpty()) {
            throw new LabException("--fail-if has nothing to judge: no variant and level has valid repetitions in "
                    + "both " + first.id() + " and " + second.id());
        }
        if (format == Format.markdown) {
            CompareReport.markdown(comparison, checks, System.out);
        } else {
            CompareReport.print(comparison, System.out);
            if (gate != null) {
                CompareReport.printGate(checks, System.out);
            }
        }
        if (output != null) {
            CompareReport.write(comparison, checks, output);
            (format == Format.markdown ? System.err : System.out).println("Written to " + output);
        }
        return RegressionGate.failed(checks) ? REGRESSION : 0;
    }

    private static CampaignResult read(Path run) {
        Path json = Files.isDirectory(run) ? run.resolve(ReportWriter.CAMPAIGN_JSON) : run;
        if (!Files.isRegularFile(json)) {
            throw new LabException("No campaign at " + run + " (expected a folder holding " + ReportWriter.CAMPAIGN_JSON + ")");
        }
        return CampaignJson.read(json);
    }
}
