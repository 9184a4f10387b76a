package io.paradigmlab.common.blockhound;

import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/** An application's integration, as the tests see one: threads named {@code non-blocking-*} may not block. */
public final class TestThreads implements BlockHoundIntegration {

    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.nonBlockingThreadPredicate(current -> current.or(t -> t.getName().startsWith("non-blocking-")));
    }
}
