package io.paradigmlab.lab.load;

import io.hyperfoil.api.config.Benchmark;
import io.hyperfoil.api.session.PhaseInstance;
import io.hyperfoil.api.statistics.StatisticsSnapshot;
import io.hyperfoil.core.impl.LocalSimulationRunner;
import io.hyperfoil.core.impl.statistics.StatisticsCollector;
import io.hyperfoil.core.parser.BenchmarkParser;
import io.hyperfoil.http.statistics.HttpStats;
import io.paradigmlab.lab.api.LabException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;

/**
 * Runs a scenario file (docs/scenarios.md) with Hyperfoil, embedded. The file is the {@code scenario:} of a
 * Hyperfoil benchmark, or a {@code forks:} list of weighted scenarios; the lab generates the benchmark around it:
 * one named HTTP target per service ({@code endpoint: <service id>} in each request), the ergonomics, and the phases
 * of the load plan (warm-up, then each level, back to back) in the closed ({@code always}) or the open
 * ({@code constantRate}) model. Every response is checked as the file says (status, body shape); a failed check
 * marks the request invalid, which {@link PhaseOutcome} counts as an error.
 */
public final class ScenarioLoad {

    /**
     * Where the scenario sends its requests and finds its data.
     *
     * @param endpoints service id -> base URL ({@code http://host:port}, or {@code http://host:port/prefix} for a
     *                  service behind a gateway that routes by path prefix). Services may share a host and port when
     *                  their URLs have different prefixes: the lab then sends their requests to one HTTP target and
     *                  puts each service's prefix in front of its requests' paths.
     * @param dataDir   the CSV files' folder; {@link #run} also writes the generated benchmark there
     * @param instances service id -> the base URLs of all its instances, for a service that runs several (the first
     *                  being its endpoint's): each instance is an HTTP target of its own, and every iteration of a
     *                  session sends the service's requests to the next instance in turn, counted across all sessions
     *                  (a {@code csvRow} with {@code pick: next} over the instances' target names, written into the
     *                  data folder, and an {@code endpoint:} pattern), so the requests spread evenly. Empty: one
     *                  instance each
     */
    public record Target(Map<String, String> endpoints, Path dataDir, Map<String, List<String>> instances) {

        /** One instance per service. */
        public Target(Map<String, String> endpoints, Path dataDir) {
            this(endpoints, dataDir, Map.of());
        }

        public Target {
            if (endpoints.isEmpty()) {
                throw new LabException("A scenario needs at least one endpoint");
            }
            endpoints = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(endpoints));
            instances = Map.copyOf(instances);
            for (var e : instances.entrySet()) {
                String endpoint = endpoints.get(e.getKey());
                if (endpoint != null && (e.getValue().isEmpty()
                        || !Address.parse(e.getKey(), e.getValue().get(0)).equals(Address.parse(e.getKey(), endpoint)))) {
                    throw new LabException("The instances of " + e.getKey() + " must start with its endpoint "
                            + endpoint + ", got " + e.getValue());
                }
            }
            Map<String, String> byUrl = new LinkedHashMap<>();
            for (var e : endpoints.entrySet()) {
                Address address = Address.parse(e.getKey(), e.getValue());
                String other = byUrl.putIfAbsent(address.origin() + address.prefix(), e.getKey());
                if (other != null) {
                    throw new LabException("Endpoints " + other + " and " + e.getKey() + " share " + e.getValue()
                            + ": each service needs its own host:port or its own path prefix");
                }
            }
        }

        /**
         * Service id -> where its requests go: the name of the HTTP target (one per distinct origin, named after the
         * first service there) and the path prefix.
         */
        Map<String, ScenarioFile.Route> routes() {
            Map<String, String> nameByOrigin = new LinkedHashMap<>();
            Map<String, ScenarioFile.Route> routes = new LinkedHashMap<>();
            Map<String, List<String>> rotated = rotated();
            for (var e : endpoints.entrySet()) {
                Address address = Address.parse(e.getKey(), e.getValue());
                String target = nameByOrigin.computeIfAbsent(address.origin(), origin -> e.getKey());
                if (rotated.containsKey(e.getKey())) {
                    target = "${" + instanceVariable(e.getKey()) + "}";
                }
                routes.put(e.getKey(), new ScenarioFile.Route(target, address.prefix()));
            }
            return routes;
        }

        /** The services whose requests rotate over several instances (never one behind a path prefix). */
        Map<String, List<String>> rotated() {
            Map<String, List<String>> out = new LinkedHashMap<>();
            for (var e : instances.entrySet()) {
                String endpoint = endpoints.get(e.getKey());
                if (endpoint != null && e.getValue().size() > 1
                        && Address.parse(e.getKey(), endpoint).prefix().isEmpty()) {
                    out.put(e.getKey(), e.getValue());
                }
            }
            return out;
        }

        /** The HTTP target name of instance {@code i} (0-based) of {@code service}: the first keeps the service's. */
        static String instanceTarget(String service, int i) {
            return i == 0 ? service : service + "-i" + (i + 1);
        }

        /** The session variable holding the target of a rotated service's current instance. */
        static String instanceVariable(String service) {
            return "lab_instance_" + service.replaceAll("[^A-Za-z0-9_]", "_");
        }

        /** The data file the rotation of {@code service} draws from. */
        static String instanceFile(String service) {
            return "lab-instances-" + service.replaceAll("[^A-Za-z0-9_-]", "_") + ".csv";
        }

        /** HTTP target name -> origin ({@code http://host:port}), one per distinct origin. */
        Map<String, String> origins() {
            Map<String, String> origins = new LinkedHashMap<>();
            for (var e : endpoints.entrySet()) {
                Address address = Address.parse(e.getKey(), e.getValue());
                if (!origins.containsValue(address.origin())) {
                    origins.put(e.getKey(), address.origin());
                }
            }
            rotated().forEach((service, urls) -> {
                for (int i = 1; i < urls.size(); i++) {
                    origins.put(instanceTarget(service, i), Address.parse(service, urls.get(i)).origin());
                }
            });
            return origins;
        }
    }

    /** An endpoint's URL split into origin ({@code scheme://host:port}) and path prefix ({@code ""} or {@code /a/b}). */
    record Address(String origin, String prefix) {

        static Address parse(String service, String url) {
            URI uri;
            try {
                uri = URI.create(url.strip());
            } catch (IllegalArgumentException e) {
                throw new LabException("Endpoint " + service + " has a bad URL: " + url);
            }
            if (uri.getScheme() == null || uri.getHost() == null
                    || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))) {
                throw new LabException("Endpoint " + service + " needs an http:// or https:// URL with a host, not "
                        + url);
            }
            if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
                throw new LabException("Endpoint " + service + " must not have a query or fragment: " + url);
            }
            String path = uri.getRawPath() == null ? "" : uri.getRawPath();
            while (path.endsWith("/")) {
                path = path.substring(0, path.length() - 1);
            }
            String origin = uri.getScheme() + "://" + uri.getRawAuthority();
            return new Address(origin, path);
        }
    }

    private static final String WARMUP = "warmup";
    private static final String LEVEL = "level-";
    /** The phases of a soak's slices: {@code soak-1}, {@code soak-2}... */
    public static final String SOAK_SLICE = "soak-";
    private static final String ITERATION = "iteration-";

    private ScenarioLoad() {
    }

    /**
     * The full benchmark YAML for this plan (what {@link #run} executes; {@link #run} also writes it to
     * {@code dataDir/<name>.benchmark.hf.yaml}). It runs with Hyperfoil itself given the lab's jar as an extension
     * (for {@code csvRow} and {@code expectJson}).
     */
    public static String benchmark(String name, String scenarioText, Target target, LoadPlan plan, long seed) {
        ScenarioFile file = new ScenarioFile(name, scenarioText);
        file.checkEndpoints(target.endpoints().keySet());
        int maxSessions = HyperfoilDriver.maxSessions(plan);
        List<Node> phases = new ArrayList<>();
        String previous = null;
        if (plan.warmupSeconds() > 0) {
            phases.add(phase(WARMUP, plan, plan.warmupLevel(), plan.warmupSeconds(), maxSessions, true, null, false,
                    rotating(file.entry(seed, target.routes()), target)));
            previous = WARMUP;
        }
        for (String phase : phaseNames(plan)) {
            // a soak's slices follow each other without a pause in the open model: arrivals go on while the previous
            // slice's requests are answered, so a queue that builds up carries over as it would in one long window
            // (each request counts in the slice it was sent in); the closed model waits for them, never exceeding its
            // users
            boolean continuous = plan.soak() && plan.model() == LoadPlan.Model.OPEN
                    && phase.startsWith(SOAK_SLICE) && !phase.equals(SOAK_SLICE + 1);
            phases.add(phase(phase, plan, plan.soak() ? plan.levels().getFirst() : level(phase),
                    plan.sliceSeconds(), maxSessions, false, previous, continuous,
                    rotating(file.entry(seed, target.routes()), target)));
            previous = phase;
        }
        String comment = "# Generated by Paradigm Lab from scenario " + name + ": " + plan.model().id() + " model, "
                + (plan.soak() ? "soak at " + plan.levels().getFirst() + " for " + plan.durationSeconds() + " s in "
                        + plan.slices() + " slices of " + plan.sliceSeconds() + " s"
                        : "levels " + plan.levels()) + ", warm-up " + plan.warmupSeconds() + " s, "
                + (plan.soak() ? "" : plan.durationSeconds() + " s per level, ") + "seed " + seed + ".\n";
        return document(name, file, comment, target, HyperfoilDriver.connections(maxSessions), plan.timeoutMillis(),
                phases);
    }

    /**
     * Runs the warm-up, then each level; one outcome per level, in order (for a soak, one per slice). Blocks for
     * about {@link LoadPlan#totalSeconds()}.
     */
    public static List<PhaseOutcome> run(String name, String scenarioText, Target target, LoadPlan plan, long seed,
                                         HyperfoilDriver.Progress progress) {
        String text = benchmark(name, scenarioText, target, plan, seed);
        try {
            Files.createDirectories(target.dataDir());
            Files.writeString(target.dataDir().resolve(name + ".benchmark.hf.yaml"), text);
        } catch (IOException e) {
            throw new LabException("Cannot write the benchmark of " + name + " into " + target.dataDir() + ": " + e);
        }
        writeInstanceFiles(target);
        DataFolder data = new DataFolder(target.dataDir());
        Benchmark benchmark = build(name, scenarioText, text, target, data);
        requireListening(target);
        Map<String, Observed> observed = execute(benchmark, phase -> progress.phaseStarted(phase,
                phase.equals(WARMUP) ? plan.warmupLevel() : plan.soak() ? plan.levels().getFirst() : level(phase)));
        data.reusedRows().forEach(progress::note);
        List<PhaseOutcome> outcomes = new ArrayList<>();
        for (String phase : phaseNames(plan)) {
            Observed o = observed.getOrDefault(phase, new Observed());
            outcomes.add(o.outcome(plan.soak() ? plan.levels().getFirst() : level(phase)));
        }
        return outcomes;
    }

    /** The measured phases, in order: {@code level-<n>} per level, or a soak's {@code soak-<i>} per slice. */
    static List<String> phaseNames(LoadPlan plan) {
        List<String> names = new ArrayList<>();
        if (plan.soak()) {
            for (int i = 1; i <= plan.slices(); i++) {
                names.add(SOAK_SLICE + i);
            }
        } else {
            plan.levels().forEach(level -> names.add(LEVEL + level));
        }
        return names;
    }

    private static int level(String levelPhase) {
        return Integer.parseInt(levelPhase.substring(LEVEL.length()));
    }

    /**
     * One session running {@code iterations} iterations of the scenario back to back, requests strictly one at a
     * time (the verification before a campaign). A {@code forks:} file runs each fork's scenario in turn in every
     * iteration. Returns the outcome of all iterations together (level 1).
     */
    public static PhaseOutcome once(String name, String scenarioText, Target target, int iterations,
                                    int timeoutMillis, long seed) {
        if (iterations < 1) {
            throw new LabException("At least one iteration is needed");
        }
        String text = onceBenchmark(name, scenarioText, target, iterations, timeoutMillis, seed);
        writeInstanceFiles(target);
        Benchmark benchmark = build(name, scenarioText, text, target);
        requireListening(target);
        Map<String, Observed> observed = execute(benchmark, phase -> {
        });
        Observed all = new Observed();
        observed.values().forEach(all::add);
        return all.outcome(1);
    }

    /**
     * Parses and builds the benchmark without sending anything. Throws a {@link LabException} naming the scenario and
     * Hyperfoil's problem (with the line in the scenario file where it can tell) for a bad file, an endpoint the
     * target lacks, or a data file that is missing or malformed.
     */
    public static void validate(String name, String scenarioText, Target target) {
        LoadPlan plan = new LoadPlan(LoadPlan.Model.CLOSED, List.of(1), 0, 1, 1000);
        writeInstanceFiles(target);
        build(name, scenarioText, benchmark(name, scenarioText, target, plan, 0), target);
    }

    static String onceBenchmark(String name, String scenarioText, Target target, int iterations, int timeoutMillis,
                                long seed) {
        ScenarioFile file = new ScenarioFile(name, scenarioText);
        file.checkEndpoints(target.endpoints().keySet());
        List<Node> phases = new ArrayList<>();
        String previous = null;
        // generous: an iteration may send several requests, each up to the timeout
        long maxDuration = 60_000L + 10L * timeoutMillis;
        for (int i = 1; i <= iterations; i++) {
            List<NodeTuple> scenarios = new ArrayList<>();
            List<String> names = new ArrayList<>();
            if (file.isForks()) {
                for (ScenarioFile.Fork fork : file.forks()) {
                    scenarios.add(rotating(file.forkScenario(fork, seed, target.routes()), target));
                    names.add(ITERATION + i + "-" + fork.name().replaceAll("[^A-Za-z0-9_-]", "_"));
                }
            } else {
                scenarios.add(rotating(file.entry(seed, target.routes()), target));
                names.add(ITERATION + i);
            }
            for (int f = 0; f < scenarios.size(); f++) {
                List<NodeTuple> body = new ArrayList<>();
                body.add(ScenarioFile.Nodes.entry("users", ScenarioFile.Nodes.number(1)));
                body.add(ScenarioFile.Nodes.entry("maxDuration", ScenarioFile.Nodes.scalar(maxDuration + "ms")));
                if (previous != null) {
                    body.add(ScenarioFile.Nodes.entry("startAfterStrict", ScenarioFile.Nodes.scalar(previous)));
                }
                body.add(scenarios.get(f));
                phases.add(ScenarioFile.Nodes.map(List.of(ScenarioFile.Nodes.entry(names.get(f),
                        ScenarioFile.Nodes.map(List.of(ScenarioFile.Nodes.entry("atOnce",
                                ScenarioFile.Nodes.map(body))))))));
                previous = names.get(f);
            }
        }
        String comment = "# Generated by Paradigm Lab from scenario " + name + ": one session, " + iterations
                + " iteration(s), seed " + seed + ".\n";
        return document(name, file, comment, target, 1, timeoutMillis, phases);
    }

    /**
     * The entry with, for each service whose requests rotate over instances ({@link Target#rotated()}), a
     * {@code csvRow} step at the start of every scenario's first sequence: once per iteration it sets the variable
     * the service's {@code endpoint:} pattern names to the next instance's target, in turn across all sessions.
     */
    static NodeTuple rotating(NodeTuple entry, Target target) {
        Map<String, List<String>> rotated = target.rotated();
        if (rotated.isEmpty()) {
            return entry;
        }
        // fresh nodes for every scenario they go into: a node shared by two places would be written as a YAML alias
        java.util.function.Supplier<List<Node>> steps = () -> {
            List<Node> list = new ArrayList<>();
            for (String service : rotated.keySet()) {
                list.add(ScenarioFile.Nodes.map(List.of(ScenarioFile.Nodes.entry("csvRow",
                        ScenarioFile.Nodes.map(List.of(
                                ScenarioFile.Nodes.entry("file", ScenarioFile.Nodes.scalar(Target.instanceFile(service))),
                                ScenarioFile.Nodes.entry("pick", ScenarioFile.Nodes.scalar("next"))))))));
            }
            return list;
        };
        prependToScenarios(entry, steps);
        return entry;
    }

    private static void prependToScenarios(NodeTuple tuple, java.util.function.Supplier<List<Node>> steps) {
        Node value = tuple.getValueNode();
        if ("scenario".equals(((org.yaml.snakeyaml.nodes.ScalarNode) tuple.getKeyNode()).getValue())
                && value instanceof org.yaml.snakeyaml.nodes.SequenceNode sequences && !sequences.getValue().isEmpty()
                && sequences.getValue().getFirst() instanceof org.yaml.snakeyaml.nodes.MappingNode first
                && first.getValue().size() == 1
                && first.getValue().getFirst().getValueNode() instanceof org.yaml.snakeyaml.nodes.SequenceNode body) {
            List<Node> withSteps = steps.get();
            withSteps.addAll(body.getValue());
            NodeTuple sequence = first.getValue().getFirst();
            first.setValue(new ArrayList<>(List.of(new NodeTuple(sequence.getKeyNode(), ScenarioFile.Nodes.list(
                    withSteps)))));
            return;
        }
        if (value instanceof org.yaml.snakeyaml.nodes.MappingNode m) {
            m.getValue().forEach(t -> prependToScenarios(t, steps));
        } else if (value instanceof org.yaml.snakeyaml.nodes.SequenceNode seq) {
            for (Node item : seq.getValue()) {
                if (item instanceof org.yaml.snakeyaml.nodes.MappingNode m) {
                    m.getValue().forEach(t -> prependToScenarios(t, steps));
                }
            }
        }
    }

    /** Writes the instance rotation files of {@link #rotating} into the data folder. */
    static void writeInstanceFiles(Target target) {
        for (var e : target.rotated().entrySet()) {
            StringBuilder csv = new StringBuilder(Target.instanceVariable(e.getKey())).append('\n');
            for (int i = 0; i < e.getValue().size(); i++) {
                csv.append(Target.instanceTarget(e.getKey(), i)).append('\n');
            }
            try {
                Files.createDirectories(target.dataDir());
                Files.writeString(target.dataDir().resolve(Target.instanceFile(e.getKey())), csv);
            } catch (IOException ex) {
                throw new LabException("Cannot write " + Target.instanceFile(e.getKey()) + " into "
                        + target.dataDir() + ": " + ex.getMessage(), ex);
            }
        }
    }

    /**
     * One phase; it starts once {@code after} (if any) has terminated, every request of it answered or timed out, or
     * with {@code continuous}, as soon as {@code after} stops sending.
     */
    private static Node phase(String phaseName, LoadPlan plan, int level, int seconds, int maxSessions,
                              boolean warmup, String after, boolean continuous, NodeTuple scenario) {
        List<NodeTuple> body = new ArrayList<>();
        String model;
        if (plan.model() == LoadPlan.Model.CLOSED) {
            model = "always";
            body.add(ScenarioFile.Nodes.entry("users", ScenarioFile.Nodes.number(level)));
        } else {
            model = "constantRate";
            body.add(ScenarioFile.Nodes.entry("usersPerSec", ScenarioFile.Nodes.number(level)));
            body.add(ScenarioFile.Nodes.entry("maxSessions", ScenarioFile.Nodes.number(maxSessions)));
        }
        body.add(ScenarioFile.Nodes.entry("duration", ScenarioFile.Nodes.scalar(seconds * 1000L + "ms")));
        body.add(ScenarioFile.Nodes.entry("maxDuration",
                ScenarioFile.Nodes.scalar(HyperfoilDriver.maxDurationMillis(plan, seconds) + "ms")));
        if (warmup) {
            body.add(ScenarioFile.Nodes.entry("isWarmup", ScenarioFile.Nodes.bool(true)));
        }
        if (after != null) {
            body.add(ScenarioFile.Nodes.entry(continuous ? "startAfter" : "startAfterStrict",
                    ScenarioFile.Nodes.scalar(after)));
        }
        body.add(scenario);
        return ScenarioFile.Nodes.map(List.of(ScenarioFile.Nodes.entry(phaseName,
                ScenarioFile.Nodes.map(List.of(ScenarioFile.Nodes.entry(model, ScenarioFile.Nodes.map(body)))))));
    }

    private static String document(String name, ScenarioFile file, String comment, Target target, int connections,
                                   int timeoutMillis, List<Node> phases) {
        List<Node> http = new ArrayList<>();
        for (var endpoint : target.origins().entrySet()) {
            List<NodeTuple> entries = new ArrayList<>();
            entries.add(ScenarioFile.Nodes.entry("name", ScenarioFile.Nodes.scalar(endpoint.getKey())));
            entries.add(ScenarioFile.Nodes.entry("host", ScenarioFile.Nodes.scalar(endpoint.getValue())));
            // one connection per session up to the cap: below it a request never queues inside the tool
            entries.add(ScenarioFile.Nodes.entry("sharedConnections", ScenarioFile.Nodes.number(connections)));
            entries.add(ScenarioFile.Nodes.entry("requestTimeout", ScenarioFile.Nodes.scalar(timeoutMillis + "ms")));
            entries.add(ScenarioFile.Nodes.entry("allowHttp2", ScenarioFile.Nodes.bool(false)));
            http.add(ScenarioFile.Nodes.map(entries));
        }
        Node root = ScenarioFile.Nodes.map(List.of(
                ScenarioFile.Nodes.entry("name", ScenarioFile.Nodes.scalar(name)),
                ScenarioFile.Nodes.entry("threads", ScenarioFile.Nodes.number(HyperfoilDriver.THREADS)),
                ScenarioFile.Nodes.entry("http", ScenarioFile.Nodes.list(http)),
                // a failed check counts as an error and the session goes on (as a real client would)
                ScenarioFile.Nodes.entry("ergonomics", ScenarioFile.Nodes.map(List.of(
                        ScenarioFile.Nodes.entry("stopOnInvalid", ScenarioFile.Nodes.bool(false))))),
                ScenarioFile.Nodes.entry("phases", ScenarioFile.Nodes.list(phases))));
        return file.header() + comment + ScenarioFile.Nodes.write(root);
    }

    /** The built benchmark (what Hyperfoil runs, or a controller ships to its agents). */
    static Benchmark build(String name, String scenarioText, String benchmarkText, Target target) {
        return build(name, scenarioText, benchmarkText, target, new DataFolder(target.dataDir()));
    }

    private static Benchmark build(String name, String scenarioText, String benchmarkText, Target target,
                                   DataFolder data) {
        try {
            return BenchmarkParser.instance().buildBenchmark(
                    new ByteArrayInputStream(benchmarkText.getBytes(StandardCharsets.UTF_8)), data, Map.of());
        } catch (Exception | AssertionError e) {
            throw new LabException("Scenario " + name + ": " + describe(e, benchmarkText, scenarioText), e);
        }
    }

    private static final Pattern LINE = Pattern.compile("line (\\d+)");

    /**
     * Hyperfoil's message, each cause once; a line of the generated benchmark is traced back to the scenario file
     * when its text appears there once.
     */
    static String describe(Throwable e, String benchmarkText, String scenarioText) {
        Set<String> messages = new LinkedHashSet<>();
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t.getMessage() != null && !t.getMessage().isBlank()) {
                messages.add(t.getMessage().strip());
            }
        }
        if (messages.isEmpty()) {
            messages.add(e.toString());
        }
        String message = String.join(": ", messages);
        Matcher m = LINE.matcher(message);
        if (m.find()) {
            String[] generated = benchmarkText.split("\n", -1);
            int line = Integer.parseInt(m.group(1));
            if (line >= 1 && line <= generated.length) {
                String text = generated[line - 1].strip();
                String[] lines = scenarioText.split("\r?\n", -1);
                int at = -1;
                int count = 0;
                for (int i = 0; i < lines.length; i++) {
                    if (!text.isEmpty() && lines[i].strip().equals(text)) {
                        at = i + 1;
                        count++;
                    }
                }
                message += count == 1 ? " [scenario file line " + at + ": " + text + "]"
                        : " [generated benchmark line " + line + ": " + text + "]";
            }
        }
        return message;
    }

    private static void requireListening(Target target) {
        for (var endpoint : target.origins().entrySet()) {
            URI uri = URI.create(endpoint.getValue());
            int port = uri.getPort() > 0 ? uri.getPort() : "https".equals(uri.getScheme()) ? 443 : 80;
            HyperfoilDriver.requireListening(endpoint.getKey(), uri.getHost(), port);
        }
    }

    /** What Hyperfoil recorded for one phase (its forks together). */
    private static final class Observed {
        final StatisticsSnapshot total = new StatisticsSnapshot();
        long start = Long.MAX_VALUE;
        long end;
        boolean sessionLimitExceeded;

        void add(Observed other) {
            total.add(other.total);
            start = Math.min(start, other.start);
            end = Math.max(end, other.end);
            sessionLimitExceeded |= other.sessionLimitExceeded;
        }

        PhaseOutcome outcome(int level) {
            HttpStats http = HttpStats.get(total);
            long from = start == Long.MAX_VALUE ? 0 : start;
            return new PhaseOutcome(level, total.requestCount, total.responseCount, http.status_2xx, total.invalid,
                    total.connectionErrors, total.requestTimeouts, total.histogram.copy(), from,
                    Math.max(from, end), sessionLimitExceeded);
        }
    }

    /** Runs the benchmark; what each phase (forks merged under their phase's name) recorded. */
    private static Map<String, Observed> execute(Benchmark benchmark, java.util.function.Consumer<String> started) {
        Map<String, Observed> observed = new ConcurrentHashMap<>();
        Map<String, Throwable> errors = new ConcurrentHashMap<>();
        StatisticsCollector.StatisticsConsumer statistics = (phase, stepId, metric, snapshot, countDown) -> {
            // called per 1-s bucket when a phase ends; the snapshot is reused afterwards, so copy it
            synchronized (observed) {
                observed.computeIfAbsent(base(phase.name()), k -> new Observed()).total.add(snapshot);
            }
        };
        LocalSimulationRunner runner = new LocalSimulationRunner(benchmark, statistics, null, null);
        runner.setControllerListener((phase, status, sessionLimitExceeded, error, globalData) -> {
            String base = base(phase.name());
            boolean first;
            synchronized (observed) {
                Observed o = observed.computeIfAbsent(base, k -> new Observed());
                first = status == PhaseInstance.Status.RUNNING && o.start == Long.MAX_VALUE;
                if (status == PhaseInstance.Status.RUNNING) {
                    o.start = Math.min(o.start, System.currentTimeMillis());
                } else if (status == PhaseInstance.Status.FINISHED) {
                    o.end = Math.max(o.end, System.currentTimeMillis());
                }
                o.sessionLimitExceeded |= sessionLimitExceeded;
            }
            if (error != null) {
                errors.putIfAbsent(phase.name(), error);
            }
            if (first) {
                started.accept(base);
            }
            return CompletableFuture.completedFuture(null);
        });
        try {
            runner.run();
        } catch (RuntimeException e) {
            throw new LabException("Hyperfoil failed running " + benchmark.name() + ": " + e.getMessage(), e);
        }
        if (!errors.isEmpty()) {
            var first = errors.entrySet().iterator().next();
            throw new LabException("Hyperfoil failed in phase " + first.getKey() + " of " + benchmark.name() + ": "
                    + first.getValue(), first.getValue());
        }
        return observed;
    }

    /** Forks run as phases named {@code <phase>/<fork>}. */
    private static String base(String phase) {
        int slash = phase.indexOf('/');
        return slash < 0 ? phase : phase.substring(0, slash);
    }
}
