package io.paradigmlab.chatapp.server;

import io.paradigmlab.chatapp.domain.ChatException;
import io.paradigmlab.chatapp.domain.ErrorCode;
import io.paradigmlab.chatapp.domain.Grammar;
import io.paradigmlab.chatapp.domain.Kind;
import io.paradigmlab.chatapp.domain.Limits;
import io.paradigmlab.chatapp.domain.Nicknames;
import io.paradigmlab.chatapp.domain.Outgoing;
import io.paradigmlab.chatapp.domain.PasswordRules;
import io.paradigmlab.chatapp.domain.TextRules;
import java.util.List;

/**
 * A client frame, parsed by {@link Requests#parse}: the JSON shape is already checked (types, required fields,
 * exclusive fields, numeric ranges). The domain rules (nick syntax, password strength, text rules, grammar) are in
 * each record's {@code validate}/{@code outgoing} method, which the engine calls after the authentication check, so
 * every variant refuses the same frames with the same code in the same order. {@code ref} is null when absent.
 */
public sealed interface Request {

    /** The client's correlation id, echoed in the reply; null when the frame had none. */
    String ref();

    /** {@code register}: all four fields are strings. */
    record Register(String ref, String nick, String first, String last, String password) implements Request {

        /** BAD_NICK, then BAD_REQUEST for a name (U+0000, surrogates, over 64 chars), then WEAK_PASSWORD. */
        public void validate() {
            Nicknames.require(nick);
            TextRules.requireText("first", first, Limits.MAX_NAME);
            TextRules.requireText("last", last, Limits.MAX_NAME);
            PasswordRules.require(password);
        }
    }

    /** {@code login}. */
    record Login(String ref, String nick, String password) implements Request {

        /**
         * A nick that cannot exist gives BAD_CREDENTIALS without a query (as an unknown nick would, after one): no
         * variant sends such a nick to the database.
         */
        public void validate() {
            if (!Nicknames.isValid(nick)) {
                throw new ChatException(ErrorCode.BAD_CREDENTIALS, "unknown nick or wrong password");
            }
        }
    }

    /** {@code update}: each field null when absent; {@code nickGiven} when the frame had a {@code nick} field. */
    record Update(String ref, String first, String last, String password, boolean nickGiven) implements Request {

        /** NICK_IMMUTABLE, BAD_REQUEST (nothing to change, or a bad name), WEAK_PASSWORD. */
        public void validate() {
            if (nickGiven) {
                throw new ChatException(ErrorCode.NICK_IMMUTABLE, "the nick cannot be changed");
            }
            if (first == null && last == null && password == null) {
                throw new ChatException(ErrorCode.BAD_REQUEST, "update needs first, last or password");
            }
            if (first != null) {
                TextRules.requireText("first", first, Limits.MAX_NAME);
            }
            if (last != null) {
                TextRules.requireText("last", last, Limits.MAX_NAME);
            }
            if (password != null) {
                PasswordRules.require(password);
            }
        }
    }

    /**
     * {@code send}: either {@code line} (the thesis grammar; the other fields null) or the structured form
     * ({@code content} set; {@code kind} null means broadcast, {@code to} null none, {@code edit} null final).
     */
    record Send(String ref, String line, String kind, List<String> to, String edit, String content)
            implements Request {

        /**
         * The message (grammar or structured checks: BAD_PREFIX, EMPTY_CONTENT, BAD_REQUEST); a unicast to
         * {@code sender} itself is BAD_REQUEST.
         */
        public Outgoing outgoing(String sender) {
            Outgoing out = line != null
                    ? Grammar.parse(line)
                    : Outgoing.structured(kind == null ? Kind.BROADCAST.wire() : kind, to, edit, content);
            if (out.kind() == Kind.UNICAST && out.target().equals(sender)) {
                throw new ChatException(ErrorCode.BAD_REQUEST, "a unicast to yourself");
            }
            return out;
        }
    }

    /** {@code edit}: message {@code id} and {@code text}, which replaces the content or, if {@code append}, extends it. */
    record Edit(String ref, long id, String text, boolean append) implements Request {

        /** EMPTY_CONTENT for an empty text, BAD_REQUEST per the text rules. */
        public void validate() {
            if (text.isEmpty()) {
                throw new ChatException(ErrorCode.EMPTY_CONTENT, "the edit is empty");
            }
            TextRules.requireText(append ? "append" : "content", text, Limits.MAX_CONTENT);
        }
    }

    /** {@code pal}: exactly one of {@code msgId}, {@code lineId}, {@code text} is non-null; {@code k} in 1..1000. */
    record Pal(String ref, Long msgId, Integer lineId, String text, int k) implements Request {

        /** BAD_REQUEST per the text rules on {@code text}. */
        public void validate() {
            if (text != null) {
                TextRules.requireText("text", text, Limits.MAX_CONTENT);
            }
        }
    }

    /** {@code history}: {@code limit} in 1..1000 (default 100), {@code afterId} at least 0 (default 0). */
    record History(String ref, int limit, long afterId) implements Request {
    }

    /** {@code stats}: the server-wide counters. */
    record Stats(String ref) implements Request {
    }

    /** {@code quit}: the server closes with 1000. */
    record Quit(String ref) implements Request {
    }
}
