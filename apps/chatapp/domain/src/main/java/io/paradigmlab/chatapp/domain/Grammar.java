package io.paradigmlab.chatapp.domain;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The thesis's message grammar (spec 1.4), with the gaps filled:
 *
 * <pre>
 * line      := [prefix ':'] message
 * prefix    := [type] ['/' edit_type]          (at least one of the two)
 * type      := '@' nick | '!' nick (',' nick)*
 * edit_type := 'private' | 'public' | 'final'
 * </pre>
 *
 * A line is prefixed only if it starts with {@code @}, {@code !} or {@code /}: any other line is a final broadcast of
 * the whole line, colons included ({@code time: 10:30}). A prefixed line must have a {@code ':'}, and the prefix before
 * the first one must parse (valid nicks, a known edit type, no spaces), else BAD_PREFIX; nothing after the colon gives
 * EMPTY_CONTENT. Repeated blockcast nicks count once. The content is then checked by {@link TextRules}.
 */
public final class Grammar {

    private Grammar() {
    }

    /** Parses a {@code send.line}; throws BAD_REQUEST (null, bad text), BAD_PREFIX or EMPTY_CONTENT. */
    public static Outgoing parse(String line) {
        if (line == null) {
            throw new ChatException(ErrorCode.BAD_REQUEST, "line is missing");
        }
        if (!startsPrefix(line)) {
            Outgoing.checkContent(line);
            return new Outgoing(Kind.BROADCAST, List.of(), EditType.FINAL, line);
        }
        int colon = line.indexOf(':');
        if (colon < 0) {
            throw new ChatException(ErrorCode.BAD_PREFIX, "a prefix must end with ':'");
        }
        String prefix = line.substring(0, colon);
        int slash = prefix.indexOf('/');
        String type = slash < 0 ? prefix : prefix.substring(0, slash);
        EditType edit = slash < 0 ? EditType.FINAL : editType(prefix.substring(slash + 1));
        Kind kind;
        List<String> targets;
        if (type.isEmpty()) {
            kind = Kind.BROADCAST;
            targets = List.of();
        } else if (type.charAt(0) == '@') {
            kind = Kind.UNICAST;
            targets = List.of(nick(type.substring(1)));
        } else { // '!': the only other way a non-empty type can start
            kind = Kind.BLOCKCAST;
            targets = nicks(type.substring(1));
        }
        String content = line.substring(colon + 1);
        Outgoing.checkContent(content);
        return new Outgoing(kind, targets, edit, content);
    }

    /** Whether a line starting like {@code text} is read as prefixed. */
    static boolean startsPrefix(String text) {
        if (text.isEmpty()) {
            return false;
        }
        char c = text.charAt(0);
        return c == '@' || c == '!' || c == '/';
    }

    private static EditType editType(String token) {
        return switch (token) {
            case "final" -> EditType.FINAL;
            case "private" -> EditType.PRIVATE;
            case "public" -> EditType.PUBLIC;
            default -> throw new ChatException(ErrorCode.BAD_PREFIX, "unknown edit type: /" + token);
        };
    }

    private static String nick(String token) {
        if (!Nicknames.isValid(token)) {
            throw new ChatException(ErrorCode.BAD_PREFIX, "not a valid nick in the prefix: '" + token + "'");
        }
        return token;
    }

    private static List<String> nicks(String list) {
        LinkedHashSet<String> distinct = new LinkedHashSet<>();
        int start = 0;
        while (true) {
            int comma = list.indexOf(',', start);
            distinct.add(nick(comma < 0 ? list.substring(start) : list.substring(start, comma)));
            if (comma < 0) {
                return new ArrayList<>(distinct);
            }
            start = comma + 1;
        }
    }
}
