package io.paradigmlab.lab.remote;

import io.paradigmlab.lab.api.LabException;
import io.paradigmlab.lab.launch.ServiceProcess;
import io.paradigmlab.lab.metrics.ProcessProbe;
import io.paradigmlab.lab.reaper.ServerKind;
import io.paradigmlab.lab.reaper.ServerRegistry;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The remote half of resource sampling for a service JVM on another host: one long-lived SSH session whose shell
 * loop prints the JVM's {@code /proc/PID/stat}, the RSS, thread and CPU lines of {@code /proc/PID/status} and the
 * number of entries of {@code /proc/PID/fd} (its open file descriptors) every
 * {@value #INTERVAL_MILLIS} ms, and {@code gone} once the process is; {@link #read()} gives the latest reading, as
 * {@link ProcessProbe} does for a local process. A shell loop, not an agent: nothing to install there, and its cost
 * on that host (a {@code cat} and a {@code grep} twice a second) is far below the sampling's resolution.
 */
final class RemoteProbe implements ServiceProcess.Elsewhere {

    static final int INTERVAL_MILLIS = 500;
    /** The field of a probe line that carries the count of open file descriptors ('-' where unreadable). */
    static final String OPEN_FILES = "Fds:";
    /** A reading older than this is stale (the session stalled): NaN rather than an old CPU time. */
    private static final long STALE_MILLIS = 3_000;

    private final SshServiceHost host;
    private final long pid;
    private final Process session;
    /** The session's local ssh client in the lab's registry of servers. */
    private final ServerRegistry.Registration record;
    private final CountDownLatch gone = new CountDownLatch(1);
    private volatile ProcessProbe.Reading last = ProcessProbe.Reading.NONE;
    private volatile long lastMillis;
    private volatile String cpus = "unknown";

    private RemoteProbe(SshServiceHost host, long pid, Process session) {
        this.host = host;
        this.pid = pid;
        this.session = session;
        this.record = ServerRegistry.lab().register(ServerKind.SSH_SESSION, session.toHandle(), List.of(), null,
                "remote probe of pid " + pid + " on " + host.host().describe());
    }

    /** Starts probing {@code pid} on {@code host}; returns once the first reading arrived (at most 10 s). */
    static RemoteProbe start(SshServiceHost host, long pid) {
        String proc = "/proc/" + pid;
        // the open files: the entries of PROC/fd, or '-' when that cannot be listed (another user's process)
        String loop = "while s=$(cat " + proc + "/stat 2>/dev/null); do"
                + " t=$(grep -E '^(VmRSS|Threads|Cpus_allowed_list):' " + proc + "/status 2>/dev/null | tr -s '\\t ' ' '"
                + " | tr '\\n' ';');"
                + " if f=$(ls " + proc + "/fd 2>/dev/null); then n=$(printf '%s' \"$f\" | grep -c ''); else n=-; fi;"
                + " echo \"stat $s|${t}" + OPEN_FILES + " $n\"; sleep " + INTERVAL_MILLIS / 1000.0 + "; done; echo gone";
        List<String> command = host.sshCommand(false);
        command.add(loop);
        Process session;
        try {
            session = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            throw new LabException("Cannot start the remote probe on " + host.host().describe() + ": " + e.getMessage(),
                    e);
        }
        RemoteProbe probe = new RemoteProbe(host, pid, session);
        CountDownLatch first = new CountDownLatch(1);
        Thread.ofPlatform().daemon(true).name("remote-probe-" + pid).start(() -> probe.follow(first));
        try {
            if (!first.await(10, TimeUnit.SECONDS)) {
                probe.close();
                throw new LabException("The remote probe of pid " + pid + " on " + host.host().describe()
                        + " printed nothing within 10 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            probe.close();
            throw new LabException("Interrupted while starting the remote probe on " + host.host().describe());
        }
        return probe;
    }

    private void follow(CountDownLatch first) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(session.getInputStream(),
                StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.equals("gone")) {
                    gone.countDown();
                    break;
                }
                if (line.startsWith("stat ")) {
                    ProcessProbe.Reading reading = parse(line.substring(5));
                    if (reading != null) {
                        last = reading;
                        lastMillis = System.currentTimeMillis();
                    }
                }
                first.countDown();
            }
        } catch (IOException e) {
            // the session ended: readings become stale
        } finally {
            first.countDown();
        }
    }

    /**
     * One line of the loop: {@code /proc/PID/stat}, then {@code |} and the chosen status lines joined by {@code ;},
     * the last one {@value #OPEN_FILES} and the count of open file descriptors ({@code -}: unknown, NaN).
     * Fields as {@link ProcessProbe#read}: utime and stime after the command name, in 100 ticks per second (checked
     * when the host was connected).
     */
    ProcessProbe.Reading parse(String text) {
        int bar = text.lastIndexOf('|');
        if (bar < 0) {
            return null;
        }
        String stat = text.substring(0, bar);
        String status = text.substring(bar + 1);
        try {
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            double cpu = (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / 100.0;
            double rss = Double.NaN;
            int threads = -1;
            double openFiles = Double.NaN;
            for (String part : status.split(";")) {
                String line = part.strip();
                if (line.startsWith(OPEN_FILES)) {
                    String count = line.substring(OPEN_FILES.length()).strip();
                    openFiles = count.matches("\\d+") ? Double.parseDouble(count) : Double.NaN;
                } else if (line.startsWith("VmRSS:")) {
                    rss = Long.parseLong(line.replaceAll("\\D", "")) / 1024.0;
                } else if (line.startsWith("Threads:")) {
                    threads = Integer.parseInt(line.replaceAll("\\D", ""));
                } else if (line.startsWith("Cpus_allowed_list:")) {
                    cpus = line.substring("Cpus_allowed_list:".length()).strip();
                }
            }
            return new ProcessProbe.Reading(cpu, rss, threads, openFiles);
        } catch (RuntimeException e) {
            return null;
        }
    }

    @Override
    public String host() {
        return host.host().host();
    }

    @Override
    public long pid() {
        return pid;
    }

    @Override
    public ProcessProbe.Reading read() {
        if (System.currentTimeMillis() - lastMillis > STALE_MILLIS) {
            return ProcessProbe.Reading.NONE;
        }
        return last;
    }

    @Override
    public String allowedCpus() {
        return cpus;
    }

    /**
     * True when the process went by itself within {@code timeout}; else it is killed there (SIGKILL). Watched by
     * the probe while its session lives; when that session is gone too (Ctrl-C in a terminal reaches every ssh
     * client of the lab), by a loop of {@code kill -0} over a new session for the rest of the time.
     */
    @Override
    public boolean awaitExit(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            while (System.nanoTime() < deadline) {
                if (gone.await(200, TimeUnit.MILLISECONDS)) {
                    return true;
                }
                if (!session.isAlive() && gone.getCount() > 0) {
                    break;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000_000L);
        SshServiceHost.Result result = host.exec("i=0; while kill -0 " + pid + " 2>/dev/null; do"
                + " if [ $i -ge " + left + " ]; then kill -9 " + pid + "; echo killed; exit 0; fi;"
                + " i=$((i+1)); sleep 1; done; echo gone", Duration.ofSeconds(left + 20));
        return result.out().contains("gone");
    }

    @Override
    public void close() {
        session.destroy();
        record.remove();
    }
}
