package io.paradigmlab.chatapp.domain;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * A message to send, as parsed from a {@code send} frame: its kind, its targets (empty for a broadcast, exactly one
 * nick for a unicast, at least one distinct nick for a blockcast, in the order given), its edit type and its content
 * (never empty).
 */
public record Outgoing(Kind kind, List<String> targets, EditType edit, String content) {

    public Outgoing {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(edit, "edit");
        Objects.requireNonNull(content, "content");
        targets = List.copyOf(targets == null ? List.of() : targets);
        boolean shape = switch (kind) {
            case BROADCAST -> targets.isEmpty();
            case UNICAST -> targets.size() == 1;
            case BLOCKCAST -> !targets.isEmpty() && new LinkedHashSet<>(targets).size() == targets.size();
        };
        if (!shape) {
            throw new ChatException(ErrorCode.BAD_REQUEST, kind.wire() + " cannot have the targets " + targets);
        }
    }

    /**
     * The structured form of {@code send} ({@code kind}, {@code to}, {@code edit}, {@code content}), checked as the
     * line grammar checks: unknown kind or edit, a broadcast with targets, a unicast without exactly one target, an
     * empty blockcast list or an invalid nick in {@code to} give BAD_REQUEST; empty content gives EMPTY_CONTENT; then
     * {@link TextRules} on the content. {@code to} may be null (no targets); {@code edit} null means final; repeated
     * blockcast targets are kept once.
     */
    public static Outgoing structured(String kind, List<String> to, String edit, String content) {
        Kind k = Kind.parse(kind);
        EditType e = EditType.parse(edit);
        List<String> targets = new ArrayList<>();
        if (to != null) {
            LinkedHashSet<String> distinct = new LinkedHashSet<>();
            for (String nick : to) {
                if (!Nicknames.isValid(nick)) {
                    throw new ChatException(ErrorCode.BAD_REQUEST, "to holds an invalid nick: " + nick);
                }
                distinct.add(nick);
            }
            targets.addAll(distinct);
        }
        if (content == null) {
            throw new ChatException(ErrorCode.BAD_REQUEST, "content is missing");
        }
        Outgoing result = new Outgoing(k, targets, e, content);
        checkContent(content);
        return result;
    }

    /** The only target of a unicast. */
    public String target() {
        if (kind != Kind.UNICAST) {
            throw new IllegalStateException("not a unicast: " + kind);
        }
        return targets.getFirst();
    }

    /** This message in the thesis grammar; {@link Grammar#parse(String)} of it gives this message back. */
    public String line() {
        StringBuilder prefix = new StringBuilder();
        switch (kind) {
            case UNICAST -> prefix.append('@').append(targets.getFirst());
            case BLOCKCAST -> prefix.append('!').append(String.join(",", targets));
            case BROADCAST -> { }
        }
        if (edit != EditType.FINAL) {
            prefix.append('/').append(edit.wire());
        } else if (kind == Kind.BROADCAST && Grammar.startsPrefix(content)) {
            prefix.append("/final"); // else the content's own '@', '!' or '/' would be read as a prefix
        }
        return prefix.isEmpty() ? content : prefix.append(':').append(content).toString();
    }

    static void checkContent(String content) {
        if (content.isEmpty()) {
            throw new ChatException(ErrorCode.EMPTY_CONTENT, "the message is empty");
        }
        TextRules.requireText("content", content, Limits.MAX_CONTENT);
    }
}
