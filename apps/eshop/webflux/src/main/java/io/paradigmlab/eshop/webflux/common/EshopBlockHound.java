package io.paradigmlab.eshop.webflux.common;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.blockhound.BlockHound;

/**
 * BlockHound for the reactive e-shop services: each app's {@code main()} calls {@link #installIfRequested()} first.
 * With {@code -Deshop.blockhound=true} (and the JVM flags {@code -XX:+EnableDynamicAgentLoading
 * -XX:+AllowRedefinitionToAddDeleteMethods}) a blocking call on a non-blocking thread (Reactor Netty's event loops,
 * the R2DBC drivers' loops, Reactor's {@code parallel()}, where the barcodes are drawn) throws
 * {@code BlockingOperationError}; the request fails with a 500 (or, once its answer has started, a closed connection)
 * and the error is logged. Never on in a measurement: it instruments the JDK and costs time on every check. The same
 * approach as the IT store's {@code ItStoreBlockHound}.
 */
public final class EshopBlockHound {

    /** The system property that asks for BlockHound. */
    public static final String PROPERTY = "eshop.blockhound";

    private static final Logger log = LoggerFactory.getLogger(EshopBlockHound.class);
    private static boolean installed;

    private EshopBlockHound() {
    }

    /** Installs BlockHound when {@code -Deshop.blockhound=true}; otherwise does nothing. */
    public static void installIfRequested() {
        if (Boolean.getBoolean(PROPERTY)) {
            install();
            log.info("BlockHound installed: a blocking call on a non-blocking thread fails its request");
        }
    }

    /**
     * Installs BlockHound once per JVM with the services' allowances (also used by the tests). Each allowance is a
     * wait that is not the application's and no I/O of a request:
     *
     * <ul>
     *   <li>r2dbc-postgresql's SCRAM login draws a nonce from {@code SecureRandom} (a read of {@code /dev/urandom})
     *       on the driver's event loop, once per new connection (all opened at start); the driver offers no way to
     *       move it.</li>
     *   <li>r2dbc-mariadb's login looks its authentication plugin up with {@code ServiceLoader} (reading the
     *       driver's jar) on the driver's event loop, once per new connection (all opened at start).</li>
     *   <li>Netty 4.2's buffer allocator grows its set of magazines under a {@code StampedLock} held for a few
     *       instructions, no I/O; on a busy machine an event loop may park there for an instant.</li>
     *   <li>{@code UUID.randomUUID()}, Order's number for a line sent without one ({@code EshopRequests.orderBatch},
     *       the same supplier in every variant): {@code SecureRandom} reads {@code /dev/urandom}, which never
     *       waits on Linux; a read of a kernel device, not of the network or a disk.</li>
     * </ul>
     */
    public static synchronized void install() {
        if (installed) {
            return;
        }
        BlockHound.install(builder -> builder
                .allowBlockingCallsInside("com.ongres.scram.common.ScramFunctions", "nonce")
                .allowBlockingCallsInside("org.mariadb.r2dbc.authentication.AuthenticationFlowPluginLoader", "get")
                .allowBlockingCallsInside("io.netty.buffer.AdaptivePoolingAllocator$MagazineGroup",
                        "tryExpandMagazines")
                .allowBlockingCallsInside("java.util.UUID", "randomUUID"));
        installed = true;
    }
}
