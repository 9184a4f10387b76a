package io.paradigmlab.chatapp.server;

import java.util.Collection;

/** Fan-out of one {@code msg} or {@code edited} frame: the same in every variant. */
public final class Deliveries {

    private Deliveries() {
    }

    /**
     * Enqueues {@code frame} (built once) to each recipient that is still online, in the iteration order of
     * {@code recipients}, and counts the deliveries. Never blocks: {@link Connection#send} only enqueues.
     *
     * @return the number of recipients it was enqueued to (the {@code n} of the ack)
     */
    public static int deliver(OnlineUsers online, Collection<String> recipients, String frame, ChatCounters counters) {
        int n = 0;
        for (String nick : recipients) {
            Connection c = online.find(nick);
            if (c != null && c.send(frame)) {
                n++;
            }
        }
        counters.deliveries(n);
        return n;
    }
}
