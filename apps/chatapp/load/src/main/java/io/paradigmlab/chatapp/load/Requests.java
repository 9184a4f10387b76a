package io.paradigmlab.chatapp.load;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** The client frames of the protocol (spec 5.1) the experiments send; {@link ChatUser#begin} adds the ref. */
final class Requests {

    private Requests() {
    }

    private static ObjectNode op(String op) {
        return ChatUser.JSON.createObjectNode().put("op", op);
    }

    static ObjectNode login(String nick, String password) {
        return op("login").put("nick", nick).put("password", password);
    }

    /** A send in the thesis grammar ({@code [[type][edit_type]:]<message>}). */
    static ObjectNode sendLine(String line) {
        return op("send").put("line", line);
    }

    /** A structured send: kind {@code broadcast|unicast|blockcast}, edit type {@code final|private|public}. */
    static ObjectNode send(String kind, List<String> to, String edit, String content) {
        ObjectNode frame = op("send").put("kind", kind);
        var targets = frame.putArray("to");
        to.forEach(targets::add);
        return frame.put("edit", edit).put("content", content);
    }

    static ObjectNode editContent(long id, String content) {
        return op("edit").put("id", id).put("content", content);
    }

    static ObjectNode editAppend(long id, String append) {
        return op("edit").put("id", id).put("append", append);
    }

    static ObjectNode palMessage(long msgId, int k) {
        return op("pal").put("msgId", msgId).put("k", k);
    }

    static ObjectNode palLine(int lineId, int k) {
        return op("pal").put("lineId", lineId).put("k", k);
    }
}
