package io.paradigmlab.tweebyte.reactive.common;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.blockhound.BlockHound;

/** BlockHound for the test suite: every reactive service's main() calls {@link #installIfRequested()} first. */
public final class BlockHoundSupport {

    private static final Logger log = LoggerFactory.getLogger(BlockHoundSupport.class);

    private BlockHoundSupport() {
    }

    /** With {@code -Dtweebyte.blockhound=true} a blocking call on a non-blocking thread fails its request. */
    public static void installIfRequested() {
        if (Boolean.getBoolean("tweebyte.blockhound")) {
            // The one allowance: r2dbc-postgresql's SCRAM login draws a nonce from SecureRandom (a read of
            // /dev/urandom) on the driver's event loop. It happens once per new pool connection, not per query,
            // and the driver offers no way to move it.
            BlockHound.install(builder -> builder.allowBlockingCallsInside(
                    "com.ongres.scram.common.ScramFunctions", "nonce"));
            log.info("BlockHound installed: a blocking call on a non-blocking thread fails its request");
        }
    }
}
