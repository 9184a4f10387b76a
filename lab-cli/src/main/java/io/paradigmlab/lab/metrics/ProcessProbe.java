package io.paradigmlab.lab.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Reads a process's CPU time, resident memory, thread count and open file descriptors from Linux's /proc: cheap,
 * outside the JVM, and the same for every variant. Elsewhere the values are NaN and the report says so.
 */
public final class ProcessProbe {

    /** Kernel clock ticks per second: 100 on every mainstream Linux build. */
    private static final double TICKS_PER_SECOND = 100.0;

    /**
     * One reading. {@code cpuSeconds} is cumulative user + system time; {@code openFiles} the entries of
     * {@code /proc/<pid>/fd} (files, sockets, pipes, epoll and event descriptors alike), NaN where they cannot be read.
     */
    public record Reading(double cpuSeconds, double rssMb, int threads, double openFiles) {
        public static final Reading NONE = new Reading(Double.NaN, Double.NaN, -1, Double.NaN);

        /** Without a count of open files (NaN). */
        public Reading(double cpuSeconds, double rssMb, int threads) {
            this(cpuSeconds, rssMb, threads, Double.NaN);
        }
    }

    private ProcessProbe() {
    }

    public static Reading read(long pid) {
        Path proc = Path.of("/proc", Long.toString(pid));
        try {
            String stat = Files.readString(proc.resolve("stat"));
            // fields after the command name, which is in parentheses and may hold spaces
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            double cpu = (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / TICKS_PER_SECOND;
            double rss = Double.NaN;
            int threads = -1;
            List<String> status = Files.readAllLines(proc.resolve("status"));
            for (String line : status) {
                if (line.startsWith("VmRSS:")) {
                    rss = Long.parseLong(line.replaceAll("\\D", "")) / 1024.0;
                } else if (line.startsWith("Threads:")) {
                    threads = Integer.parseInt(line.replaceAll("\\D", ""));
                }
            }
            return new Reading(cpu, rss, threads, openFiles(pid));
        } catch (IOException | RuntimeException e) {
            return Reading.NONE;
        }
    }

    /**
     * The process's open file descriptors: the entries of {@code /proc/<pid>/fd}, NaN when the folder cannot be
     * listed (another user's process, no /proc). Listing it opens a descriptor in this process only, so the count of
     * another process is exact; the lab's own count includes that one.
     */
    public static double openFiles(long pid) {
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            return fds.count();
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /**
     * The CPUs the process may run on ({@code Cpus_allowed_list} of /proc, e.g. {@code 0-1}), as the report records
     * them, or {@code unknown} off Linux or once the process is gone.
     */
    public static String allowedCpus(long pid) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return line.substring("Cpus_allowed_list:".length()).strip();
                }
            }
        } catch (IOException | RuntimeException e) {
            // reported as unknown
        }
        return "unknown";
    }
}
