package io.paradigmlab.tweebyte.lab;

import io.paradigmlab.lab.app.Application;
import io.paradigmlab.lab.app.DataGenerator;
import io.paradigmlab.lab.app.DatabaseInfo;
import io.paradigmlab.lab.app.Deployment;
import io.paradigmlab.lab.app.LaunchRequest;
import io.paradigmlab.lab.app.ScenarioInfo;
import io.paradigmlab.lab.app.ServiceInfo;
import io.paradigmlab.lab.app.VariantInfo;
import io.paradigmlab.lab.launch.RepoLayout;
import io.paradigmlab.tweebyte.domain.gateway.GatewayRoutes;
import io.paradigmlab.tweebyte.lab.data.TweebyteDataGenerator;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Tweebyte in the lab (seeds 000 and 001): three services in three paradigms, seed 000's four scenarios and the
 * feed. Registered in META-INF/services/io.paradigmlab.lab.app.Application.
 */
public final class TweebyteApplication implements Application {

    public static final String ID = "tweebyte";

    /** The scenarios: to add one, write its file under scenarios/tweebyte/ and add a line here (docs/scenarios.md). */
    private static final List<ScenarioInfo> SCENARIOS = List.of(
            new ScenarioInfo("user-summary", "GET a random user's profile summary (seed 000, scenario 1)",
                    "scenarios/tweebyte/user-summary.hf.yaml", List.of("user"), false),
            new ScenarioInfo("follow", "POST a follow between two users who do not follow each other yet (seed 000,"
                    + " scenario 2)", "scenarios/tweebyte/follow.hf.yaml", List.of("interaction"), true),
            new ScenarioInfo("update-tweet", "PUT new content into one of the session's own user's tweets (seed 000,"
                    + " scenario 3)", "scenarios/tweebyte/update-tweet.hf.yaml", List.of("tweet"), true),
            new ScenarioInfo("user-tweets", "GET all tweets of a user with about 1,000 tweets, enriched (seed 000,"
                    + " scenario 4)", "scenarios/tweebyte/user-tweets.hf.yaml", List.of("tweet"), false),
            new ScenarioInfo("feed", "GET the first feed page of a user who follows about 100 users",
                    "scenarios/tweebyte/feed.hf.yaml", List.of("tweet"), false));

    private final DataGenerator data = new TweebyteDataGenerator();

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String description() {
        return "Twitter-like microservices (user, tweet, interaction) of seeds 000 and 001";
    }

    @Override
    public List<VariantInfo> variants() {
        return Arrays.stream(Variant.values()).map(v -> new VariantInfo(v.id(), v.description())).toList();
    }

    @Override
    public List<ServiceInfo> services() {
        return Arrays.stream(TweebyteService.values())
                .map(s -> new ServiceInfo(s.id(), s.defaultPort(), s.description())).toList();
    }

    /**
     * The API gateway of the contract, on 8080: the three services behind one URL, tokens checked at the door, and the
     * API docs page (Swagger UI over the three OpenAPI documents).
     */
    @Override
    public Optional<ServiceInfo> gateway() {
        return Optional.of(new ServiceInfo(TweebyteDeployment.GATEWAY, 8080,
                "routes /user-service/**, /tweet-service/**, /interaction-service/** to the services; checks tokens",
                GatewayRoutes.DOCS_PATH));
    }

    @Override
    public List<DatabaseInfo> databases() {
        return Arrays.stream(TweebyteService.values()).map(s -> new DatabaseInfo(s.id(), s.database().defaultName(),
                s.database().migrationLocation())).toList();
    }

    @Override
    public DataGenerator data() {
        return data;
    }

    @Override
    public List<ScenarioInfo> scenarios() {
        return SCENARIOS;
    }

    /** The user summary is served by the user service alone; every other scenario needs all three services. */
    @Override
    public Set<String> servicesFor(ScenarioInfo scenario) {
        return scenario.id().equals("user-summary") ? Set.of(TweebyteService.USER.id())
                : Application.super.servicesFor(scenario);
    }

    @Override
    public Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("database pool per service", "20 connections (tweebyte.db.pool-size)");
        env.put("CPU work threads", Runtime.getRuntime().availableProcessors()
                + " (async cpu executor, reactive cpu scheduler; virtual: carrier threads)");
        env.put("Redis", "cache-aside for follow lists and counts (TTL 600 s, 1 s timeouts)");
        return env;
    }

    @Override
    public Deployment launch(LaunchRequest request) {
        Variant variant = Variant.parse(request.variant());
        Set<TweebyteService> services = EnumSet.noneOf(TweebyteService.class);
        request.services().forEach(id -> services.add(TweebyteService.parse(id)));
        Map<TweebyteService, String> prepared = new EnumMap<>(TweebyteService.class);
        request.databases().forEach((service, database) -> prepared.put(TweebyteService.parse(service), database));
        TweebyteDeployment.Options options = new TweebyteDeployment.Options(variant, "", 0, request.security(),
                request.blockHound(), request.jvmArgs(), request.workDir())
                .withServices(services)
                .withPorts(port(request, TweebyteService.USER), port(request, TweebyteService.TWEET),
                        port(request, TweebyteService.INTERACTION))
                .withCallCounting(request.callCounting())
                .withPreparedDatabases(prepared)
                .withGateway(request.gatewayPort() != LaunchRequest.NO_GATEWAY, Math.max(0, request.gatewayPort()));
        return TweebyteDeployment.start(RepoLayout.locate(), request.infra(), options);
    }

    private static int port(LaunchRequest request, TweebyteService service) {
        return request.ports().getOrDefault(service.id(), 0);
    }
}
