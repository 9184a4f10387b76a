package io.paradigmlab.lab.launch;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.metrics.ProcessProbe;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collection;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * {@code --cpus loader=0-1,services=2-5,db=6-7}: the CPUs each process group may run on, so the load generator does
 * not take the services' CPU time on one machine. Applied with {@code taskset} (util-linux), which sets the Linux
 * CPU affinity that every thread and child process inherits:
 * <ul>
 *   <li><b>loader</b>: the lab's own JVM (Hyperfoil runs in it, and a load generator it forks, e.g. Gatling's,
 *   inherits the set);</li>
 *   <li><b>services</b>: every service JVM, started under {@code taskset -c} (its {@link #shaper()} in the campaign's {@link ServiceLauncher});</li>
 *   <li><b>db</b>: the infrastructure the lab started (embedded PostgreSQL, Redis, MariaDB, Toxiproxy), pinned with
 *   all their threads before each deployment starts ({@link #pinInfrastructure}), so the server processes they fork
 *   later inherit the set.</li>
 * </ul>
 * A group left out runs where the lab's JVM may. Sets must not overlap unless the user allows it, since a shared CPU
 * is exactly what pinning is meant to avoid; every CPU must be one the lab itself may use.
 *
 * @param sets             group -> its CPUs (only the groups given)
 * @param overlapAllowed   whether the user allowed sets that share CPUs
 */
public record CpuPinning(Map<Group, BitSet> sets, boolean overlapAllowed) {

    /** A process group of {@code --cpus}. */
    public enum Group {
        LOADER, SERVICES, DB;

        String id() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The environment entry that says whether the load generator shared CPUs with the measured services. */
    public static final String SHARING = "loader and services CPUs";
    /** The start of {@link #SHARING}'s value when they shared CPUs, which the report flags. */
    public static final String SHARED = "shared";

    public CpuPinning {
        EnumMap<Group, BitSet> copy = new EnumMap<>(Group.class);
        sets.forEach((g, s) -> copy.put(g, (BitSet) s.clone()));
        sets = java.util.Collections.unmodifiableMap(copy);
    }

    /**
     * Parses {@code loader=0-1,services=2-5,db=6-7} (each set in taskset's list syntax, e.g. {@code 0,2-3}).
     *
     * @param available the CPUs the lab may use (those of {@link #allowed(long)} for its own process)
     * @throws LabException for an unknown group, a bad list, a CPU the lab cannot use, or overlapping sets when
     *                      {@code allowOverlap} is false
     */
    public static CpuPinning parse(String spec, boolean allowOverlap, BitSet available) {
        if (spec == null || spec.isBlank()) {
            throw new LabException("--cpus needs GROUP=CPUS pairs, e.g. loader=0-1,services=2-5,db=6-7");
        }
        Map<Group, BitSet> sets = new EnumMap<>(Group.class);
        // a set may itself hold commas ("0,2-3"): a new pair starts where a name and '=' follow a comma
        for (String pair : spec.strip().split(",(?=\\s*[A-Za-z]+\\s*=)")) {
            int eq = pair.indexOf('=');
            if (eq < 0) {
                throw new LabException("--cpus: '" + pair.strip() + "' is not GROUP=CPUS; groups are loader, "
                        + "services and db, e.g. loader=0-1,services=2-5,db=6-7");
            }
            String name = pair.substring(0, eq).strip().toLowerCase(Locale.ROOT);
            Group group;
            try {
                group = Group.valueOf(name.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new LabException("--cpus: unknown group '" + name + "'; groups are loader, services and db");
            }
            if (sets.containsKey(group)) {
                throw new LabException("--cpus: group " + name + " is given twice");
            }
            BitSet cpus = parseList(name, pair.substring(eq + 1).strip());
            BitSet missing = (BitSet) cpus.clone();
            missing.andNot(available);
            if (!missing.isEmpty()) {
                throw new LabException("--cpus: " + name + " names CPU(s) " + list(missing) + ", but the lab may only"
                        + " use " + list(available) + " on this machine");
            }
            sets.put(group, cpus);
        }
        if (!allowOverlap) {
            List<Group> groups = new ArrayList<>(sets.keySet());
            for (int i = 0; i < groups.size(); i++) {
                for (int j = i + 1; j < groups.size(); j++) {
                    BitSet common = (BitSet) sets.get(groups.get(i)).clone();
                    common.and(sets.get(groups.get(j)));
                    if (!common.isEmpty()) {
                        throw new LabException("--cpus: " + groups.get(i).id() + " and " + groups.get(j).id()
                                + " share CPU(s) " + list(common) + "; give disjoint sets, or add --cpus-overlap to "
                                + "measure that way on purpose");
                    }
                }
            }
        }
        return new CpuPinning(sets, allowOverlap);
    }

    /** Parses taskset's list syntax: {@code 0}, {@code 0-3}, {@code 0,2-3}. */
    static BitSet parseList(String group, String text) {
        BitSet cpus = new BitSet();
        if (text.isEmpty()) {
            throw new LabException("--cpus: " + group + " has no CPUs; write e.g. " + group + "=0-1");
        }
        for (String part : text.split(",")) {
            String p = part.strip();
            if (!p.matches("\\d{1,4}(-\\d{1,4})?")) {
                throw new LabException("--cpus: '" + p + "' in " + group + " is not a CPU number or range like 2-5");
            }
            int dash = p.indexOf('-');
            int from = Integer.parseInt(dash < 0 ? p : p.substring(0, dash));
            int to = dash < 0 ? from : Integer.parseInt(p.substring(dash + 1));
            if (to < from) {
                throw new LabException("--cpus: range " + p + " in " + group + " runs backwards");
            }
            cpus.set(from, to + 1);
        }
        return cpus;
    }

    /** A set in taskset's list syntax, ranges collapsed: {@code 0-1,4}. */
    public static String list(BitSet cpus) {
        List<String> parts = new ArrayList<>();
        for (int from = cpus.nextSetBit(0); from >= 0; ) {
            int to = cpus.nextClearBit(from) - 1;
            parts.add(from == to ? Integer.toString(from) : from + "-" + to);
            from = cpus.nextSetBit(to + 1);
        }
        return String.join(",", parts);
    }

    /** The CPUs process {@code pid} may run on, or an empty set when unknown (off Linux, or the process is gone). */
    public static BitSet allowed(long pid) {
        String text = ProcessProbe.allowedCpus(pid);
        try {
            return "unknown".equals(text) ? new BitSet() : parseList("process " + pid, text);
        } catch (LabException e) {
            return new BitSet();
        }
    }

    /** {@code loader 0-1, services 2-5, db 6-7 (taskset)}; groups not given are named as unpinned. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        for (Group g : Group.values()) {
            parts.add(g.id() + " " + (sets.containsKey(g) ? list(sets.get(g)) : "unpinned"));
        }
        return String.join(", ", parts) + " (taskset" + (overlapAllowed ? "; overlap allowed" : "") + ")";
    }

    /**
     * Pins the lab's JVM to the loader set and its non-JVM child processes to the db set now. Closing the handle
     * restores the lab JVM's own CPUs. The service JVMs are pinned by the launcher that starts them: one
     * {@link ServiceLauncher#shapedBy shaped by} {@link #shaper()}.
     *
     * @throws LabException when taskset is missing or refuses
     */
    public AutoCloseable apply() {
        long self = ProcessHandle.current().pid();
        BitSet original = allowed(self);
        if (sets.containsKey(Group.LOADER)) {
            taskset(List.of("taskset", "-a", "-p", "-c", list(sets.get(Group.LOADER)), Long.toString(self)));
        }
        pinInfrastructure(List.of());
        return () -> {
            if (sets.containsKey(Group.LOADER) && !original.isEmpty()) {
                taskset(List.of("taskset", "-a", "-p", "-c", list(original), Long.toString(self)));
            }
        };
    }

    /** Starts a service JVM on the services set ({@code taskset -c}); leaves it alone without one. */
    public ServiceProcess.Shaper shaper() {
        return (name, command, log) -> {
            if (!sets.containsKey(Group.SERVICES)) {
                return command;
            }
            List<String> out = new ArrayList<>(List.of("taskset", "-c", list(sets.get(Group.SERVICES))));
            out.addAll(command);
            return out;
        };
    }

    /**
     * Pins the infrastructure to the db set: every child process of the lab that is not a JVM (embedded Redis,
     * MariaDB, Toxiproxy) and {@code servers} (e.g. PostgreSQL's, which pg_ctl detaches from the lab's tree), each
     * with all its threads; the processes they fork later inherit the set. The campaign calls it before launching
     * each deployment, when every server it uses is up. Does nothing without a db set.
     */
    public void pinInfrastructure(List<ProcessHandle> servers) {
        if (!sets.containsKey(Group.DB)) {
            return;
        }
        String cpus = list(sets.get(Group.DB));
        java.util.stream.Stream.concat(ProcessHandle.current().descendants(), servers.stream())
                .filter(p -> p.isAlive() && !isJvmOrTaskset(p)).distinct().forEach(p -> {
                    try {
                        taskset(List.of("taskset", "-a", "-p", "-c", cpus, Long.toString(p.pid())));
                    } catch (LabException e) {
                        if (p.isAlive()) {
                            throw e;
                        } // it ended meanwhile: nothing to pin
                    }
                });
    }

    private static boolean isJvmOrTaskset(ProcessHandle p) {
        String command = p.info().command().orElse("");
        return command.endsWith("/java") || command.endsWith("/taskset") || command.isEmpty();
    }

    private static void taskset(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new LabException("--cpus: " + String.join(" ", command) + " failed: " + out.strip());
            }
        } catch (IOException e) {
            throw new LabException("--cpus needs taskset (Debian/Ubuntu package util-linux): " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LabException("Interrupted while pinning CPUs");
        }
    }

    /**
     * Whether the load generator (this JVM) may run on a CPU a measured service may run on, as the processes'
     * affinity says (measured, whatever was asked): {@code shared CPUs 0-1 (loader 0-1; services 0-1)} or
     * {@code separate (loader 0-1; services 2-5)}; empty when unknown.
     */
    public static Optional<String> sharing(Collection<Long> servicePids) {
        BitSet loader = allowed(ProcessHandle.current().pid());
        BitSet services = new BitSet();
        for (long pid : servicePids) {
            services.or(allowed(pid));
        }
        if (loader.isEmpty() || services.isEmpty()) {
            return Optional.empty();
        }
        BitSet common = (BitSet) loader.clone();
        common.and(services);
        String sets = "(loader " + list(loader) + "; services " + list(services) + ")";
        return Optional.of(common.isEmpty() ? "separate " + sets : SHARED + " CPUs " + list(common) + " " + sets);
    }
}
