package io.paradigmlab.eshop.mvc.order;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Runs a batch's individual calls ({@code mode=individual}) with at most {@code fanOut} of one request in flight
 * (spec D-10, {@code eshop.order.fan-out}). The request's thread submits the calls one by one through a per-request
 * window ({@link Semaphore} of {@code fanOut} permits, taken before a call is submitted and given back when it
 * completes) and then waits for all of them; each call runs on:
 * <ul>
 *   <li>{@link #platform}: a bounded {@link ThreadPoolExecutor} shared by all requests
 *       ({@value #THREADS}, default {@value #DEFAULT_THREADS} platform threads, queue {@value #QUEUE}; a full queue
 *       is a {@link RejectedExecutionException}, answered 503), as {@code CompletableFuture.supplyAsync};</li>
 *   <li>{@link #virtual}: a new virtual thread per call.</li>
 * </ul>
 * After the first failure no further call is submitted; the calls in flight are awaited (each is bounded by the HTTP
 * client's timeouts), so the caller sees every outcome that happened and can compensate.
 */
public final class FanOutExecutor implements AutoCloseable {

    /** Platform variant only: the pool's threads. */
    public static final String THREADS = "eshop.order.executor-threads";
    public static final int DEFAULT_THREADS = 200;
    /** Platform variant only: calls waiting for a thread, beyond which a call is refused (503). */
    public static final int QUEUE = 10_000;

    /** What {@link #map} did: the results of the calls that succeeded, in submission order, and the first failure. */
    public record Outcome<R>(List<R> results, Throwable failure) {
    }

    private final ExecutorService executor;
    private final boolean virtual;

    private FanOutExecutor(ExecutorService executor, boolean virtual) {
        this.executor = executor;
        this.virtual = virtual;
    }

    /** A pool of {@code threads} platform threads with a bounded queue of {@value #QUEUE}. */
    public static FanOutExecutor platform(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException(THREADS + " must be at least 1, was " + threads);
        }
        ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(QUEUE), Thread.ofPlatform().name("eshop-fanout-", 0).daemon(true).factory(),
                new ThreadPoolExecutor.AbortPolicy());
        pool.allowCoreThreadTimeOut(true);
        return new FanOutExecutor(pool, false);
    }

    /** A virtual thread per call. */
    public static FanOutExecutor virtual() {
        return new FanOutExecutor(
                Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("eshop-fanout-", 0).factory()), true);
    }

    public boolean isVirtual() {
        return virtual;
    }

    /**
     * Calls {@code call} for every item, at most {@code fanOut} at a time, and waits for all calls submitted.
     *
     * @return the successful results in submission order, and the first failure (null when none); a failure stops
     *         the submission of the remaining items
     */
    public <T, R> Outcome<R> map(List<T> items, int fanOut, Function<T, R> call) {
        Semaphore window = new Semaphore(fanOut);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<CompletableFuture<R>> calls = new ArrayList<>(items.size());
        try {
            for (T item : items) {
                window.acquire();
                if (failure.get() != null) {
                    window.release();
                    break;
                }
                CompletableFuture<R> future;
                try {
                    future = CompletableFuture.supplyAsync(() -> call.apply(item), executor);
                } catch (RejectedExecutionException e) {
                    window.release();
                    failure.compareAndSet(null, e);
                    break;
                }
                future.whenComplete((result, error) -> {
                    if (error != null) {
                        failure.compareAndSet(null, unwrap(error));
                    }
                    window.release();
                });
                calls.add(future);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            failure.compareAndSet(null, e);
        }
        List<R> results = new ArrayList<>(calls.size());
        for (CompletableFuture<R> future : calls) {
            try {
                results.add(future.join());
            } catch (CompletionException | CancellationException e) {
                failure.compareAndSet(null, unwrap(e));
            }
        }
        return new Outcome<>(results, failure.get());
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }

    @Override
    public void close() {
        executor.shutdown();
        try {
            if (!executor.awaitTermination(5, TimeUnit.SECONDS)) {
                executor.shutdownNow();
            }
        } catch (InterruptedException e) {
            executor.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
