package io.paradigmlab.lab.cli;

import io.paradigmlab.lab.campaign.CampaignRunner;
import io.paradigmlab.lab.infra.LabException;
import io.paradigmlab.lab.launch.RepoLayout;
import io.paradigmlab.lab.launch.Variant;
import io.paradigmlab.lab.load.LoadPlan;
import io.paradigmlab.lab.report.ReportWriter;
import io.paradigmlab.lab.results.CampaignResult;
import io.paradigmlab.lab.results.CampaignSettings;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ./lab run}: a benchmark campaign, its statistics and its report. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = "Benchmark variants under load: for each repetition fresh service JVMs and data, a warm-up,"
                + " then each level; writes an HTML report with CSV and JSON beside it.")
class RunCommand implements Runnable {

    static final List<String> SCENARIOS = List.of("user-summary");

    @Parameters(index = "0", paramLabel = "APP", description = "The application: tweebyte.")
    String app;

    @Option(names = "--scenario", defaultValue = "user-summary", description = "The request mix (default: ${DEFAULT-VALUE}).")
    String scenario;

    @Option(names = "--variants", defaultValue = "async,virtual,reactive", description = "Variants to compare (default: ${DEFAULT-VALUE}).")
    String variants;

    @Option(names = "--model", defaultValue = "closed",
            description = "closed: N users without think time, the seeds' model; open: a fixed offered rate (default: ${DEFAULT-VALUE}).")
    String model;

    @Option(names = "--levels", description = "Users (closed) or requests/s (open), ascending (default: 1,10,50,100,200 closed; 100,200,400,800 open).")
    String levels;

    @Option(names = "--reps", defaultValue = "5", description = "Repetitions, each on fresh JVMs and data (default: ${DEFAULT-VALUE}).")
    int reps;

    @Option(names = "--warmup", defaultValue = "60s", description = "Load before the first level, never measured (default: ${DEFAULT-VALUE}).")
    String warmup;

    @Option(names = "--duration", defaultValue = "180s", description = "Measured window of each level (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--users", defaultValue = "100000", description = "Synthetic users seeded per repetition (default: ${DEFAULT-VALUE}; the seeds used about 1000000).")
    int users;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the data generator (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--security", defaultValue = "off", description = "on checks a token on every request; off as the seeds did (default: ${DEFAULT-VALUE}).")
    String security;

    @Option(names = "--error-threshold", defaultValue = "0.01", description = "Share of failed requests above which a level is invalid (default: ${DEFAULT-VALUE}).")
    double errorThreshold;

    @Option(names = "--timeout", defaultValue = "5s", description = "A request without an answer after this long is an error (default: ${DEFAULT-VALUE}).")
    String timeout;

    @Option(names = "--postgres-url", paramLabel = "URL", description = "External PostgreSQL (default: embedded).")
    String postgresUrl;

    @Option(names = "--redis-url", paramLabel = "URL", description = "External Redis (default: embedded).")
    String redisUrl;

    @Option(names = "--output", defaultValue = "runs", description = "Folder for campaign results (default: ${DEFAULT-VALUE}).")
    Path output;

    @Override
    public void run() {
        Path report = execute();
        System.out.println("Report: " + report.resolve("report.html"));
    }

    /** Runs the campaign; returns the folder its report was written to. */
    Path execute() {
        if (!"tweebyte".equals(app)) {
            throw new LabException("Unknown application '" + app + "': the lab knows tweebyte");
        }
        if (!SCENARIOS.contains(scenario)) {
            throw new LabException("Unknown scenario '" + scenario + "': choose one of " + String.join(", ", SCENARIOS));
        }
        List<Variant> chosen = Variant.parseList(variants);
        if (chosen.isEmpty()) {
            throw new LabException("--variants needs at least one of " + Variant.ids());
        }
        if (reps < 1) {
            throw new LabException("--reps must be at least 1, got " + reps);
        }
        if (errorThreshold < 0 || errorThreshold > 1) {
            throw new LabException("--error-threshold is a share between 0 and 1, got " + errorThreshold);
        }
        LoadPlan.Model loadModel = LoadPlan.Model.parse(model);
        List<Integer> ladder = CampaignOptions.levels(levels != null ? levels
                : loadModel == LoadPlan.Model.CLOSED ? "1,10,50,100,200" : "100,200,400,800");
        int timeoutSeconds = CampaignOptions.seconds("--timeout", timeout);
        LoadPlan plan = new LoadPlan(loadModel, ladder, CampaignOptions.seconds("--warmup", warmup),
                CampaignOptions.seconds("--duration", duration), Math.max(1, timeoutSeconds) * 1000);
        boolean securityOn = CampaignOptions.onOff("--security", security);
        CampaignSettings settings = new CampaignSettings(app, scenario, chosen.stream().map(Variant::id).toList(),
                loadModel.id(), ladder, reps, plan.warmupSeconds(), plan.durationSeconds(), users, seed, securityOn,
                errorThreshold);
        String command = "./lab run " + app + " --scenario " + scenario + " --variants "
                + settings.variants().stream().collect(Collectors.joining(",")) + " --model " + loadModel.id()
                + " --levels " + ladder.stream().map(String::valueOf).collect(Collectors.joining(","))
                + " --reps " + reps + " --warmup " + plan.warmupSeconds() + "s --duration " + plan.durationSeconds()
                + "s --users " + users + " --seed " + seed + " --security " + security + " --error-threshold "
                + errorThreshold + " --timeout " + timeoutSeconds + "s";

        RepoLayout repo = RepoLayout.locate();
        String id = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")) + "-" + scenario;
        Path dir = (output.isAbsolute() ? output : repo.root().resolve(output)).resolve(id);
        System.out.printf("Campaign %s: %s, %s model, levels %s, %d repetition(s), warm-up %d s, %d s per level, %d users%n",
                id, settings.variants(), loadModel.id(), ladder, reps, plan.warmupSeconds(), plan.durationSeconds(), users);
        CampaignResult result = CampaignRunner.run(repo, new CampaignRunner.Request(settings, plan, postgresUrl,
                redisUrl, command), id, System.out);
        ReportWriter.write(result, dir);
        return dir;
    }
}
