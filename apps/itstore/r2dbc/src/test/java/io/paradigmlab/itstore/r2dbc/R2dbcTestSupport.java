package io.paradigmlab.itstore.r2dbc;

import io.paradigmlab.itstore.jdbc.ItStoreTestDatabase;
import io.paradigmlab.itstore.schema.ItStoreSchema;
import io.r2dbc.pool.ConnectionPool;
import reactor.blockhound.BlockHound;
import reactor.netty.resources.LoopResources;

/** BlockHound for these tests, and a pool on the test database. */
final class R2dbcTestSupport {

    private static boolean installed;

    private R2dbcTestSupport() {
    }

    /**
     * Installs BlockHound once per JVM: from then on a blocking call on a non-blocking thread (the driver's event
     * loops, Reactor's {@code parallel()}) throws. Allowed, as Tweebyte's TweebyteBlockHound allows them: r2dbc-postgresql's
     * SCRAM login drawing a nonce from SecureRandom (once per new connection), Netty's buffer allocator's brief lock, and
     * the lock Reactor's {@code toStream}/{@code toIterable} takes for a few instructions on the producing thread to
     * wake the reading thread ({@code BlockingIterable.SubscriberIterator#signalConsumer}: the blocking view's stream;
     * the driver's event loop waits there only while the MVC thread holds the same lock to check for a row, never for
     * I/O). Without that allowance BlockHound's error, thrown inside the driver's {@code onNext}, is lost and the
     * reading thread waits forever.
     */
    static synchronized void installBlockHound() {
        if (!installed) {
            BlockHound.install(builder -> builder
                    .allowBlockingCallsInside("com.ongres.scram.common.ScramFunctions", "nonce")
                    .allowBlockingCallsInside("io.netty.buffer.AdaptivePoolingAllocator$MagazineGroup",
                            "tryExpandMagazines")
                    .allowBlockingCallsInside("reactor.core.publisher.BlockingIterable$SubscriberIterator",
                            "signalConsumer"));
            installed = true;
        }
    }

    static ConnectionPool pool(ItStoreTestDatabase db, R2dbcSettings settings, LoopResources loops) {
        return settings.connectionPool("localhost", db.port(), ItStoreSchema.DATABASE, ItStoreTestDatabase.user(),
                ItStoreTestDatabase.password(), loops);
    }
}
