package io.paradigmlab.common.web.flux;

import reactor.netty.ReactorNetty;

/**
 * Reactor Netty's event loops, one per core. Its default is {@code max(cores, 4)}: four loops on a 2-core machine,
 * each a thread that wakes and sleeps apart from the others, while the paradigm's rule (and ADR 0004) is one loop per
 * core. Call from {@code main}, before the server or any client creates its loops.
 */
public final class NettyLoops {

    private NettyLoops() {
    }

    /**
     * Sets {@code reactor.netty.ioWorkerCount} to the available processors unless it is set already (a
     * {@code -Dreactor.netty.ioWorkerCount=N} on the command line wins): a knob that changes a measurement, so ADR 0004
     * names it.
     */
    public static void onePerCore() {
        if (System.getProperty(ReactorNetty.IO_WORKER_COUNT) == null) {
            System.setProperty(ReactorNetty.IO_WORKER_COUNT,
                    Integer.toString(Runtime.getRuntime().availableProcessors()));
        }
    }
}
