package io.paradigmlab.tweebyte.async.common;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The "db" executor of an async service: every blocking call (a JDBC statement, a transaction, a Redis command)
 * runs here as a future, never on a request thread and never on the common pool. Its size is the connection
 * pool's ({@code tweebyte.db.pool-size}): more threads would only wait for a connection. Its queue is bounded
 * ({@link BoundedExecutors}).
 */
public final class Db implements AutoCloseable {

    private final ExecutorService executor;
    private final TransactionTemplate transactions;

    /** @param transactions null for a service without transactions */
    public Db(int threads, TransactionTemplate transactions) {
        this.executor = BoundedExecutors.fixed(threads, "db-");
        this.transactions = transactions;
    }

    /** The executor itself, for its metrics (name {@code db}). */
    public ExecutorService executor() {
        return executor;
    }

    /** Blocking work (one statement, or a Redis command) on the db executor. */
    public <T> CompletableFuture<T> run(Supplier<T> work) {
        return CompletableFuture.supplyAsync(work, executor);
    }

    /** Blocking work on the db executor, in one transaction on one connection; an exception rolls it back. */
    public <T> CompletableFuture<T> inTransaction(Supplier<T> work) {
        return CompletableFuture.supplyAsync(() -> transactions.execute(status -> work.get()), executor);
    }

    /** A transaction without a result. */
    public CompletableFuture<Void> inTransaction(Runnable work) {
        return CompletableFuture.supplyAsync(() -> {
            transactions.executeWithoutResult(status -> work.run());
            return null;
        }, executor);
    }

    @Override
    public void close() throws InterruptedException {
        executor.shutdown();
        executor.awaitTermination(10, TimeUnit.SECONDS);
    }
}
