package io.paradigmlab.common.blockhound;

import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * The allowances every application's reactive variant needs, registered with BlockHound's own {@code ServiceLoader}
 * SPI ({@code META-INF/services/reactor.blockhound.integration.BlockHoundIntegration}): any {@code BlockHound.install}
 * in a JVM with this module on its class path applies them, beside the application's own integration (registered the
 * same way in the application's module, with its own documented allowances). Each allowance is a wait that is not the
 * application's and no I/O of a request:
 *
 * <ul>
 *   <li>PostgreSQL's SCRAM-SHA-256 login (the {@code com.ongres.scram} library, used by r2dbc-postgresql and the Vert.x
 *       PostgreSQL client) draws a nonce from {@code SecureRandom} (a read of {@code /dev/urandom}) on the driver's
 *       event loop, once per new pool connection, never per query; the drivers offer no way to move it. Not reached
 *       when the server trusts the connection, needed against a real server.</li>
 *   <li>Netty 4.2's buffer allocator grows its set of magazines under a {@code StampedLock} held for a few
 *       instructions, no I/O; when event loops contend (a busy 2-core machine, seen in Tweebyte's fault tests) one of
 *       them parks there for an instant and BlockHound would fail the read or write that was allocating. Netty's own
 *       code, the same for every request.</li>
 * </ul>
 */
public final class CommonAllowances implements BlockHoundIntegration {

    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.allowBlockingCallsInside("com.ongres.scram.common.ScramFunctions", "nonce")
                .allowBlockingCallsInside("io.netty.buffer.AdaptivePoolingAllocator$MagazineGroup",
                        "tryExpandMagazines");
    }
}
