package io.paradigmlab.chatapp.server;

import io.vertx.core.AsyncResult;
import io.vertx.core.Context;
import io.vertx.core.Handler;
import io.vertx.core.Vertx;
import io.vertx.core.http.ServerWebSocket;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One WebSocket session with its serialized, asynchronous, bounded outbound queue (spec 4.2 "Outbound", W3). Any
 * thread may {@link #send} at any time; frames are written on the session's event loop in the order they were
 * enqueued (so FIFO per sender thread, hence per sender and recipient). {@link #send} never blocks. Called on the
 * session's own event loop with nothing queued, it writes at once instead of scheduling a task.
 *
 * <p>A frame is pending from {@link #send} until its write completes (Netty handed it to the kernel). When a session
 * would have more than {@code chatapp.outbound-queue} frames pending, the client is not reading fast enough: the
 * frame is dropped, the session is closed with 1008 and counted as a slow-consumer close. Frames enqueued by code
 * running on the session's own event loop are written only when that code returns, so a burst larger than the bound
 * from one handler invocation also trips it.
 */
public final class Connection {

    /** Close codes the shell and the engines use. */
    public static final short NORMAL = 1000;
    public static final short UNSUPPORTED = 1003;
    public static final short POLICY = 1008;
    public static final short TOO_BIG = 1009;
    /** The engine failed (its database is gone): not a protocol error, so no {@code err} frame. */
    public static final short INTERNAL_ERROR = 1011;

    private final long id;
    private final ServerWebSocket socket;
    private final Context context;
    private final ChatCounters counters;
    private final int maxPending;
    private final ConcurrentLinkedQueue<String> outbound = new ConcurrentLinkedQueue<>();
    private final AtomicInteger pending = new AtomicInteger();
    private final AtomicBoolean drainScheduled = new AtomicBoolean();
    private final Handler<AsyncResult<Void>> written = ar -> pending.decrementAndGet();
    private final Handler<Void> drain = v -> drain();
    private volatile boolean closed;

    Connection(long id, ServerWebSocket socket, Context context, ChatCounters counters, int maxPending) {
        this.id = id;
        this.socket = socket;
        this.context = context;
        this.counters = counters;
        this.maxPending = maxPending;
    }

    /** A number unique to this session within the process (1, 2, ...). */
    public long id() {
        return id;
    }

    /** The Vert.x context (event loop) the session's I/O runs on. */
    public Context context() {
        return context;
    }

    /**
     * Enqueues a text frame for this session and counts it (frames out, bytes out). Thread-safe and non-blocking.
     *
     * @return false when the session is closed, or was just closed as a slow consumer (the frame is dropped)
     */
    public boolean send(String json) {
        if (closed) {
            return false;
        }
        if (pending.incrementAndGet() > maxPending) {
            pending.decrementAndGet();
            slowConsumer();
            return false;
        }
        counters.frameOut(utf8Length(json));
        if (Vertx.currentContext() == context && !drainScheduled.get() && outbound.isEmpty()) {
            // on the session's own event loop with nothing queued before it: write at once, no task
            socket.writeTextMessage(json).onComplete(written);
            return true;
        }
        outbound.offer(json);
        if (drainScheduled.compareAndSet(false, true)) {
            context.runOnContext(drain);
        }
        return true;
    }

    // On the event loop: writes everything enqueued so far, in order.
    private void drain() {
        drainScheduled.set(false); // before polling: a frame offered from now on schedules another drain
        String frame;
        while ((frame = outbound.poll()) != null) {
            if (closed) {
                pending.decrementAndGet();
            } else {
                socket.writeTextMessage(frame).onComplete(written);
            }
        }
    }

    private void slowConsumer() {
        if (markClosed()) {
            counters.slowConsumerClose();
            closeSocket(POLICY, "slow consumer");
        }
    }

    /** Frames enqueued and not yet written to the socket. */
    public int pending() {
        return pending.get();
    }

    /** Whether the session is still open (false once a close was asked or happened). */
    public boolean isOpen() {
        return !closed;
    }

    /**
     * Closes the session with {@code code} once the frames enqueued so far are written (a {@code quit}: the replies
     * to the requests pipelined before it still go out). Any thread: the close is a task on the event loop queued
     * behind the writes already scheduled.
     */
    public void closeAfterPending(short code, String reason) {
        context.runOnContext(v -> close(code, reason));
    }

    /** Closes the session with {@code code}; frames still queued are dropped. Any thread; idempotent. */
    public void close(short code, String reason) {
        if (markClosed()) {
            closeSocket(code, reason);
        }
    }

    private boolean markClosed() {
        synchronized (this) {
            if (closed) {
                return false;
            }
            closed = true;
            return true;
        }
    }

    private void closeSocket(short code, String reason) {
        execute(() -> {
            if (!socket.isClosed()) {
                socket.close(code, reason);
            }
        });
    }

    /**
     * Stops reading from the socket (TCP backpressure): frames already read are still delivered, then none until
     * {@link #resume()}. Takes effect at once on the event loop, else is run there.
     */
    public void pause() {
        execute(socket::pause);
    }

    /** Reads from the socket again after {@link #pause()}. Any thread (run on the event loop). */
    public void resume() {
        execute(socket::resume);
    }

    /** Runs {@code task} on this session's event loop: at once when already there, else as a task of its own. */
    public void execute(Runnable task) {
        if (Vertx.currentContext() == context) {
            task.run();
        } else {
            context.runOnContext(v -> task.run());
        }
    }

    // The session ended (close handler): later sends are refused.
    void closed() {
        closed = true;
    }

    /** UTF-8 length of {@code s} without encoding it (bytes out). */
    static int utf8Length(String s) {
        int n = s.length();
        int bytes = n;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                if (c < 0x800) {
                    bytes += 1;
                } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    bytes += 2; // a pair: 4 bytes for 2 chars
                    i++;
                } else {
                    bytes += 2;
                }
            }
        }
        return bytes;
    }

    @Override
    public String toString() {
        return "Connection#" + id;
    }
}
