package io.paradigmlab.tweebyte.spec;

import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.launch.RepoLayout;
import io.paradigmlab.lab.launch.TweebyteDeployment;
import io.paradigmlab.lab.launch.Variant;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The suite's real infrastructure, started once per test JVM with the lab's own code: one embedded PostgreSQL
 * and Redis, and each variant launched as its own process (lazily, on first use) against its own database,
 * so the same scripted requests can be replayed on each. The reactive variant runs with BlockHound installed.
 */
public final class TweebyteFixture implements AutoCloseable {

    private final RepoLayout repo = RepoLayout.locate();
    private final Path workDir = Path.of("target", "spec-run").toAbsolutePath();
    private final Infrastructure infra = Infrastructure.start(new Infrastructure.Options(null, null, workDir.resolve("infra")));
    private final Map<Variant, TweebyteDeployment> deployments = new EnumMap<>(Variant.class);

    public synchronized TweebyteDeployment deployment(Variant variant) {
        return deployments.computeIfAbsent(variant, v -> TweebyteDeployment.start(repo, infra,
                new TweebyteDeployment.Options(v, "_" + v.id(), 0, true, true, TweebyteDeployment.DEFAULT_JVM_ARGS,
                        workDir.resolve(v.id()))));
    }

    /** The key that signs this variant's tokens: lets a test make tokens a client could not (expired ones). */
    public Path privateKey(Variant variant) {
        return workDir.resolve(variant.id()).resolve("keys").resolve("token-private.pem");
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
