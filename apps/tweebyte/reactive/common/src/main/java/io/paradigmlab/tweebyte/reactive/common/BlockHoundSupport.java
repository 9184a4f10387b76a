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
            // r2dbc-postgresql's SCRAM login draws a nonce from SecureRandom (a read of /dev/urandom) on the
            // driver's event loop. It happens once per new pool connection, not per query, and the driver offers
            // no way to move it.
            // Netty 4.2's buffer allocator grows its set of magazines under a StampedLock held for a few
            // instructions, no I/O; when event loops contend (a busy 2-core machine, seen in the fault tests) one
            // of them parks there for an instant, BlockHound failed the read or write that was allocating, and the
            // request answered 503. Netty's own code, the same for every request: not a blocking call of ours.
            // Spring Data Redis hands out its shared Lettuce connection under a lock (LettuceConnectionFactory
            // #doInLock), and Lettuce 6.8 writes every command under another (SharedLock#incrementWriters, a
            // ReentrantLock since Lettuce made it virtual-thread friendly; redis/lettuce#2510); two event loops
            // sending Redis commands at once make one park for the few instructions the other holds it. Seen as
            // failed feed fallbacks (every feed then reads Redis at once) in the fault tests. These lock waits are
            // allowed; opening the connection under the first (a real, network-bound wait) still is not.
            BlockHound.install(builder -> builder
                    .allowBlockingCallsInside("com.ongres.scram.common.ScramFunctions", "nonce")
                    .allowBlockingCallsInside("io.netty.buffer.AdaptivePoolingAllocator$MagazineGroup",
                            "tryExpandMagazines")
                    .allowBlockingCallsInside("org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory",
                            "doInLock")
                    .allowBlockingCallsInside("io.lettuce.core.protocol.SharedLock", "incrementWriters")
                    .allowBlockingCallsInside("io.lettuce.core.protocol.SharedLock", "doExclusive")
                    .disallowBlockingCallsInside(
                            "org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory$SharedConnection",
                            "getNativeConnection"));
            log.info("BlockHound installed: a blocking call on a non-blocking thread fails its request");
        }
    }
}
