package io.paradigmlab.lab.launch;

import io.paradigmlab.lab.api.ProcessLauncher;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.verify.CountingProxy;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The lab's {@link ProcessLauncher}: starts each service JVM as a {@link ServiceProcess}, from the JDK AOT cache when
 * it has one ({@link AotCache}), its command changed by its {@link ServiceProcess.Shaper}s (CPU pinning, another
 * service host, profiling agents), and counts calls with a {@link CountingProxy}. Immutable: a campaign builds the
 * launcher its run needs and puts it in each {@link io.paradigmlab.lab.api.LaunchRequest}, so what shapes one
 * deployment's JVMs cannot leak into another's (the shapers were once process-wide state).
 */
public final class ServiceLauncher implements ProcessLauncher {

    private final List<ServiceProcess.Shaper> shapers;
    private final AotCache aot;

    private ServiceLauncher(List<ServiceProcess.Shaper> shapers, AotCache aot) {
        this.shapers = List.copyOf(shapers);
        this.aot = aot;
    }

    /** The JVMs started from their jars, their commands unchanged. */
    public static ServiceLauncher plain() {
        return new ServiceLauncher(List.of(), null);
    }

    /** The JVMs started from the checkout's AOT cache ({@link AotCache#of}), their commands otherwise unchanged. */
    public static ServiceLauncher standard(RepoLayout repo) {
        return plain().withAot(AotCache.of(repo));
    }

    /** This launcher with {@code cache} for the JVMs' AOT cache, or null to start them from their jars. */
    public ServiceLauncher withAot(AotCache cache) {
        return new ServiceLauncher(shapers, cache);
    }

    /**
     * This launcher with {@code shaper} applied to every JVM it starts, after the shapers it has
     * ({@link ServiceProcess.Shaper#outermost()} ones after all others, whenever they were added).
     */
    public ServiceLauncher shapedBy(ServiceProcess.Shaper shaper) {
        List<ServiceProcess.Shaper> more = new ArrayList<>(shapers);
        more.add(shaper);
        return new ServiceLauncher(more, aot);
    }

    /** The AOT cache the JVMs start from, or null. */
    public AotCache aot() {
        return aot;
    }

    /**
     * {@link ServiceProcess#start} of {@code aot}'s cached copy of the jar and its AOT cache ({@link AotCache#apply};
     * built first when there is none, which does not count as start-up time), or of {@code command} without one.
     */
    @Override
    public ServiceProcess start(String name, List<String> command, Path log, String baseUrl, Duration timeout) {
        return ServiceProcess.start(name, aot == null ? command : aot.apply(name, command, baseUrl, timeout), log,
                baseUrl, timeout, this);
    }

    @Override
    public CountingProxy countCalls(String target, String targetBaseUrl) {
        return CountingProxy.start(target, targetBaseUrl);
    }

    /** {@code command} as the shapers change it: in the order they were added, the outermost ones last. */
    List<String> shaped(String name, List<String> command, Path log) {
        List<String> out = List.copyOf(command);
        for (ServiceProcess.Shaper shaper : shapers) {
            if (!shaper.outermost()) {
                out = List.copyOf(shaper.shape(name, out, log));
            }
        }
        for (ServiceProcess.Shaper shaper : shapers) {
            if (shaper.outermost()) {
                out = List.copyOf(shaper.shape(name, out, log));
            }
        }
        return out;
    }

    /** Where a JVM this launcher started really runs, when a shaper moved it ({@link ServiceProcess.Shaper#locate}). */
    ServiceProcess.Elsewhere located(String name, Path log, Process process) {
        for (ServiceProcess.Shaper shaper : shapers) {
            ServiceProcess.Elsewhere where = shaper.locate(name, log, process);
            if (where != null) {
                return where;
            }
        }
        return null;
    }

}
