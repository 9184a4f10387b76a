package io.paradigmlab.chatapp.domain;

/** Who may edit a message (spec 1.4): nobody (the default), its author only, or anyone. */
public enum EditType {
    /** Nobody: the default when no {@code /edit_type} is given. */
    FINAL,
    /** The author only. */
    PRIVATE,
    /** Any logged-in user. */
    PUBLIC;

    private final String wire = name().toLowerCase(java.util.Locale.ROOT);

    /** The wire and database form: {@code final}, {@code private}, {@code public}. */
    public String wire() {
        return wire;
    }

    /** The edit type whose {@link #wire()} is {@code value}; null gives {@link #FINAL}; anything else BAD_REQUEST. */
    public static EditType parse(String value) {
        if (value == null) {
            return FINAL;
        }
        for (EditType e : values()) {
            if (e.wire.equals(value)) {
                return e;
            }
        }
        throw new ChatException(ErrorCode.BAD_REQUEST, "edit must be final, private or public: " + value);
    }

    /** Whether {@code editor} may edit a message of this type written by {@code author} (the SQL's rule, in Java). */
    public boolean allows(String author, String editor) {
        return switch (this) {
            case FINAL -> false;
            case PRIVATE -> author.equals(editor);
            case PUBLIC -> true;
        };
    }
}
