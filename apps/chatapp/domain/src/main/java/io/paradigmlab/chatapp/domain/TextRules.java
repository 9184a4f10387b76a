package io.paradigmlab.chatapp.domain;

/**
 * Text fields the server stores or echoes: no U+0000 (PostgreSQL's {@code text} cannot hold it), no unpaired UTF-16
 * surrogate (not encodable as UTF-8, so it would fail in the driver or the frame encoder, each variant differently),
 * and a length bound in chars.
 */
public final class TextRules {

    private TextRules() {
    }

    /** Throws BAD_REQUEST if {@code value} is null, longer than {@code max} chars, or holds U+0000 or a lone surrogate. */
    public static void requireText(String field, String value, int max) {
        if (value == null) {
            throw new ChatException(ErrorCode.BAD_REQUEST, field + " is missing");
        }
        if (value.length() > max) {
            throw new ChatException(ErrorCode.BAD_REQUEST, field + " is longer than " + max + " chars");
        }
        int n = value.length();
        for (int i = 0; i < n; i++) {
            char c = value.charAt(i);
            if (c == '\u0000') {
                throw new ChatException(ErrorCode.BAD_REQUEST, field + " contains U+0000");
            }
            if (Character.isHighSurrogate(c)) {
                if (i + 1 < n && Character.isLowSurrogate(value.charAt(i + 1))) {
                    i++;
                    continue;
                }
                throw new ChatException(ErrorCode.BAD_REQUEST, field + " contains an unpaired surrogate");
            }
            if (Character.isLowSurrogate(c)) {
                throw new ChatException(ErrorCode.BAD_REQUEST, field + " contains an unpaired surrogate");
            }
        }
    }
}
