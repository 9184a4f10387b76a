package io.paradigmlab.lab.reaper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * One process, told apart from any later process that reuses its pid: its pid and its start instant, and on Linux
 * also the kernel's own start time ({@code /proc/PID/stat}, clock ticks since boot) and the boot's id. The instant
 * is what a person reads; the ticks are what is compared when both sides have them, because a JVM derives the
 * instant from the boot time the kernel reports at that moment, which moves when the wall clock is set: two JVMs can
 * then disagree by the size of the step about the same process.
 *
 * @param pid        the process id
 * @param started    when it started, as {@link ProcessHandle.Info#startInstant()} says
 * @param startTicks its start in clock ticks since boot (field 22 of {@code /proc/PID/stat}), or -1 when unknown
 * @param boot       {@code /proc/sys/kernel/random/boot_id} when it was recorded, or null when unknown
 */
public record ProcessIdentity(long pid, Instant started, long startTicks, String boot) {

    /**
     * Two start instants closer than this are the same start when the ticks cannot be compared: a JVM computes the
     * instant to the millisecond from a boot time in whole seconds.
     */
    static final Duration START_TOLERANCE = Duration.ofSeconds(1);

    private static final Path BOOT_ID = Path.of("/proc/sys/kernel/random/boot_id");

    /** What became of a recorded process. */
    public enum State {
        /** It runs: same pid, same start. */
        RUNNING,
        /** No process has its pid (or only a zombie, which holds no port and no file any more). */
        GONE,
        /** Another process has its pid now: it started at another time, or after another boot. */
        REUSED,
        /** A process has its pid but its start cannot be read, so whether it is the same one cannot be told. */
        UNKNOWN
    }

    public ProcessIdentity {
        if (pid <= 0) {
            throw new IllegalArgumentException("pid " + pid);
        }
        if (started == null) {
            throw new IllegalArgumentException("the start of pid " + pid + " is unknown");
        }
    }

    /**
     * The identity of {@code process} now.
     *
     * @throws IllegalArgumentException when its start cannot be read (it has already ended, or the system does not
     *                                  say)
     */
    public static ProcessIdentity of(ProcessHandle process) {
        Instant started = process.info().startInstant().orElseThrow(() ->
                new IllegalArgumentException("the start of pid " + process.pid() + " cannot be read (has it ended?)"));
        Stat stat = Stat.read(process.pid());
        return new ProcessIdentity(process.pid(), started, stat == null ? -1 : stat.startTicks(), bootId());
    }

    /** This JVM's identity. */
    public static ProcessIdentity current() {
        return of(ProcessHandle.current());
    }

    /** What became of this process (see {@link State}). */
    public State state() {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        Stat stat = Stat.read(pid);
        if (handle.isEmpty() || (stat != null && stat.zombie())) {
            return State.GONE;
        }
        String nowBoot = bootId();
        if (boot != null && nowBoot != null && startTicks >= 0 && stat != null) {
            return boot.equals(nowBoot) && startTicks == stat.startTicks() ? State.RUNNING : State.REUSED;
        }
        Optional<Instant> actual = handle.get().info().startInstant();
        if (actual.isEmpty()) {
            return State.UNKNOWN;
        }
        return Duration.between(started, actual.get()).abs().compareTo(START_TOLERANCE) <= 0
                ? State.RUNNING : State.REUSED;
    }

    /** The handle of this very process while it runs ({@link State#RUNNING}), else empty. */
    public Optional<ProcessHandle> running() {
        if (state() != State.RUNNING) {
            return Optional.empty();
        }
        // ProcessHandle.of records the start it sees, and destroy() on the handle signals only a process that
        // still has that start: a pid reused between this check and a signal is not hit
        return ProcessHandle.of(pid);
    }

    /** This boot's id, or null where the system has none (not Linux). */
    static String bootId() {
        try {
            return Files.readString(BOOT_ID, StandardCharsets.US_ASCII).strip();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The fields of {@code /proc/PID/stat} the registry uses; null where there is no such file. */
    record Stat(char state, long startTicks) {

        boolean zombie() {
            return state == 'Z' || state == 'X';
        }

        static Stat read(long pid) {
            try {
                String text = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8);
                // the command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'
                String[] fields = text.substring(text.lastIndexOf(')') + 2).split(" ");
                return new Stat(fields[0].charAt(0), Long.parseLong(fields[19]));
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }
    }
}
