package io.paradigmlab.chatapp.rxjava;

import io.netty.util.concurrent.FastThreadLocalThread;
import io.paradigmlab.common.blockhound.BlockHoundInstaller;
import io.reactivex.rxjava3.internal.schedulers.NonBlockingThread;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicLong;
import reactor.blockhound.BlockHound;
import reactor.blockhound.BlockingOperationError;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * BlockHound for the rxjava variant (spec W15: a BlockHound-clean Rx). BlockHound ships an integration for RxJava 2
 * only (RxJava declined one for 3, ReactiveX/RxJava#6692), so this class is the RxJava 3 integration: the threads of
 * {@code Schedulers.computation()} and {@code single()} are RxJava's {@link NonBlockingThread}s and count as
 * non-blocking. Vert.x event loops are non-blocking too: they are Netty {@link FastThreadLocalThread}s that do not
 * permit blocking calls (Netty's own integration says the same; it is repeated here so the variant does not depend on
 * Netty's service file). Vert.x worker threads and {@code Schedulers.io()} may block. It is registered, as the
 * allowances every application shares ({@code common-blockhound}'s {@code CommonAllowances}: the SCRAM login's nonce
 * among them), through BlockHound's {@code ServiceLoader} SPI (the shaded jar merges the service files), and installed
 * by {@link BlockHoundInstaller}.
 *
 * <p>Once installed, a blocking call (sleep, park, socket or file I/O, ...) on such a thread is printed to stderr with
 * its thread and fails with {@link BlockingOperationError}; in the engine that error answers the request with an
 * {@code err} frame and is logged. BlockHound cannot be uninstalled: it is for checks, not for measured runs.
 */
public final class ChatBlockHound implements BlockHoundIntegration {

    private static final AtomicLong DETECTED = new AtomicLong();

    /** Blocking calls detected (and failed) since the install. */
    public static long detected() {
        return DETECTED.get();
    }

    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.nonBlockingThreadPredicate(current -> current.or(ChatBlockHound::nonBlocking));
        // The executors behind RxJava's schedulers: an idle computation thread waits in take()/poll() (that is its
        // idle state, not a blocking call of a task), and queueing a task (offer, or remove on a dispose) holds the
        // queue's lock for a few instructions and may park on contention. Reactor allows the same for its executors.
        String delayedWorkQueue = ScheduledThreadPoolExecutor.class.getName() + "$DelayedWorkQueue";
        builder.allowBlockingCallsInside(delayedWorkQueue, "take");
        builder.allowBlockingCallsInside(delayedWorkQueue, "poll");
        builder.allowBlockingCallsInside(delayedWorkQueue, "offer");
        builder.allowBlockingCallsInside(delayedWorkQueue, "remove");
        // The PG client's SCRAM-SHA-256 login (its nonce drawn from SecureRandom on the event loop) is allowed by
        // the common integration, CommonAllowances.
        builder.blockingMethodCallback(method -> {
            DETECTED.incrementAndGet();
            BlockingOperationError error = new BlockingOperationError(method);
            System.err.println("BlockingOperationError on " + Thread.currentThread().getName() + ": " + method);
            throw error;
        });
    }

    /** RxJava 3's computation/single threads and Vert.x event loops. */
    static boolean nonBlocking(Thread thread) {
        return thread instanceof NonBlockingThread
                || thread instanceof FastThreadLocalThread f && !f.permitBlockingCalls();
    }
}
