package io.paradigmlab.chatapp.server;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BooleanSupplier;

/**
 * The readiness probe behind {@code GET /actuator/health}: UP (200) when the engine's database answers, DOWN (503)
 * otherwise or after 5 s. Called on an event loop, so {@link #check()} must not block.
 */
@FunctionalInterface
public interface HealthCheck {

    /** Completes with true when the database works; false or a failure means DOWN. */
    CompletionStage<Boolean> check();

    /**
     * A probe that blocks (a {@code SELECT 1} over JDBC), run on a fresh daemon platform thread per check: health is
     * polled rarely (at start, by the lab), so no pool is kept for it. A thrown exception means DOWN.
     */
    static HealthCheck blocking(BooleanSupplier probe) {
        return () -> {
            CompletableFuture<Boolean> result = new CompletableFuture<>();
            Thread.ofPlatform().daemon().name("chatapp-health").start(() -> {
                try {
                    result.complete(probe.getAsBoolean());
                } catch (RuntimeException e) {
                    result.complete(false);
                }
            });
            return result;
        };
    }

    /** Always UP (tests, engines without a database). */
    static HealthCheck up() {
        return () -> CompletableFuture.completedFuture(true);
    }
}
