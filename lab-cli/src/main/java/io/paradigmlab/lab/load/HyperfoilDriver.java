package io.paradigmlab.lab.load;

import io.paradigmlab.lab.api.LabException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * How the lab drives Hyperfoil, embedded: coordinated-omission-aware timing, one HdrHistogram per phase, the open and
 * the closed model. The settings every run shares (threads, sessions, connections, phase bounds); the benchmark
 * itself is generated around a scenario file by {@link ScenarioLoad}.
 */
public final class HyperfoilDriver {

    /** Called when a phase starts: its name ("warmup", "level-<n>" or a soak's "soak-<i>") and its level. */
    public interface Progress {
        void phaseStarted(String phase, int level);

        /** A remark on the run as a whole, e.g. data rows that ran out. */
        default void note(String line) {
        }
    }

    /** Load generator threads (Netty event loops). One keeps the generator's CPU bounded on a 2-core machine. */
    public static final int THREADS = 1;

    /**
     * Most concurrent sessions of the open model: past this many requests in flight the system is saturated
     * anyway, and the level says so.
     */
    public static final int MAX_OPEN_SESSIONS = 10_000;
    /**
     * Most connections the tool opens (per endpoint): beyond a thousand, sessions share connections (and wait for
     * one, which the open model shows as latency, as a real client pool would) rather than exhaust file descriptors.
     */
    public static final int MAX_CONNECTIONS = 1_000;

    private HyperfoilDriver() {
    }

    /**
     * Sessions of a phase: the closed model's users at the peak level; in the open model, enough sessions for the
     * peak offered rate at twice the timeout, so only a real stall exhausts them.
     */
    static int maxSessions(LoadPlan plan) {
        int peak = plan.levels().getLast();
        return plan.model() == LoadPlan.Model.CLOSED ? peak
                : Math.min(MAX_OPEN_SESSIONS, Math.max(16, (int) Math.ceil(peak * plan.timeoutMillis() * 2 / 1000.0)));
    }

    /**
     * Connections per endpoint: one per session up to the cap, so below it a request never queues inside the load
     * tool (Hyperfoil's default, one per event loop, would inflate latency).
     */
    static int connections(int maxSessions) {
        return Math.min(maxSessions, MAX_CONNECTIONS);
    }

    /**
     * The bound of a phase of {@code seconds}: Hyperfoil would otherwise wait forever for a target that stopped
     * answering.
     */
    static long maxDurationMillis(LoadPlan plan, int seconds) {
        return seconds * 1000L + 2L * plan.timeoutMillis() + 5_000;
    }

    /** Hyperfoil never returns when the target refuses connections, so check first. */
    static void requireListening(String service, String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 2000);
        } catch (java.io.IOException e) {
            throw new LabException("Nothing listens on " + host + ":" + port + " (service " + service
                    + "); cannot drive load");
        }
    }
}
