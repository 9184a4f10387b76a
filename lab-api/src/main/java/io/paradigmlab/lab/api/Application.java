package io.paradigmlab.lab.api;

import java.util.List;

/**
 * What the lab needs to know of one reference application, declared in the application's own module
 * ({@code apps/<app>/lab}) and found with {@link java.util.ServiceLoader}: the lab's core names no application.
 * The pipeline (infrastructure, data, launch, verify, load, sample, statistics, report) only calls these methods.
 * See docs/architecture.md, "Applications", and docs/adr/0008-application-model.md.
 */
public interface Application {

    /** Lower-case id used on the command line, e.g. {@code tweebyte}. */
    String id();

    /** One line for {@code ./lab list}. */
    String description();

    /** The paradigm variants the lab can launch, in the order campaigns list them by default. */
    List<VariantInfo> variants();

    /** The services of one deployment, in the order {@code --target NAME=URL,URL...} lists their URLs. */
    List<ServiceInfo> services();

    /**
     * The application's gateway, if it has one: a process of its own in front of every service (id, default port,
     * one line), started by {@link #launch} when {@link LaunchRequest#gatewayPort()} asks for it. Empty by default.
     */
    default java.util.Optional<ServiceInfo> gateway() {
        return java.util.Optional.empty();
    }

    /** One database per service that has one; created from the migrations, then filled by {@link #data()}. */
    List<DatabaseInfo> databases();

    /** The deterministic data generator and its scales. */
    DataGenerator data();

    /** The load scenarios, each one Hyperfoil scenario file on the classpath. */
    List<ScenarioInfo> scenarios();

    /**
     * Starts one variant on databases the lab has already created and filled ({@link LaunchRequest#databases()}).
     * Blocks until every started service is healthy.
     *
     * @throws io.paradigmlab.lab.api.LabException naming what to build or quoting the log of a service that failed
     */
    Deployment launch(LaunchRequest request);

    /**
     * The services a campaign of {@code scenario} launches: the ones it sends requests to and every service they
     * call while serving them. The default is every service.
     */
    default java.util.Set<String> servicesFor(ScenarioInfo scenario) {
        return new java.util.LinkedHashSet<>(services().stream().map(ServiceInfo::id).toList());
    }

    /**
     * The settings {@link #launch} accepts ({@code ./lab run|up ... --set KEY=VALUE}), key to one line saying what it
     * changes, for validation, {@code ./lab list} and the report. The key {@value #FAITHFUL} (the {@code --faithful}
     * switch) by convention reproduces the seed's original implementation where it differs from the fair one, so a
     * user can see the effect of its defects. Empty by default.
     */
    default java.util.Map<String, String> launchSettings() {
        return java.util.Map.of();
    }

    /** The launch setting of {@code --faithful}: see {@link #launchSettings()}. */
    String FAITHFUL = "faithful";

    /**
     * The launch setting of {@code --instances N}: N instances of each service, the services reaching each other
     * through a load balancer over the instance list, and the load spread over the instances of the service it
     * addresses ({@link Deployment#instanceEndpoints()}). Only an application that lists it in
     * {@link #launchSettings()} accepts it; without it, one instance.
     */
    String INSTANCES = "instances";

    /** The most instances of a service {@code --instances} starts. */
    int MAX_INSTANCES = 8;

    /**
     * The scenario's CPU ceiling, if it has one ({@link CeilingBenchmark}): a campaign of it measures the ceiling
     * once before the runs and reports each variant's throughput as a fraction of it. Empty by default.
     */
    default java.util.Optional<CeilingBenchmark> ceiling(ScenarioInfo scenario) {
        return java.util.Optional.empty();
    }

    /**
     * The scenario's database ceiling, if its requests do a fixed, known database work ({@link DatabaseCeiling}): a
     * campaign of it runs that work with pgbench once before the runs, on a fresh copy of the data of {@code scale},
     * and reports each variant's throughput as a fraction of pgbench's rate. Empty by default.
     *
     * @param scale the campaign's data scale, for the script's variables (e.g. how many users there are)
     */
    default java.util.Optional<DatabaseCeiling> databaseCeiling(ScenarioInfo scenario, DataGenerator.Scale scale) {
        return java.util.Optional.empty();
    }

    /**
     * The fixed-work experiment behind a scenario, if it is one ({@link Experiment}): a campaign of it runs the
     * experiment once per user count instead of offering load from the scenario's Hyperfoil file. Empty by default.
     */
    default java.util.Optional<Experiment> experiment(ScenarioInfo scenario) {
        return java.util.Optional.empty();
    }

    /**
     * Named load plans of the scenario ({@code ./lab run --ladder NAME}, {@link LoadPreset}), e.g. a seed's ladder;
     * the one named {@link LoadPreset#QUICK} is the scenario's default. Empty by default: the lab's defaults apply.
     */
    default java.util.List<LoadPreset> loadPresets(ScenarioInfo scenario) {
        return java.util.List.of();
    }

    /**
     * Whether its services check a signed token on every request when {@link LaunchRequest#security()} asks for it
     * ({@code --security on}). False by default: the lab then refuses {@code --security on} for the application and
     * its report says that no tokens are checked.
     */
    default boolean checksTokens() {
        return false;
    }

    /**
     * Whether its services use Redis ({@link LabInfrastructure#redis()}): services on another host then need a Redis
     * they reach ({@code --redis-url}). False by default.
     */
    default boolean usesRedis() {
        return false;
    }

    /**
     * Work the services do on their own schedule, not for a request (a job worker polling its queue): the prefixes of
     * the verification's work items ({@code "sql <service>: <statement>"}, {@code "call ..."}, {@code "redis ..."})
     * that it leaves out of every request's work, since they land in whichever request is being counted. The report
     * names them. Empty by default.
     */
    default java.util.List<String> backgroundWork() {
        return java.util.List.of();
    }

    /** Settings a result depends on, for the report's environment table (pool sizes, thread counts, caches...). */
    default java.util.Map<String, String> environment() {
        return java.util.Map.of();
    }

    /**
     * How {@code variant} runs on Kubernetes ({@code ./lab k8s render}, docs/scale-out.md), with images and addresses
     * from {@code names}. Empty by default: the application has not declared it, and rendering it is an error that
     * says so.
     */
    default java.util.Optional<KubernetesVariant> kubernetes(String variant, KubernetesNames names) {
        return java.util.Optional.empty();
    }

    default VariantInfo variant(String id) {
        return variants().stream().filter(v -> v.id().equals(id)).findFirst()
                .orElseThrow(() -> new io.paradigmlab.lab.api.LabException("Unknown variant '" + id + "' of " + id()
                        + ": choose one of " + String.join(", ", variants().stream().map(VariantInfo::id).toList())));
    }

    default ScenarioInfo scenario(String id) {
        return scenarios().stream().filter(s -> s.id().equals(id)).findFirst()
                .orElseThrow(() -> new io.paradigmlab.lab.api.LabException("Unknown scenario '" + id + "' of " + id()
                        + ": choose one of " + String.join(", ", scenarios().stream().map(ScenarioInfo::id).toList())
                        + " (./lab list shows them all)"));
    }
}
