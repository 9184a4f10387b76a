package io.paradigmlab.chatapp.load;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.gatling.http.action.ws.WsInboundMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * One virtual user's view of its connection: the request it awaits, the frames it received, and what the scenario
 * needs from them. Kept in the Gatling session under {@link #KEY}; mutable, and touched only from the user's own
 * event loop (Gatling runs a user's actions and its WebSocket on one Netty event loop), so it needs no locks. What
 * all users share goes to {@link LoadMetrics}.
 *
 * <p>Every text frame the user receives passes through {@link #onFrame} exactly once: either while the user awaits a
 * reply (the reply check's match condition sees every frame, see {@link ChatSimulation#request}), or from Gatling's
 * buffer of frames that arrived while no check was pending ({@link #drain}).
 */
final class ChatUser {

    static final String KEY = "chat";
    static final ObjectMapper JSON = new ObjectMapper();

    /** A hook for scenario checks on each delivery ({@code msg} or {@code edited} frame). */
    interface DeliveryObserver {
        void onDelivery(ChatUser user, String type, JsonNode frame);
    }

    final int index;
    final String nick;
    final String password;
    private final String senderNick;
    private final Duration replyTimeout;
    private final Duration waitTimeout;
    private final int pollMillis;
    private final DeliveryObserver observer;

    private boolean connected;
    private boolean dead;
    private int seq;
    private String pendingRef;
    private String pendingOp;
    private long pendingStartNanos;
    private JsonNode reply;

    long deliveries;
    long msgs;
    long edited;
    /** The first {@code msg} ids from the designated sender (user 1), by kind; -1 until received. */
    long senderBroadcast = -1;
    long senderUnicast = -1;
    /** A message id the scenario works on (A.2's shared message, B.2's broadcast). */
    long target = -1;
    /** B.2: the palindrome count of the user's own line, appended to the broadcast. */
    int count = -1;
    /** C: the ids of this user's sends by op index (edits refer to them). */
    long[] sentIds = new long[0];

    private long lastArrivalMicros;
    private long workEndMicros = Long.MIN_VALUE;
    private long waitStartNanos;
    private long pollDelay;
    private long progressMark;

    ChatUser(int index, String nick, String password, String senderNick, LoadParams params,
             DeliveryObserver observer) {
        this.index = index;
        this.nick = nick;
        this.password = password;
        this.senderNick = senderNick;
        this.replyTimeout = params.replyTimeout();
        this.waitTimeout = params.waitTimeout();
        this.pollMillis = params.pollMillis();
        this.observer = observer;
    }

    static long nowMicros() {
        Instant t = Instant.now();
        return t.getEpochSecond() * 1_000_000L + t.getNano() / 1_000;
    }

    // ---- connection

    void connected(boolean ok) {
        connected = ok;
        if (!ok) {
            kill("the WebSocket connection failed");
        }
    }

    boolean connected() {
        return connected;
    }

    /** Whether the user can still talk to the server (connected, and no request went unanswered at once). */
    boolean alive() {
        return connected && !dead;
    }

    void closed() {
        connected = false;
    }

    /** Stops the user without a problem of its own (the cause was already recorded). */
    void stop() {
        dead = true;
        LoadMetrics.ABORTED.set(true);
    }

    void kill(String why) {
        if (!dead) {
            stop();
            LoadMetrics.problem(nick + ": " + why);
        }
    }

    // ---- requests

    /** Starts a request: gives it a ref, counts it and stamps its start; returns the frame's text. */
    String begin(String op, ObjectNode frame) {
        String ref = "r" + (++seq);
        frame.put("ref", ref);
        String text;
        try {
            text = JSON.writeValueAsString(frame);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        pendingRef = ref;
        pendingOp = op;
        reply = null;
        LoadMetrics.REQUESTS.increment();
        pendingStartNanos = System.nanoTime();
        return text;
    }

    /**
     * Ends a request after Gatling's await: a request whose reply did not come in time is an error. A request that
     * failed long before its timeout means the socket is gone, so the user stops.
     *
     * @return the reply, or null
     */
    JsonNode finish() {
        if (pendingRef != null) {
            long waited = System.nanoTime() - pendingStartNanos;
            LoadMetrics.NO_REPLY.increment();
            LoadMetrics.problem(String.format(Locale.ROOT, "%s: no reply to %s %s after %.1f s", nick, pendingOp,
                    pendingRef, waited / 1e9));
            if (waited < replyTimeout.toNanos() / 2) {
                stop();
            }
            pendingRef = null;
            reply = null;
        }
        return reply;
    }

    /** The last request's reply if it has type {@code type}; else null, and an {@code err} becomes a problem. */
    JsonNode reply(String type) {
        if (reply == null) {
            return null;
        }
        String got = reply.path("type").asText();
        if (got.equals(type)) {
            return reply;
        }
        LoadMetrics.problem(nick + ": " + pendingOp + " " + reply.path("ref").asText() + " answered " + got
                + (got.equals("err") ? " " + reply.path("code").asText() + " (" + reply.path("detail").asText() + ")"
                : ""));
        return null;
    }

    // ---- frames

    /** Called by the reply check's match condition for every frame that arrives while a reply is awaited. */
    boolean onFrame(String text) {
        return onFrame(text, nowMicros(), System.nanoTime());
    }

    /** Frames Gatling buffered while the user awaited nothing; stamped by Gatling in whole epoch ms. */
    void drain(List<WsInboundMessage> messages) {
        for (WsInboundMessage m : messages) {
            if (m instanceof WsInboundMessage.Text text) {
                // no nanoTime for these: they can only be deliveries or late replies, which need none
                onFrame(text.message(), text.timestamp() * 1_000L, Long.MIN_VALUE);
            } else {
                LoadMetrics.problem(nick + ": a binary frame");
            }
        }
    }

    /**
     * Classifies one frame: the awaited reply (returns true), a delivery (counted and timed), or a late or stray
     * reply.
     */
    boolean onFrame(String text, long arrivalMicros, long arrivalNanos) {
        JsonNode frame;
        try {
            frame = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            LoadMetrics.problem(nick + ": a frame that is not JSON: " + abbreviate(text));
            return false;
        }
        String type = frame.path("type").asText();
        JsonNode ref = frame.get("ref");
        if (ref == null) {
            if (type.equals("msg") || type.equals("edited")) {
                delivery(type, frame, arrivalMicros);
            } else {
                LoadMetrics.problem(nick + ": an unexpected frame " + abbreviate(text));
            }
            return false;
        }
        if (pendingRef != null && pendingRef.equals(ref.asText())) {
            replied(type, frame, arrivalMicros, arrivalNanos);
            return true;
        }
        LoadMetrics.LATE_REPLIES.increment();
        return false;
    }

    private void replied(String type, JsonNode frame, long arrivalMicros, long arrivalNanos) {
        if (arrivalNanos != Long.MIN_VALUE) {
            LoadMetrics.ACK.recordValue(Math.max(0, arrivalNanos - pendingStartNanos));
        }
        LoadMetrics.REPLIES.increment();
        workEndMicros = Math.max(workEndMicros, arrivalMicros);
        switch (type) {
            case "err" -> LoadMetrics.ERR_FRAMES.increment();
            case "ok" -> {
                if (pendingOp.equals("login")) {
                    LoadMetrics.LOGINS.increment();
                }
            }
            case "ack" -> {
                if (pendingOp.equals("send")) {
                    LoadMetrics.SENDS.increment();
                } else if (pendingOp.equals("edit")) {
                    LoadMetrics.EDITS.increment();
                }
            }
            case "result" -> {
                LoadMetrics.PAL_RESULTS.increment();
                LoadMetrics.PAL_COUNT.add(frame.path("count").asLong());
            }
            default -> {
            }
        }
        reply = frame;
        pendingRef = null;
    }

    private void delivery(String type, JsonNode frame, long arrivalMicros) {
        deliveries++;
        LoadMetrics.DELIVERIES.increment();
        if (type.equals("msg")) {
            msgs++;
            LoadMetrics.MSGS.increment();
            if (frame.path("from").asText().equals(senderNick)) {
                long id = frame.path("id").asLong(-1);
                switch (frame.path("kind").asText()) {
                    case "broadcast" -> senderBroadcast = senderBroadcast < 0 ? id : senderBroadcast;
                    case "unicast" -> senderUnicast = senderUnicast < 0 ? id : senderUnicast;
                    default -> {
                    }
                }
            }
        } else {
            edited++;
            LoadMetrics.EDITED.increment();
        }
        long ts = frame.path("ts").asLong(-1);
        if (ts > 0) {
            long micros = arrivalMicros - ts;
            if (micros < 0) {
                LoadMetrics.CLAMPED.increment();
                micros = 0;
            }
            LoadMetrics.DELIVERY.recordValue(micros * 1_000L);
        } else {
            LoadMetrics.problem(nick + ": a " + type + " frame without ts");
        }
        lastArrivalMicros = Math.max(lastArrivalMicros, arrivalMicros);
        if (observer != null) {
            observer.onDelivery(this, type, frame);
        }
    }

    // ---- waiting for deliveries

    void startWait() {
        waitStartNanos = System.nanoTime();
        pollDelay = 1;
        progressMark = deliveries;
    }

    /**
     * Whether to wait on: not done yet, still connected, within the wait timeout, and no user of the run has stopped
     * (in a fixed-work experiment the frames a stopped user would have caused can never come, so every wait ends).
     */
    boolean keepWaiting(Predicate<ChatUser> done) {
        return !done.test(this) && connected && !dead && !LoadMetrics.ABORTED.get()
                && System.nanoTime() - waitStartNanos < waitTimeout.toNanos();
    }

    /**
     * The pause before the next drain. Adaptive (a wait the user acts upon): 1 ms after progress, doubling while
     * nothing comes, at most {@code pollMillis}. Otherwise always {@code pollMillis}.
     */
    Duration nextPoll(boolean adaptive) {
        if (!adaptive) {
            return Duration.ofMillis(pollMillis);
        }
        if (deliveries != progressMark) {
            progressMark = deliveries;
            pollDelay = 1;
        } else {
            pollDelay = Math.min(pollMillis, pollDelay * 2);
        }
        return Duration.ofMillis(pollDelay);
    }

    /**
     * Ends a wait: a wait that was not satisfied is a problem. A satisfied wait that ends the user's work stamps its
     * end with the arrival of the frame that completed it, so the polling delay is not part of the makespan.
     */
    void endWait(String what, Predicate<ChatUser> done, boolean endsWork) {
        if (done.test(this)) {
            if (endsWork && lastArrivalMicros > 0) {
                workEndMicros = Math.max(workEndMicros, lastArrivalMicros);
            }
        } else if (connected && !dead) {
            kill(String.format(Locale.ROOT, "gave up waiting for %s after %.1f s (received %d msg, %d edited)%s",
                    what, (System.nanoTime() - waitStartNanos) / 1e9, msgs, edited,
                    LoadMetrics.ABORTED.get() ? ": another user had stopped" : ""));
        } else {
            LoadMetrics.problem(nick + ": did not wait for " + what + " (stopped before)");
        }
    }

    long workEndMicros() {
        return workEndMicros;
    }

    private static String abbreviate(String text) {
        return text.length() <= 120 ? text : text.substring(0, 120) + "...";
    }
}
