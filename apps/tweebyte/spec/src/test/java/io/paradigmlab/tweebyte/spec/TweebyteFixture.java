package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.lab.launch.ServiceLauncher;
import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.launch.ServiceProcess;
import io.paradigmlab.tweebyte.lab.TweebyteDeployment;
import io.paradigmlab.tweebyte.lab.TweebyteService;
import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The suite's real infrastructure, started once per test JVM with the lab's own code: one embedded PostgreSQL
 * and Redis, and each variant launched as its own processes (user, tweet and interaction service; lazily, on
 * first use) against its own databases, so the same scripted requests can be replayed on each. The reactive
 * variant runs with BlockHound installed.
 */
public final class TweebyteFixture implements AutoCloseable {

    /**
     * How often the interaction service's cleanup job runs in the suite's shared deployments, so a test of the
     * cleanup waits seconds, not the production minute.
     */
    public static final Duration CLEANUP_INTERVAL = Duration.ofSeconds(2);

    private final RepoLayout repo = RepoLayout.locate();
    /** Where logs, keys and the embedded servers live; {@code -Dtweebyte.spec.work-dir} lets two runs coexist. */
    private final Path workDir = Path.of(System.getProperty("tweebyte.spec.work-dir", "target/spec-run")).toAbsolutePath();
    private final Infrastructure infra = Infrastructure.start(new Infrastructure.Options(null, null, workDir.resolve("infra")));
    private final Map<TweebyteVariant, TweebyteDeployment> deployments = new EnumMap<>(TweebyteVariant.class);

    /**
     * The variant's shared deployment: started on first use, stopped when the test JVM ends. Its gateway runs too
     * (when the variant's gateway module is in the checkout), so the suites run through it reuse these services.
     */
    public synchronized TweebyteDeployment deployment(TweebyteVariant variant) {
        return deployments.computeIfAbsent(variant, v -> TweebyteDeployment.start(repo, infra,
                options(v, "_" + v.id(), workDir.resolve(v.id())).withCleanup(CLEANUP_INTERVAL, true)
                        .withGateway(repo.hasModule("tweebyte", v.id(), TweebyteDeployment.GATEWAY), 0)));
    }

    /**
     * A deployment of the variant for one test alone, on databases of its own ({@code suffix} appended to their
     * names); the caller closes it. {@code customize} adjusts the suite's options, e.g. to count the calls between
     * services or switch the cleanup job off.
     */
    public TweebyteDeployment startDeployment(TweebyteVariant variant, String suffix,
                                              UnaryOperator<TweebyteDeployment.Options> customize) {
        return TweebyteDeployment.start(repo, infra,
                customize.apply(options(variant, suffix, workDir.resolve(variant.id() + suffix))));
    }

    /** The key that signs this variant's tokens: lets a test make tokens a client could not (expired ones). */
    public Path privateKey(TweebyteVariant variant) {
        return workDir.resolve(variant.id()).resolve("keys").resolve("token-private.pem");
    }

    /** The PostgreSQL and Redis every deployment of this JVM runs on. */
    public Infrastructure infrastructure() {
        return infra;
    }

    /**
     * Every service whose module is in the checkout (a module that exists must be built: its missing jar fails the
     * start with the module to build), security on, BlockHound in the reactive services. The system property
     * {@code tweebyte.spec.services} (e.g. {@code user}) narrows the services, to run the user service's tests
     * alone.
     */
    private TweebyteDeployment.Options options(TweebyteVariant variant, String suffix, Path dir) {
        String only = System.getProperty("tweebyte.spec.services", "").trim();
        Set<TweebyteService> services = EnumSet.of(TweebyteService.USER);
        for (TweebyteService service : TweebyteService.values()) {
            if (repo.hasModule("tweebyte", variant.id(), service.id())
                    && (only.isEmpty() || List.of(only.split("\\s*,\\s*")).contains(service.id()))) {
                services.add(service);
            }
        }
        return new TweebyteDeployment.Options(variant, suffix, 0, true, true, ServiceProcess.SUITE_JVM_ARGS, dir)
                .withServices(services).withLauncher(ServiceLauncher.standard(RepoLayout.locate()));
    }

    @Override
    public synchronized void close() {
        deployments.values().forEach(TweebyteDeployment::close);
        infra.close();
    }

    /** Hands the JVM-wide fixture to any test method or lifecycle method that declares it. */
    public static final class Resolver implements ParameterResolver {

        private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(TweebyteFixture.class);

        @Override
        public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
            return parameter.getParameter().getType() == TweebyteFixture.class;
        }

        @Override
        public TweebyteFixture resolveParameter(ParameterContext parameter, ExtensionContext context) {
            return context.getRoot().getStore(NAMESPACE)
                    .computeIfAbsent(TweebyteFixture.class, k -> new TweebyteFixture(), TweebyteFixture.class);
        }
    }
}
