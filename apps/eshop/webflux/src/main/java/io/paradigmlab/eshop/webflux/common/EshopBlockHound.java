package io.paradigmlab.eshop.webflux.common;

import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * BlockHound for the reactive e-shop services: each app's {@code main()} calls
 * {@code BlockHoundInstaller.installIfRequested("eshop.blockhound")} first. With {@code -Deshop.blockhound=true} (and the JVM flags {@code -XX:+EnableDynamicAgentLoading
 * -XX:+AllowRedefinitionToAddDeleteMethods}) a blocking call on a non-blocking thread (Reactor Netty's event loops,
 * the R2DBC drivers' loops, Reactor's {@code parallel()}, where the barcodes are drawn) throws
 * {@code BlockingOperationError}; the request fails with a 500 (or, once its answer has started, a closed connection)
 * and the error is logged. Never on in a measurement: it instruments the JDK and costs time on every check.
 *
 * <p>The allowances every application shares (the SCRAM login's nonce, Netty's allocator) are
 * {@code common-blockhound}'s; this integration adds the e-shop's own, and is registered beside it through
 * BlockHound's {@code ServiceLoader} SPI ({@code META-INF/services/reactor.blockhound.integration.BlockHoundIntegration}).
 */
public final class EshopBlockHound implements BlockHoundIntegration {

    /**
     * The e-shop's allowances, each a wait that is not the application's and no I/O of a request:
     *
     * <ul>
     *   <li>r2dbc-mariadb's login looks its authentication plugin up with {@code ServiceLoader} (reading the
     *       driver's jar) on the driver's event loop, once per new connection (all opened at start).</li>
     *   <li>{@code UUID.randomUUID()}, Order's number for a line sent without one ({@code EshopRequests.orderBatch},
     *       the same supplier in every variant): {@code SecureRandom} reads {@code /dev/urandom}, which never
     *       waits on Linux; a read of a kernel device, not of the network or a disk.</li>
     * </ul>
     */
    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.allowBlockingCallsInside("org.mariadb.r2dbc.authentication.AuthenticationFlowPluginLoader", "get")
                .allowBlockingCallsInside("java.util.UUID", "randomUUID");
    }
}
