package io.paradigmlab.chatapp.domain;

/** How a message picks its recipients (spec 1.4): everyone, one user, or everyone except a list. */
public enum Kind {
    /** No prefix: every online user but the sender. */
    BROADCAST,
    /** {@code @nick}: that one user, if online. */
    UNICAST,
    /** {@code !a,b}: every online user except the sender and the listed ones. */
    BLOCKCAST;

    private final String wire = name().toLowerCase(java.util.Locale.ROOT);

    /** The wire and database form: {@code broadcast}, {@code unicast}, {@code blockcast}. */
    public String wire() {
        return wire;
    }

    /** The kind whose {@link #wire()} is {@code value} (exactly, lower case); BAD_REQUEST otherwise (also for null). */
    public static Kind parse(String value) {
        if (value != null) {
            for (Kind k : values()) {
                if (k.wire.equals(value)) {
                    return k;
                }
            }
        }
        throw new ChatException(ErrorCode.BAD_REQUEST, "kind must be broadcast, unicast or blockcast: " + value);
    }
}
