package io.paradigmlab.chatapp.domain;

/**
 * The {@code code} of an {@code err} frame (spec 5.1). The wire form is the constant's name. An error never closes the
 * connection.
 */
public enum ErrorCode {
    /** The frame is not JSON, or not a JSON object. */
    BAD_JSON,
    /** The {@code op} is not one of the protocol's. */
    UNKNOWN_OP,
    /** A field is missing, mistyped or out of range (also U+0000, unpaired surrogates, too long text). */
    BAD_REQUEST,
    /** The op needs a login first. */
    NOT_AUTHENTICATED,
    /** {@code login} on a connection that is already logged in. */
    ALREADY_AUTHENTICATED,
    /** The nick is logged in on another connection. */
    ALREADY_ONLINE,
    /** {@code register} with a nick that exists. */
    NICK_TAKEN,
    /** A nick outside {@code [A-Za-z0-9_]{1,32}}. */
    BAD_NICK,
    /** A password that fails {@link PasswordRules}. */
    WEAK_PASSWORD,
    /** Unknown nick or wrong password (deliberately indistinguishable). */
    BAD_CREDENTIALS,
    /** {@code update} with a {@code nick} field. */
    NICK_IMMUTABLE,
    /** A line starting with {@code @}, {@code !} or {@code /} whose prefix does not parse. */
    BAD_PREFIX,
    /** A message with nothing after its prefix. */
    EMPTY_CONTENT,
    /** A unicast to a nick that is not registered. */
    UNKNOWN_RECIPIENT,
    /** A unicast to a registered nick that is not online. */
    RECIPIENT_OFFLINE,
    /** No message or line with that id. */
    NOT_FOUND,
    /** The message is final, or private and the editor is not its author. */
    EDIT_FORBIDDEN;

    /** The wire form, as sent in {@code err.code}. */
    public String wire() {
        return name();
    }
}
