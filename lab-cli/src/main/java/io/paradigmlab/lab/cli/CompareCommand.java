package io.paradigmlab.lab.cli;

import io.paradigmlab.lab.infra.LabException;
import io.paradigmlab.lab.report.CampaignComparison;
import io.paradigmlab.lab.report.CampaignJson;
import io.paradigmlab.lab.report.CompareReport;
import io.paradigmlab.lab.report.ReportWriter;
import io.paradigmlab.lab.results.CampaignResult;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ./lab compare <run-a> <run-b>}: how two campaigns differ, with confidence intervals. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Differences between two campaigns (b - a) per variant and level, with 95% intervals.")
final class CompareCommand implements Runnable {

    @Parameters(index = "0", paramLabel = "RUN-A", description = "A campaign folder (or its campaign.json).")
    Path a;

    @Parameters(index = "1", paramLabel = "RUN-B", description = "Another campaign folder (or its campaign.json).")
    Path b;

    @Option(names = "--output", paramLabel = "DIR", description = "Also write comparison.txt and comparison.csv here.")
    Path output;

    @Override
    public void run() {
        CampaignResult first = read(a);
        CampaignResult second = read(b);
        CampaignComparison comparison = CampaignComparison.compare(first, second);
        CompareReport.print(comparison, System.out);
        if (output != null) {
            CompareReport.write(comparison, output);
            System.out.println("Written to " + output);
        }
    }

    private static CampaignResult read(Path run) {
        Path json = Files.isDirectory(run) ? run.resolve(ReportWriter.CAMPAIGN_JSON) : run;
        if (!Files.isRegularFile(json)) {
            throw new LabException("No campaign at " + run + " (expected a folder holding " + ReportWriter.CAMPAIGN_JSON + ")");
        }
        return CampaignJson.read(json);
    }
}
