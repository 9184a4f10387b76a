package io.paradigmlab.chatapp.server;

import io.paradigmlab.chatapp.domain.ChatException;
import io.paradigmlab.chatapp.domain.ErrorCode;
import io.paradigmlab.chatapp.domain.Limits;
import io.vertx.core.json.DecodeException;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses client frames into {@link Request}s, the same for every variant (Vert.x {@link JsonObject}, Jackson inside).
 *
 * <p>Rules: a frame that is not JSON, or JSON but not an object, is BAD_JSON. A missing or non-string {@code op} is
 * BAD_REQUEST; an unknown one UNKNOWN_OP. A missing required field, a field of the wrong JSON type (numbers must be
 * integers; JSON {@code null} counts as absent), a number out of range, both or neither of two exclusive fields are
 * BAD_REQUEST. Unknown fields are ignored. {@code ref}, when present, must be a string.
 */
public final class Requests {

    private Requests() {
    }

    /** The request in {@code frame}; throws {@link ChatException} BAD_JSON, UNKNOWN_OP or BAD_REQUEST. */
    public static Request parse(String frame) {
        JsonObject json = object(frame);
        String ref = optionalString(json, "ref");
        String op = optionalString(json, "op");
        if (op == null) {
            throw bad("op is missing");
        }
        return switch (op) {
            case "register" -> new Request.Register(ref, string(json, "nick"), string(json, "first"),
                    string(json, "last"), string(json, "password"));
            case "login" -> new Request.Login(ref, string(json, "nick"), string(json, "password"));
            case "update" -> new Request.Update(ref, optionalString(json, "first"), optionalString(json, "last"),
                    optionalString(json, "password"), json.getValue("nick") != null);
            case "send" -> send(ref, json);
            case "edit" -> edit(ref, json);
            case "pal" -> pal(ref, json);
            case "history" -> new Request.History(ref,
                    (int) range(json, "limit", 1, Limits.MAX_HISTORY, Limits.DEFAULT_HISTORY),
                    range(json, "afterId", 0, Long.MAX_VALUE, 0));
            case "stats" -> new Request.Stats(ref);
            case "quit" -> new Request.Quit(ref);
            default -> throw new ChatException(ErrorCode.UNKNOWN_OP, "unknown op: " + op);
        };
    }

    /**
     * The {@code ref} of a frame that failed to parse, for its {@code err} reply: the string {@code ref} of a JSON
     * object, else null. Only called on the error path (it parses the frame again).
     */
    public static String ref(String frame) {
        try {
            Object ref = new JsonObject(frame).getValue("ref");
            return ref instanceof String s ? s : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static Request send(String ref, JsonObject json) {
        String line = optionalString(json, "line");
        String content = optionalString(json, "content");
        if ((line == null) == (content == null)) {
            throw bad("send needs exactly one of line and content");
        }
        if (line != null) {
            if (json.getValue("kind") != null || json.getValue("to") != null || json.getValue("edit") != null) {
                throw bad("send with a line takes no kind, to or edit");
            }
            return new Request.Send(ref, line, null, null, null, null);
        }
        return new Request.Send(ref, null, optionalString(json, "kind"), strings(json, "to"),
                optionalString(json, "edit"), content);
    }

    private static Request edit(String ref, JsonObject json) {
        long id = integer(json, "id");
        String content = optionalString(json, "content");
        String append = optionalString(json, "append");
        if ((content == null) == (append == null)) {
            throw bad("edit needs exactly one of content and append");
        }
        return content != null ? new Request.Edit(ref, id, content, false) : new Request.Edit(ref, id, append, true);
    }

    private static Request pal(String ref, JsonObject json) {
        Long msgId = json.getValue("msgId") == null ? null : integer(json, "msgId");
        Long lineId = json.getValue("lineId") == null ? null : range(json, "lineId", 0, Integer.MAX_VALUE, 0);
        String text = optionalString(json, "text");
        int given = (msgId == null ? 0 : 1) + (lineId == null ? 0 : 1) + (text == null ? 0 : 1);
        if (given != 1) {
            throw bad("pal needs exactly one of msgId, lineId and text");
        }
        int k = (int) range(json, "k", Limits.MIN_PAL_K, Limits.MAX_PAL_K, 1);
        Object store = json.getValue("store");
        if (store != null && !(store instanceof Boolean)) {
            throw bad("store must be a boolean");
        }
        if (Boolean.TRUE.equals(store)) {
            throw bad("pal never writes: store must be false"); // spec 4.4: A.1 and B.1 expect zero writes
        }
        return new Request.Pal(ref, msgId, lineId == null ? null : lineId.intValue(), text, k);
    }

    private static JsonObject object(String frame) {
        Object value;
        try {
            value = io.vertx.core.json.Json.decodeValue(frame);
        } catch (DecodeException | IllegalArgumentException e) {
            throw new ChatException(ErrorCode.BAD_JSON, "not JSON");
        }
        if (value instanceof JsonObject o) {
            return o;
        }
        throw new ChatException(ErrorCode.BAD_JSON, "not a JSON object");
    }

    private static String string(JsonObject json, String field) {
        String value = optionalString(json, field);
        if (value == null) {
            throw bad(field + " is missing");
        }
        return value;
    }

    private static String optionalString(JsonObject json, String field) {
        Object value = json.getValue(field);
        if (value == null || value instanceof String) {
            return (String) value;
        }
        throw bad(field + " must be a string");
    }

    private static List<String> strings(JsonObject json, String field) {
        Object value = json.getValue(field);
        if (value == null) {
            return null;
        }
        if (!(value instanceof JsonArray array)) {
            throw bad(field + " must be an array of strings");
        }
        List<String> out = new ArrayList<>(array.size());
        for (int i = 0; i < array.size(); i++) {
            if (!(array.getValue(i) instanceof String s)) {
                throw bad(field + " must be an array of strings");
            }
            out.add(s);
        }
        return out;
    }

    private static long integer(JsonObject json, String field) {
        Object value = json.getValue(field);
        if (value == null) {
            throw bad(field + " is missing");
        }
        if (value instanceof Integer || value instanceof Long) {
            return ((Number) value).longValue();
        }
        throw bad(field + " must be an integer");
    }

    private static long range(JsonObject json, String field, long min, long max, long absent) {
        if (json.getValue(field) == null) {
            return absent;
        }
        long value = integer(json, field);
        if (value < min || value > max) {
            throw bad(field + " must be in " + min + ".." + max + ": " + value);
        }
        return value;
    }

    private static ChatException bad(String detail) {
        return new ChatException(ErrorCode.BAD_REQUEST, detail);
    }
}
