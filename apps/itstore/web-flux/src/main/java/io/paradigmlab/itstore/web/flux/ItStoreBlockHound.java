package io.paradigmlab.itstore.web.flux;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.blockhound.BlockHound;

/**
 * BlockHound for the WebFlux cells: each cell's {@code main()} calls {@link #installIfRequested()} first. With
 * {@code -Ditstore.blockhound=true} (and the JVM flags {@code -XX:+EnableDynamicAgentLoading
 * -XX:+AllowRedefinitionToAddDeleteMethods}, which the lab adds) a blocking call on a non-blocking thread (Reactor
 * Netty's event loops, the R2DBC driver's loops, Reactor's {@code parallel()}) throws {@code BlockingOperationError};
 * the request fails with a 500 (or, once its answer has started, a closed connection) and the error is logged. The
 * point: {@code jdbc-webflux} with {@code --itstore.faithful=true} runs JDBC inline on the event loop (the original's
 * defect, spec A.7 #1), and BlockHound shows it on the first request. Never on in a measurement: it instruments the
 * JDK and costs time on every check.
 */
public final class ItStoreBlockHound {

    /** The system property that asks for BlockHound. */
    public static final String PROPERTY = "itstore.blockhound";

    private static final Logger log = LoggerFactory.getLogger(ItStoreBlockHound.class);
    private static boolean installed;

    private ItStoreBlockHound() {
    }

    /** Installs BlockHound when {@code -Ditstore.blockhound=true}; otherwise does nothing. */
    public static void installIfRequested() {
        if (Boolean.getBoolean(PROPERTY)) {
            install();
            log.info("BlockHound installed: a blocking call on a non-blocking thread fails its request");
        }
    }

    /**
     * Installs BlockHound once per JVM with the cells' allowances (also used by the tests). Each allowance is a wait
     * that is not the application's and is no I/O of a request:
     *
     * <ul>
     *   <li>r2dbc-postgresql's SCRAM login draws a nonce from {@code SecureRandom} (a read of {@code /dev/urandom})
     *       on the driver's event loop, once per new connection (all opened at start, {@code warmup}); the driver
     *       offers no way to move it. Not reached when the server trusts the connection, needed against a real
     *       server.</li>
     *   <li>Netty 4.2's buffer allocator grows its set of magazines under a {@code StampedLock} held for a few
     *       instructions, no I/O; when event loops contend (a busy 2-core machine) one of them parks there for an
     *       instant and BlockHound would fail the read or write that was allocating. Netty's own code, the same for
     *       every request.</li>
     * </ul>
     *
     * Tweebyte's Lettuce and Spring Data Redis allowances are not needed: the IT store has no Redis.
     */
    public static synchronized void install() {
        if (installed) {
            return;
        }
        BlockHound.install(builder -> builder
                .allowBlockingCallsInside("com.ongres.scram.common.ScramFunctions", "nonce")
                .allowBlockingCallsInside("io.netty.buffer.AdaptivePoolingAllocator$MagazineGroup",
                        "tryExpandMagazines"));
        installed = true;
    }
}
