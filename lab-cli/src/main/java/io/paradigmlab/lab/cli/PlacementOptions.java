package io.paradigmlab.lab.cli;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.launch.CpuPinning;
import io.paradigmlab.lab.remote.ServiceHost;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * Where the lab's processes run, for {@code ./lab run} and {@code ./lab up} alike (a picocli mixin): CPU sets on this
 * machine ({@code --cpus}) and another host for the service JVMs ({@code --service-host}).
 */
final class PlacementOptions {

    @Option(names = "--cpus", paramLabel = "GROUP=CPUS,...",
            description = "Pin process groups to CPUs with taskset, e.g. loader=0-1,services=2-5,db=6-7 (loader: the "
                    + "lab's JVM and its load generator; services: every service JVM; db: PostgreSQL, Redis, MariaDB,"
                    + " Toxiproxy). Sets must be disjoint unless --cpus-overlap. Default: no pinning; a campaign's "
                    + "report flags a loader that shared CPUs with the services.")
    String cpus;

    @Option(names = "--cpus-overlap", description = "Allow --cpus sets that share CPUs (measuring that way on purpose).")
    boolean cpusOverlap;

    @Option(names = "--service-host", paramLabel = "[USER@]HOST[:PORT]", description = "Run the launched variants'"
            + " service JVMs on another host over SSH (key-based; its jars and key files are copied to"
            + " ~/.paradigm-lab there, once per content): the load generator stays here, so it does not steal the"
            + " services' CPU. Their CPU, RSS and threads are read from that host's /proc by a remote probe; the host's"
            + " system, JDK and clock offset go in the report. On another machine than this one's loopback, give"
            + " --postgres-url (and --redis-url, --mariadb-url where the application uses them) on addresses both"
            + " hosts reach, and, for a campaign, --verify off. Default: this machine.")
    String serviceHost;

    @Option(names = "--service-ssh-key", paramLabel = "PATH", description = "The private key that logs in to"
            + " --service-host (default: as ssh, ~/.ssh/id_ed25519 or else ~/.ssh/id_rsa).")
    Path serviceSshKey;

    @Option(names = "--service-java", paramLabel = "PATH", description = "The java of a JDK 25 on --service-host"
            + " that runs the service JVMs (default: the path of the lab's own java; checked with java -version"
            + " before anything starts).")
    String serviceJava;

    /** The CPU sets of {@code --cpus}, checked against the CPUs this process may use, or null without the option. */
    CpuPinning pinning() {
        if (cpus == null) {
            if (cpusOverlap) {
                throw new LabException("--cpus-overlap goes with --cpus");
            }
            return null;
        }
        return CpuPinning.parse(cpus, cpusOverlap, CpuPinning.allowed(ProcessHandle.current().pid()));
    }

    /** The host of {@code --service-host}, or null for this machine. */
    ServiceHost serviceHost() {
        if (serviceHost == null && (serviceSshKey != null || serviceJava != null)) {
            throw new LabException("--service-ssh-key and --service-java go with --service-host [USER@]HOST[:PORT]");
        }
        return serviceHost == null ? null : ServiceHost.parse(serviceHost, serviceSshKey, serviceJava);
    }

    /** These options as a command line that gives them again (empty when none was given). */
    String commandLine() {
        return (serviceHost == null ? "" : " --service-host " + serviceHost
                + (serviceSshKey == null ? "" : " --service-ssh-key " + serviceSshKey)
                + (serviceJava == null ? "" : " --service-java " + serviceJava))
                + (cpus == null ? "" : " --cpus " + cpus.replace(" ", "") + (cpusOverlap ? " --cpus-overlap" : ""));
    }
}
