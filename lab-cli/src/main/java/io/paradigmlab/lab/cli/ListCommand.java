package io.paradigmlab.lab.cli;

import io.paradigmlab.lab.api.Application;
import io.paradigmlab.lab.app.Applications;
import io.paradigmlab.lab.api.DataGenerator;
import io.paradigmlab.lab.api.LoadPreset;
import io.paradigmlab.lab.api.ScenarioInfo;
import io.paradigmlab.lab.api.ServiceInfo;
import io.paradigmlab.lab.api.VariantInfo;
import java.io.PrintStream;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code ./lab list}: the applications, their variants, services, scenarios and data scales. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "Lists the applications the lab knows, with their variants, services, scenarios and data scales.",
        footer = {"", "Examples:", "  ./lab list", "  ./lab list tweebyte"})
final class ListCommand implements Runnable {

    @Parameters(index = "0", arity = "0..1", paramLabel = "APP", description = "Only this application.")
    String app;

    @Override
    public void run() {
        List<Application> apps = app == null ? Applications.all() : List.of(Applications.find(app));
        PrintStream out = System.out;
        for (Application a : apps) {
            out.printf("%s — %s%n", a.id(), a.description());
            out.println("  variants:");
            for (VariantInfo v : a.variants()) {
                out.printf("    %-14s %s%n", v.id(), v.description());
            }
            out.println("  services:");
            for (ServiceInfo s : a.services()) {
                out.printf("    %-14s port %d, %s%n", s.id(), s.defaultPort(), s.description());
            }
            out.println("  scenarios:");
            for (ScenarioInfo s : a.scenarios()) {
                out.printf("    %-16s %s%s%n", s.id(), s.description(), s.writes() ? " [writes]" : "");
                for (LoadPreset preset : a.loadPresets(s)) {
                    out.printf("    %-16s   --ladder %s%s: %s; %s%n", "", preset.name(),
                            preset.name().equals(LoadPreset.QUICK) ? " (default)" : "", preset.description(),
                            preset.summary());
                }
                a.ceiling(s).ifPresent(c -> out.printf("    %-16s   CPU ceiling: %s%n", "", c.description()));
                a.databaseCeiling(s, a.data().scales().getFirst()).ifPresent(c -> out.printf(
                        "    %-16s   database ceiling (pgbench, %d clients): %s%n", "", c.clients(), c.description()));
                if (s.redisLatency() != null) {
                    out.printf("    %-16s   Redis latency: %s each way on the %s service's connections (Toxiproxy;"
                            + " --redis-latency)%n", "", s.redisLatency().describe(), s.redisLatency().service());
                }
            }
            out.println("  data scales (--scale):");
            for (DataGenerator.Scale s : a.data().scales()) {
                out.printf("    %-14s %s%n", s.name(), s.description());
            }
            if (!a.launchSettings().isEmpty()) {
                out.println("  launch settings (--set KEY=VALUE; --faithful is faithful=true):");
                a.launchSettings().forEach((key, what) -> out.printf("    %-14s %s%n", key, what));
            }
            out.println();
        }
        out.println("Launch settings of every application (--set KEY=VALUE):");
        CampaignOptions.LAB_SETTINGS.forEach((key, what) -> out.printf("  %-16s %s%n", key, what));
        out.println();
        out.println("Run one: ./lab run <app> --scenario <scenario> [--variants a,b] [--scale quick] "
                + "[--target NAME=URL,...]");
    }
}
