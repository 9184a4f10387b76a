package io.paradigmlab.lab.reaper;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Stops the servers of {@link ServerRegistry} whose owner is gone (no process has its pid, or one that started at
 * another time has it): the servers a killed lab process left running. In stages (service JVMs and ssh sessions,
 * then Toxiproxy, Redis and MariaDB, then PostgreSQL), each server with SIGTERM (PostgreSQL: SIGINT, its fast
 * shutdown) and, after a grace period, SIGKILL for it and the processes it had forked; then it deletes the data
 * folders recorded, removes the records and reports one line per server, as Testcontainers' reaper does.
 *
 * <p>Only a process whose pid and start both match its record is signalled, never one that reuses the pid. Servers
 * of a live owner are never touched (a concurrent {@code ./lab up}, another test JVM). It is cheap when there is
 * nothing to do (a listing of the folder, a read of each record and a look at its owner), and two reapers, in two
 * processes or two threads, take turns on a file lock in the folder, each re-reading the records once it holds it.
 */
public final class OrphanReaper {

    /** From SIGTERM (SIGINT) to SIGKILL: a service JVM's graceful shutdown, a clean stop of MariaDB. */
    public static final Duration DEFAULT_GRACE = Duration.ofSeconds(10);
    /** How long a SIGKILLed process is waited for before it is reported as still running. */
    static final Duration KILL_WAIT = Duration.ofSeconds(5);
    /** A temporary file older than this was left by a writer that was killed mid-write. */
    static final Duration STALE_TEMPORARY = Duration.ofMinutes(1);
    static final String LOCK_FILE = "reaper.lock";

    /** Threads of one JVM: a file lock is held per JVM, and a second lock() from it would throw, not wait. */
    private static final Object IN_THIS_JVM = new Object();

    private final ServerRegistry registry;
    private final Duration grace;

    public OrphanReaper(ServerRegistry registry, Duration grace) {
        this.registry = registry;
        this.grace = grace;
    }

    /**
     * Reaps the checkout's registry ({@link ServerRegistry#lab()}) and prints what it stopped to {@code out}; for the
     * start of every lab command and of {@code Infrastructure.start}. Never throws: a reaper that fails says so and
     * the command goes on.
     */
    public static void reapLeftovers(PrintStream out) {
        try {
            new OrphanReaper(ServerRegistry.lab(), DEFAULT_GRACE).reap().lines().forEach(out::println);
        } catch (RuntimeException e) {
            out.println("lab: could not check .lab/servers for servers left by a killed lab process: " + e);
        }
    }

    /** Stops the servers whose owner is gone, deletes their data, removes their records, and says what it did. */
    public Report reap() {
        if (registry.folder() == null) {
            return new Report(List.of(), List.of());
        }
        List<Path> files = registry.recordFiles();
        if (files.isEmpty() || !anyOrphanOrUnreadable(files)) {
            return new Report(List.of(), List.of());
        }
        synchronized (IN_THIS_JVM) {
            try (FileChannel channel = FileChannel.open(registry.folder().resolve(LOCK_FILE), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
                 FileLock ignored = channel.lock()) {
                return reapHoldingTheLock();
            } catch (IOException e) {
                throw new UncheckedIOException("cannot lock " + registry.folder().resolve(LOCK_FILE), e);
            }
        }
    }

    /** The quick look without the lock: is there anything to reap or report? */
    private boolean anyOrphanOrUnreadable(List<Path> files) {
        Map<ProcessIdentity, Boolean> ownerGone = new HashMap<>();
        for (Path file : files) {
            try {
                ServerRecord record = ServerRegistry.read(file);
                if (record != null && ownerGone.computeIfAbsent(record.owner(), OrphanReaper::gone)) {
                    return true;
                }
            } catch (IllegalArgumentException unreadable) {
                return true;
            }
        }
        return false;
    }

    /**
     * An owner that cannot be told apart from a process that reuses its pid ({@link ProcessIdentity.State#UNKNOWN})
     * counts as alive: a server is stopped only when its owner is surely gone.
     */
    private static boolean gone(ProcessIdentity owner) {
        ProcessIdentity.State state = owner.state();
        return state == ProcessIdentity.State.GONE || state == ProcessIdentity.State.REUSED;
    }

    private Report reapHoldingTheLock() {
        removeStaleTemporaries();
        List<String> unreadable = new ArrayList<>();
        List<ServerRecord> orphans = new ArrayList<>();
        Map<ServerRecord, Path> fileOf = new HashMap<>();
        Map<ProcessIdentity, Boolean> ownerGone = new HashMap<>();
        // re-read under the lock: another reaper may have taken some meanwhile
        for (Path file : registry.recordFiles()) {
            ServerRecord record;
            try {
                record = ServerRegistry.read(file);
            } catch (IllegalArgumentException e) {
                unreadable.add("lab: removed " + file + ", not a record of a server (" + e.getMessage() + ")");
                delete(file);
                continue;
            }
            if (record != null && ownerGone.computeIfAbsent(record.owner(), OrphanReaper::gone)) {
                orphans.add(record);
                fileOf.put(record, file);
            }
        }
        // reported in the order they are stopped
        orphans.sort(Comparator.comparingInt(record -> record.kind().stage()));
        Map<Integer, List<ServerRecord>> stages = new TreeMap<>();
        orphans.forEach(record -> stages.computeIfAbsent(record.kind().stage(), stage -> new ArrayList<>()).add(record));
        Map<ServerRecord, Outcome> outcomes = new LinkedHashMap<>();
        for (List<ServerRecord> stage : stages.values()) {
            outcomes.putAll(stop(stage));
        }
        List<Outcome> done = new ArrayList<>();
        for (ServerRecord record : orphans) {
            Outcome outcome = outcomes.get(record);
            if (outcome.result() != Result.STILL_RUNNING) {
                outcome = outcome.withData(deleteData(record, outcome.result()));
                delete(fileOf.get(record));
            }
            done.add(outcome);
        }
        return new Report(done, unreadable);
    }

    /** Signals every running server of one stage, waits for them together, then kills those still there. */
    private Map<ServerRecord, Outcome> stop(List<ServerRecord> stage) {
        Map<ServerRecord, Outcome> outcomes = new LinkedHashMap<>();
        Map<ServerRecord, List<ProcessHandle>> forks = new LinkedHashMap<>();
        for (ServerRecord record : stage) {
            ProcessIdentity.State state = record.process().state();
            Optional<ProcessHandle> running = state == ProcessIdentity.State.RUNNING
                    ? record.process().running() : Optional.empty();
            if (running.isEmpty()) {
                outcomes.put(record, new Outcome(record, switch (state) {
                    case REUSED -> Result.PID_REUSED;
                    case UNKNOWN -> Result.UNKNOWN;
                    default -> Result.ALREADY_GONE;
                }, false, null));
                continue;
            }
            ProcessHandle server = running.get();
            // taken before the signal: a killed postmaster's server processes are re-parented and lost from view
            forks.put(record, server.descendants().toList());
            terminate(record.kind(), server);
        }
        List<ServerRecord> left = awaitGone(forks.keySet(), grace);
        for (ServerRecord record : left) {
            record.process().running().ifPresent(ProcessHandle::destroyForcibly);
        }
        // whatever the servers forked goes too, whether they stopped by themselves or were killed (each handle
        // signals only the process it was taken from, not a later one with its pid)
        forks.values().forEach(children -> children.forEach(ProcessHandle::destroyForcibly));
        List<ServerRecord> stuck = awaitGone(left, KILL_WAIT);
        for (ServerRecord record : forks.keySet()) {
            outcomes.put(record, new Outcome(record, stuck.contains(record) ? Result.STILL_RUNNING : Result.STOPPED,
                    left.contains(record), null));
        }
        return outcomes;
    }

    /** SIGTERM; for PostgreSQL SIGINT, its fast shutdown (ends the sessions, then a checkpoint), else SIGTERM. */
    private static void terminate(ServerKind kind, ProcessHandle server) {
        if (kind == ServerKind.POSTGRES) {
            try {
                // the JDK sends only SIGTERM and SIGKILL; the shell's kill is everywhere sh is (by pid alone, matched
                // with its start a moment ago)
                Process kill = new ProcessBuilder("sh", "-c", "kill -INT " + server.pid())
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                if (kill.waitFor(5, TimeUnit.SECONDS) && kill.exitValue() == 0) {
                    return;
                }
            } catch (IOException e) {
                // no sh: SIGTERM, a smart shutdown, which its clients (stopped before it) do not hold up
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        server.destroy();
    }

    /** Waits until none of {@code records}' processes runs or {@code timeout} passes; returns those still running. */
    private static List<ServerRecord> awaitGone(Collection<ServerRecord> records, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<ServerRecord> running = new ArrayList<>(records);
        while (true) {
            running.removeIf(record -> record.process().state() != ProcessIdentity.State.RUNNING);
            if (running.isEmpty() || System.nanoTime() > deadline) {
                return running;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return running;
            }
        }
    }

    /** What became of the record's data folder, or null when it has none. */
    private static String deleteData(ServerRecord record, Result result) {
        Path dir = record.dataDir();
        if (dir == null) {
            return null;
        }
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            return "data already deleted";
        }
        if (result == Result.UNKNOWN) {
            return "data kept, " + dir;
        }
        String refused = refusal(dir);
        if (refused != null) {
            return "data kept, " + dir + ": " + refused;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
            return "data deleted";
        } catch (IOException | UncheckedIOException e) {
            return "data not all deleted, " + dir + ": " + e.getMessage();
        }
    }

    /**
     * Why a recorded data folder is not deleted, or null: a record is a file anyone could edit, so only a real
     * folder (not a link) at least three levels deep and not the home folder is deleted.
     */
    static String refusal(Path dir) {
        if (!dir.isAbsolute() || dir.normalize().getNameCount() < 3) {
            return "too close to the root to be a data folder the lab made";
        }
        if (dir.normalize().equals(Path.of(System.getProperty("user.home")).toAbsolutePath().normalize())) {
            return "the home folder";
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return "not a folder";
        }
        return null;
    }

    private void removeStaleTemporaries() {
        Instant before = Instant.now().minus(STALE_TEMPORARY);
        try (DirectoryStream<Path> temporaries = Files.newDirectoryStream(registry.folder(), ".*.tmp")) {
            for (Path file : temporaries) {
                FileTime modified = Files.getLastModifiedTime(file);
                if (modified.toInstant().isBefore(before)) {
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException e) {
            // a leftover temporary file is no record: harmless
        }
    }

    private void delete(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            registry.warn("cannot remove " + file + ": " + e.getMessage());
        }
    }

    /** What became of a server whose owner was gone. */
    public enum Result {
        /** It ran and was stopped (see {@link Outcome#killed()}). */
        STOPPED,
        /** It had stopped already. */
        ALREADY_GONE,
        /** Its pid belongs to another process now: left alone. */
        PID_REUSED,
        /** A process has its pid, but whether it is the server cannot be told: left alone. */
        UNKNOWN,
        /** It ran on after SIGKILL (another user's process?): its record is kept. */
        STILL_RUNNING
    }

    /**
     * One server's outcome.
     *
     * @param killed whether it needed SIGKILL after the grace period
     * @param data   what became of its data folder ("data deleted", ...), or null when it had none
     */
    public record Outcome(ServerRecord record, Result result, boolean killed, String data) {

        Outcome withData(String what) {
            return new Outcome(record, result, killed, what);
        }

        /** What happened to it, in words. */
        String what() {
            return switch (result) {
                case STOPPED -> killed ? "stopped, killed (SIGKILL) after the grace period" : "stopped";
                case ALREADY_GONE -> "had already stopped";
                case PID_REUSED -> "had already stopped; its pid belongs to another process now, left alone";
                case UNKNOWN -> "cannot be told apart from another process with its pid: left alone";
                case STILL_RUNNING -> "still runs after SIGKILL: record kept";
            };
        }
    }

    /** What a reap did: per server, and the files it removed as unreadable. */
    public record Report(List<Outcome> outcomes, List<String> unreadable) {

        /** Whether it found nothing to do. */
        public boolean isEmpty() {
            return outcomes.isEmpty() && unreadable.isEmpty();
        }

        /**
         * What to print: per gone owner, a line counting the servers stopped and then one line per server; a line
         * for each server that had already stopped only when it says more than that (its data deleted, a pid now
         * another process's); a line per unreadable record removed.
         */
        public List<String> lines() {
            List<String> lines = new ArrayList<>(unreadable);
            Map<ProcessIdentity, List<Outcome>> byOwner = new LinkedHashMap<>();
            outcomes.forEach(outcome -> byOwner.computeIfAbsent(outcome.record().owner(), o -> new ArrayList<>())
                    .add(outcome));
            for (Map.Entry<ProcessIdentity, List<Outcome>> owner : byOwner.entrySet()) {
                String whose = "left by a lab process that is gone (pid " + owner.getKey().pid() + ")";
                List<Outcome> stopped = owner.getValue().stream().filter(o -> o.result() == Result.STOPPED).toList();
                if (!stopped.isEmpty()) {
                    lines.add("lab: stopped " + stopped.size() + (stopped.size() == 1 ? " server " : " servers ")
                            + whose + ":");
                    for (Outcome outcome : stopped) {
                        lines.add("  " + outcome.record().describe()
                                + (outcome.killed() ? ", killed (SIGKILL) after the grace period" : "")
                                + (outcome.data() == null ? "" : ", " + outcome.data()));
                    }
                }
                for (Outcome outcome : owner.getValue()) {
                    boolean plainlyGone = outcome.result() == Result.ALREADY_GONE && outcome.data() == null;
                    if (outcome.result() != Result.STOPPED && !plainlyGone) {
                        lines.add("lab: " + outcome.record().describe() + ", " + whose + ", " + outcome.what()
                                + (outcome.data() == null ? "" : "; " + outcome.data()));
                    }
                }
            }
            return lines;
        }
    }
}
