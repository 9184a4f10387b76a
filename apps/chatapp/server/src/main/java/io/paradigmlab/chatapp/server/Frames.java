package io.paradigmlab.chatapp.server;

import io.paradigmlab.chatapp.domain.ChatException;
import io.paradigmlab.chatapp.domain.ErrorCode;
import io.vertx.core.json.JsonObject;
import java.time.Instant;
import java.time.OffsetDateTime;

/**
 * Every server frame (spec 5.1), as compact JSON text with a fixed field order, the same bytes in every variant.
 * {@code ref} is left out when null. Timestamps ({@code ts}) are epoch microseconds.
 */
public final class Frames {

    private Frames() {
    }

    /** {@code {"type":"ok","ref":R}}: register, update. */
    public static String ok(String ref) {
        return start("ok", ref).encode();
    }

    /** {@code {"type":"ok","ref":R,"you":{"id":N,"nick":"a"}}}: login. */
    public static String okLogin(String ref, long id, String nick) {
        return start("ok", ref).put("you", new JsonObject().put("id", id).put("nick", nick)).encode();
    }

    /** {@code {"type":"ack","ref":R,"id":ID,"n":N}}: send, committed and enqueued to N recipients. */
    public static String ack(String ref, long id, int n) {
        return start("ack", ref).put("id", id).put("n", n).encode();
    }

    /** {@code {"type":"ack","ref":R,"id":ID,"version":V,"n":N}}: edit. */
    public static String ackEdit(String ref, long id, int version, int n) {
        return start("ack", ref).put("id", id).put("version", version).put("n", n).encode();
    }

    /** {@code {"type":"result","ref":R,"count":C,"any":C>0}}: pal. */
    public static String result(String ref, int count) {
        return start("result", ref).put("count", count).put("any", count > 0).encode();
    }

    /**
     * {@code {"type":"msg","ref":R,"id","from","kind","edit","content","ver","ts"}}: a delivery ({@code ref} null) or
     * a history row ({@code ref} of the history request). {@code kind} and {@code edit} in their wire form.
     */
    public static String msg(String ref, long id, String from, String kind, String edit, String content, int ver,
            long ts) {
        return start("msg", ref).put("id", id).put("from", from).put("kind", kind).put("edit", edit)
                .put("content", content).put("ver", ver).put("ts", ts).encode();
    }

    /** {@code {"type":"edited","id","by","content","ver","ts"}}: an edit's delivery. */
    public static String edited(long id, String by, String content, int ver, long ts) {
        return start("edited", null).put("id", id).put("by", by).put("content", content).put("ver", ver)
                .put("ts", ts).encode();
    }

    /** {@code {"type":"end","ref":R,"count":n}}: after the history rows. */
    public static String end(String ref, int count) {
        return start("end", ref).put("count", count).encode();
    }

    /** {@code {"type":"stats","ref":R,"in":..,"out":..,...,"sessions":..}}: the server-wide counters. */
    public static String stats(String ref, ChatCounters.Stats s) {
        return start("stats", ref).put("in", s.in()).put("out", s.out()).put("delivered", s.delivered())
                .put("bytesOut", s.bytesOut()).put("pal", s.pal()).put("palCount", s.palCount())
                .put("edits", s.edits()).put("sends", s.sends()).put("logins", s.logins()).put("errors", s.errors())
                .put("sessions", s.sessions()).encode();
    }

    /** {@code {"type":"err","ref":R,"code":C,"detail":D}}. */
    public static String err(String ref, ErrorCode code, String detail) {
        return start("err", ref).put("code", code.wire()).put("detail", detail == null ? "" : detail).encode();
    }

    /** The {@code err} frame of {@code e}. */
    public static String err(String ref, ChatException e) {
        return err(ref, e.code(), e.detail());
    }

    /** Now, in epoch microseconds (the {@code ts} of a delivery, taken when it is enqueued). */
    public static long nowMicros() {
        return micros(Instant.now());
    }

    /** {@code t} in epoch microseconds. */
    public static long micros(Instant t) {
        return t.getEpochSecond() * 1_000_000L + t.getNano() / 1_000;
    }

    /** {@code t} in epoch microseconds (a {@code timestamptz} column). */
    public static long micros(OffsetDateTime t) {
        return micros(t.toInstant());
    }

    private static JsonObject start(String type, String ref) {
        JsonObject o = new JsonObject().put("type", type);
        return ref == null ? o : o.put("ref", ref);
    }
}
