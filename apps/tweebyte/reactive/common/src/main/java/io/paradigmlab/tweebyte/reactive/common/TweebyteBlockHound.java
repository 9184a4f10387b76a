package io.paradigmlab.tweebyte.reactive.common;

import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * BlockHound for the test suite: every reactive service's main() calls
 * {@code BlockHoundInstaller.installIfRequested("tweebyte.blockhound")} first ({@code -Dtweebyte.blockhound=true}). The
 * allowances every application shares (the SCRAM login's nonce, Netty's allocator) are {@code common-blockhound}'s;
 * this integration adds Tweebyte's own, and is registered beside it through BlockHound's {@code ServiceLoader} SPI
 * ({@code META-INF/services/reactor.blockhound.integration.BlockHoundIntegration}).
 */
public final class TweebyteBlockHound implements BlockHoundIntegration {

    /**
     * Spring Data Redis hands out its shared Lettuce connection under a lock (LettuceConnectionFactory#doInLock), and
     * Lettuce 6.8 writes every command under another (SharedLock#incrementWriters, a ReentrantLock since Lettuce made
     * it virtual-thread friendly; redis/lettuce#2510); two event loops sending Redis commands at once make one park for
     * the few instructions the other holds it. Seen as failed feed fallbacks (every feed then reads Redis at once) in
     * the fault tests. These lock waits are allowed; opening the connection under the first (a real, network-bound
     * wait) still is not.
     */
    @Override
    public void applyTo(BlockHound.Builder builder) {
        builder.allowBlockingCallsInside("org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory",
                        "doInLock")
                .allowBlockingCallsInside("io.lettuce.core.protocol.SharedLock", "incrementWriters")
                .allowBlockingCallsInside("io.lettuce.core.protocol.SharedLock", "doExclusive")
                .disallowBlockingCallsInside(
                        "org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory$SharedConnection",
                        "getNativeConnection");
    }
}
