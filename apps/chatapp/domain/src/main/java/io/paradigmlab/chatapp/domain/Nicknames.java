package io.paradigmlab.chatapp.domain;

import java.util.regex.Pattern;

/** Nicknames: {@code [A-Za-z0-9_]{1,32}} (spec 5.1), case-sensitive. */
public final class Nicknames {

    /** The whole nickname must match. */
    public static final Pattern VALID = Pattern.compile("[A-Za-z0-9_]{1,32}");

    private Nicknames() {
    }

    /** Whether {@code nick} is a valid nickname (false for null). Allocation-free, unlike the pattern. */
    public static boolean isValid(String nick) {
        if (nick == null || nick.isEmpty() || nick.length() > Limits.MAX_NICK) {
            return false;
        }
        for (int i = 0; i < nick.length(); i++) {
            char c = nick.charAt(i);
            boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /** Throws BAD_NICK unless {@code nick} is valid. */
    public static void require(String nick) {
        if (!isValid(nick)) {
            throw new ChatException(ErrorCode.BAD_NICK, "nick must match [A-Za-z0-9_]{1,32}");
        }
    }
}
