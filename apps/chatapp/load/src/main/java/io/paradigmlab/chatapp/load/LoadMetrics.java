package io.paradigmlab.chatapp.load;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What the users of one run measured, shared by all of them (they record from Gatling's event loops at once, hence
 * the thread-safe {@link Recorder}s and adders). One run per JVM: {@link ChatLoad} reads it after Gatling returns;
 * {@link #reset()} is for tests.
 */
public final class LoadMetrics {

    /** Problems kept word for word; later ones are only counted. */
    static final int MAX_PROBLEMS = 50;

    /** Request sent to its reply frame, in ns (System.nanoTime on the user's event loop at both ends). */
    static final Recorder ACK = new Recorder(3);
    /**
     * Server enqueue ({@code ts}, epoch µs) to arrival at the client, in ns. Arrival is taken in µs
     * ({@link java.time.Instant#now()}) when the frame comes while the user awaits a reply, and in whole ms (Gatling's
     * stamp on buffered frames) when it comes while the user is between requests: those values are low by up to 1 ms.
     */
    static final Recorder DELIVERY = new Recorder(3);

    static final LongAdder REQUESTS = new LongAdder();
    static final LongAdder REPLIES = new LongAdder();
    static final LongAdder ERR_FRAMES = new LongAdder();
    static final LongAdder NO_REPLY = new LongAdder();
    static final LongAdder DELIVERIES = new LongAdder();
    static final LongAdder MSGS = new LongAdder();
    static final LongAdder EDITED = new LongAdder();
    static final LongAdder LOGINS = new LongAdder();
    static final LongAdder SENDS = new LongAdder();
    static final LongAdder EDITS = new LongAdder();
    static final LongAdder PAL_RESULTS = new LongAdder();
    static final LongAdder PAL_COUNT = new LongAdder();
    static final LongAdder LATE_REPLIES = new LongAdder();
    /** Deliveries whose arrival stamp was before the server's (the ms truncation of buffered frames). */
    static final LongAdder CLAMPED = new LongAdder();

    /** Set when a user stops early: the work can no longer complete, so no one waits for it any longer. */
    static final java.util.concurrent.atomic.AtomicBoolean ABORTED = new java.util.concurrent.atomic.AtomicBoolean();
    static final AtomicInteger USERS_STARTED = new AtomicInteger();
    static final AtomicInteger USERS_DONE = new AtomicInteger();
    /** Epoch µs of the first user's start and of the last user's work end. */
    static final AtomicLong START_MICROS = new AtomicLong(Long.MAX_VALUE);
    static final AtomicLong END_MICROS = new AtomicLong(Long.MIN_VALUE);

    private static final ConcurrentLinkedQueue<String> PROBLEMS = new ConcurrentLinkedQueue<>();
    private static final AtomicInteger PROBLEM_COUNT = new AtomicInteger();

    private LoadMetrics() {
    }

    static void problem(String what) {
        if (PROBLEM_COUNT.incrementAndGet() <= MAX_PROBLEMS) {
            PROBLEMS.add(what);
        }
    }

    static int problemCount() {
        return PROBLEM_COUNT.get();
    }

    /** The problems kept, plus a line counting the rest. */
    static List<String> problems() {
        List<String> all = new ArrayList<>(PROBLEMS);
        int more = PROBLEM_COUNT.get() - all.size();
        if (more > 0) {
            all.add("... and " + more + " more problem(s)");
        }
        return all;
    }

    static void started(long epochMicros) {
        USERS_STARTED.incrementAndGet();
        START_MICROS.accumulateAndGet(epochMicros, Math::min);
    }

    static void workEnded(long epochMicros) {
        END_MICROS.accumulateAndGet(epochMicros, Math::max);
    }

    static Histogram drain(Recorder recorder) {
        return recorder.getIntervalHistogram();
    }

    /** Forgets everything (tests run several simulations in one JVM). */
    public static void reset() {
        ACK.reset();
        DELIVERY.reset();
        for (LongAdder a : List.of(REQUESTS, REPLIES, ERR_FRAMES, NO_REPLY, DELIVERIES, MSGS, EDITED, LOGINS, SENDS,
                EDITS, PAL_RESULTS, PAL_COUNT, LATE_REPLIES, CLAMPED)) {
            a.reset();
        }
        ABORTED.set(false);
        USERS_STARTED.set(0);
        USERS_DONE.set(0);
        START_MICROS.set(Long.MAX_VALUE);
        END_MICROS.set(Long.MIN_VALUE);
        PROBLEMS.clear();
        PROBLEM_COUNT.set(0);
    }
}
