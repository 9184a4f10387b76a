package io.paradigmlab.lab.campaign;

import io.paradigmlab.lab.infra.Infrastructure;
import io.paradigmlab.lab.launch.CpuPinning;
import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.launch.ServiceProcess;
import io.paradigmlab.lab.load.HyperfoilDriver;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** What a result depends on besides the code: recorded with every campaign so a number can be read in context. */
public final class Environment {

    private Environment() {
    }

    public static Map<String, String> describe(RepoLayout repo, Application app, boolean security, Infrastructure infra, CpuPinning pinning) {
        Map<String, String> env = new LinkedHashMap<>();
        env.put("cpu", cpuModel());
        env.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        env.put("memory", memory());
        env.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        env.put("jdk", System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version"));
        env.put("service JVM flags", String.join(" ", ServiceProcess.DEFAULT_JVM_ARGS));
        env.put("CPU pinning", java.util.Optional.ofNullable(pinning).map(CpuPinning::describe)
                .orElse("none: the load generator, the services and the databases share the machine's CPUs"));
        env.put("application", app.id() + ": " + app.description());
        env.putAll(app.environment());
        env.put("security", !app.checksTokens() ? "none (" + app.id() + " checks no tokens)"
                : security ? "on (RS256 token checked on every request)" : "off (no token checks, as the seeds)");
        env.put("PostgreSQL", infra.serverVersion() + (infra.embeddedPostgres()
                ? ", embedded (zonky; synchronous_commit=off)" : ", external"));
        env.putIfAbsent("Redis", infra.redis().url());
        env.put("load tool", "Hyperfoil 0.25.2 embedded, " + HyperfoilDriver.THREADS
                + " event-loop thread, one connection per session, in the lab's JVM on the same machine");
        env.put("git commit", git(repo.root(), "rev-parse", "HEAD") + (git(repo.root(), "status", "--porcelain").isBlank()
                ? "" : " (with uncommitted changes)"));
        return env;
    }

    private static String cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                    .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse("unknown");
        } catch (IOException e) {
            return System.getProperty("os.arch");
        }
    }

    private static String memory() {
        try {
            return Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemTotal"))
                    .map(l -> Long.parseLong(l.replaceAll("\\D", "")) / (1024 * 1024) + " GiB").findFirst().orElse("unknown");
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    private static String git(Path root, String... args) {
        try {
            Process git = new ProcessBuilder(java.util.stream.Stream.concat(java.util.stream.Stream.of("git"),
                    List.of(args).stream()).toList()).directory(root.toFile()).redirectErrorStream(true).start();
            String out = new String(git.getInputStream().readAllBytes()).trim();
            return git.waitFor(5, TimeUnit.SECONDS) && git.exitValue() == 0 ? out : "unknown";
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }
}
