package io.paradigmlab.lab.campaign;

import io.paradigmlab.lab.api.Deployment;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.launch.ServiceProcess;
import io.paradigmlab.lab.load.HyperfoilDriver;
import io.paradigmlab.lab.load.LoadPlan;
import io.paradigmlab.lab.load.PhaseOutcome;
import io.paradigmlab.lab.load.ScenarioLoad;
import io.paradigmlab.lab.profile.AsyncProfilerAgent;
import io.paradigmlab.lab.profile.ProfileShaper;
import io.paradigmlab.lab.profile.Recordings;
import io.paradigmlab.lab.results.LevelMeasurement;
import io.paradigmlab.lab.results.Profiles;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The profiling runs of a campaign (docs/methodology.md, "Profiles"): after every measured repetition, each launched
 * variant once more on fresh JVMs and a fresh copy of the data, the usual warm-up, then only the profiled level, with
 * a JDK Flight Recording and async-profiler in every service JVM ({@link ProfileShaper}). The runs' numbers are kept
 * apart ({@link Profiles}) and never join the measurements. A variant whose profiling run fails, or a machine where
 * async-profiler cannot run, is reported as such; the measured results stand.
 */
final class ProfileRun {

    private ProfileRun() {
    }

    static Profiles run(RepoLayout repo, PreparedCampaign campaign, List<String> launched,
                        List<LevelMeasurement> measurements, PrintStream out) {
        return run(repo, campaign, launched, measurements, List.of(), out);
    }

    /**
     * With the measured runs' warm-ups: after an adaptive warm-up, a profiling run warms up (fixed) for the longest
     * one the measured runs needed, rounded up to whole seconds, rather than for the cap.
     */
    static Profiles run(RepoLayout repo, PreparedCampaign campaign, List<String> launched,
                        List<LevelMeasurement> measurements, List<io.paradigmlab.lab.results.WarmupRun> warmups,
                        PrintStream out) {
        CampaignRunner.Request request = campaign.request();
        Profiling profiling = request.profiling();
        LoadPlan plan = request.plan();
        Profiling.Choice choice = profiling.choose(plan.levels(), launched, request.settings().repetitions(),
                measurements);
        String unit = plan.model() == LoadPlan.Model.CLOSED ? " users" : " req/s";
        out.printf("Profiling runs at %d%s (%s); not part of the measurements.%n", choice.level(), unit,
                choice.reason());
        AsyncProfilerAgent agent = null;
        String profiler;
        try {
            agent = AsyncProfilerAgent.prepare(repo.root().resolve(".lab").resolve("tools"),
                    Path.of(System.getProperty("java.home"), "bin", "java"),
                    campaign.workDir().resolve("profile-probe"));
            profiler = "async-profiler " + agent.version() + ", event " + agent.event();
            out.println("  " + profiler + " (" + agent.library() + ")");
        } catch (AsyncProfilerAgent.ProfilerUnavailable e) {
            profiler = "unavailable: " + e.getMessage();
            out.println("  No CPU flame graphs: " + e.getMessage() + ". JDK Flight Recordings only.");
        }
        int warmup = request.settings().steadyState().adaptive() && !warmups.isEmpty()
                ? (int) Math.ceil(warmups.stream().mapToDouble(io.paradigmlab.lab.results.WarmupRun::seconds).max()
                        .orElse(plan.warmupSeconds()))
                : plan.warmupSeconds();
        LoadPlan one = new LoadPlan(plan.model(), List.of(choice.level()), warmup,
                plan.durationSeconds(), plan.timeoutMillis());
        List<Profiles.VariantProfile> variants = new ArrayList<>();
        for (String variant : launched) {
            variants.add(profile(campaign, variant, profiling.dir().resolve(variant), agent, one, out));
        }
        return new Profiles(choice.level(), choice.reason(), profiler, variants);
    }

    private static Profiles.VariantProfile profile(PreparedCampaign campaign, String variant, Path dir,
                                                   AsyncProfilerAgent agent, LoadPlan plan, PrintStream out) {
        CampaignRunner.Request request = campaign.request();
        ScenarioInfo scenario = campaign.scenario();
        String label = "[profiling " + variant + "]";
        out.printf("%s starting fresh service JVMs with JFR%s%n", label, agent == null ? "" : " and async-profiler");
        ProfileShaper shaper = new ProfileShaper(dir, variant, agent);
        Path runDir = campaign.workDir().resolve("profile-" + variant);
        boolean viaGateway = request.settings().viaGateway();
        String error = null;
        long requests = 0;
        double throughput = Double.NaN;
        Recordings.Window window = null;
        try {
            Files.createDirectories(dir);
            Deployment deployment;
            // only this deployment's JVMs are shaped: the others' launchers have no profiling shaper
            deployment = CampaignRunner.launch(campaign.shapedBy(shaper), variant, "_profile", false, viaGateway,
                    runDir, request.settings().launchSettings());
            // closing the deployment stops its JVMs (SIGTERM): that is when they write their recordings
            try (deployment) {
                Path dataDir = runDir.resolve("data");
                deployment.sessionData(campaign.data().dataDir(), dataDir);
                List<PhaseOutcome> outcomes = ScenarioLoad.run(scenario.id(), campaign.scenarioText(),
                        new ScenarioLoad.Target(
                        CampaignRunner.endpointsFor(viaGateway ? deployment.gatewayEndpoints()
                                : deployment.endpoints(), scenario),
                        dataDir, viaGateway ? Map.of() : deployment.instanceEndpoints()), plan,
                        request.settings().seed(), new HyperfoilDriver.Progress() {
                            @Override
                            public void phaseStarted(String phase, int level) {
                                out.printf("%s %s at %d for %d s%n", label, phase.equals("warmup") ? "warm-up"
                                        : "profiled level", level, phase.equals("warmup") ? plan.warmupSeconds()
                                        : plan.durationSeconds());
                            }

                            @Override
                            public void note(String line) {
                                out.println(label + " warning: " + line);
                            }
                        });
                PhaseOutcome outcome = outcomes.getLast();
                requests = outcome.requests();
                throughput = outcome.validThroughput();
                window = new Recordings.Window(Instant.ofEpochMilli(outcome.startMillis()),
                        Instant.ofEpochMilli(outcome.endMillis()));
            }
        } catch (Exception e) {
            error = e.getMessage() == null ? e.toString() : e.getMessage();
            out.println(label + " failed: " + error);
        }
        List<Profiles.ServiceProfile> profiles = new ArrayList<>();
        for (ProfileShaper.Files files : shaper.started()) {
            profiles.add(summarize(files, dir, variant, window));
        }
        out.printf("%s %d service JVM(s) profiled%n", label, profiles.size());
        return new Profiles.VariantProfile(variant, error, requests, throughput,
                window == null ? null : window.from(), window == null ? null : window.to(), profiles);
    }

    /**
     * One JVM's recordings read and its flame graph drawn, of the samples in {@code window} (null: all); what could
     * not be is listed in its problems.
     */
    static Profiles.ServiceProfile summarize(ProfileShaper.Files files, Path dir, String variant,
                                             Recordings.Window window) {
        List<String> problems = new ArrayList<>();
        String base = Profiling.FOLDER + "/" + dir.getFileName() + "/";
        String jfr = null;
        Recordings.Jdk jdk = null;
        Recordings.Cpu cpu = null;
        if (nonEmpty(files.jfr())) {
            jfr = base + files.jfr().getFileName();
            try {
                jdk = Recordings.jdk(files.jfr(), window);
            } catch (IOException | RuntimeException e) {
                problems.add("the JDK recording cannot be read: " + e.getMessage());
            }
        } else {
            problems.add("the JVM wrote no JDK recording (" + files.jfr().getFileName() + ")");
        }
        String flame = null;
        String cpuRecording = null;
        String event = null;
        if (files.cpuRecording() != null && nonEmpty(files.cpuRecording())) {
            cpuRecording = base + files.cpuRecording().getFileName();
            try {
                event = Recordings.cpuEvent(files.cpuRecording());
                cpu = Recordings.topFrames(files.cpuRecording(), Recordings.TOP_FRAMES, window);
                Path html = files.cpuRecording().resolveSibling(files.jvm() + "-cpu.html");
                Recordings.flameGraph(files.cpuRecording(), html, variant + " · " + files.jvm() + " · CPU samples"
                        + (event == null ? "" : ", " + event), window);
                flame = base + html.getFileName();
            } catch (IOException | RuntimeException e) {
                problems.add("async-profiler's recording cannot be read: " + e.getMessage());
            }
        } else if (files.cpuRecording() != null) {
            problems.add("async-profiler wrote no recording (" + files.cpuRecording().getFileName() + "): see the"
                    + " service's log");
        }
        if (cpu == null && jdk != null && nonEmpty(files.jfr())) {
            // no async-profiler: the JDK's own execution samples (Java frames only) still give the top frames
            try {
                cpu = Recordings.topFrames(files.jfr(), Recordings.TOP_FRAMES, window);
                event = "jdk.ExecutionSample (JFR, Java frames only)";
            } catch (IOException | RuntimeException e) {
                problems.add("no execution samples: " + e.getMessage());
            }
        }
        return new Profiles.ServiceProfile(files.jvm(), flame, cpuRecording, jfr, event,
                cpu == null ? 0 : cpu.samples(), cpu == null ? List.of() : cpu.topFrames(),
                cpu == null ? List.of() : cpu.topJavaFrames(),
                jdk == null ? null : jdk.gc(), jdk == null ? Double.NaN : jdk.allocationMbPerSecond(),
                jdk == null ? null : jdk.locks(), jdk == null ? null : jdk.pinning(),
                jdk == null ? 0 : jdk.submitFailed(), problems);
    }

    private static boolean nonEmpty(Path file) {
        try {
            return Files.isRegularFile(file) && Files.size(file) > 0;
        } catch (IOException e) {
            return false;
        }
    }
}
