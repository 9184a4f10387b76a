package io.paradigmlab.chatapp.domain;

/**
 * Password strength: 6 to 128 chars with at least one letter, one digit and one character that is neither (spec 5.2
 * S1: {@code abc12}, {@code abcdef1} and {@code abc!def} are weak).
 */
public final class PasswordRules {

    private PasswordRules() {
    }

    /** Whether {@code password} is strong enough (false for null). */
    public static boolean isStrong(String password) {
        if (password == null || password.length() < Limits.MIN_PASSWORD || password.length() > Limits.MAX_PASSWORD) {
            return false;
        }
        boolean letter = false;
        boolean digit = false;
        boolean other = false;
        for (int i = 0; i < password.length(); i++) {
            char c = password.charAt(i);
            if (Character.isLetter(c)) {
                letter = true;
            } else if (Character.isDigit(c)) {
                digit = true;
            } else {
                other = true;
            }
        }
        return letter && digit && other;
    }

    /** Throws WEAK_PASSWORD unless {@link #isStrong(String)}. */
    public static void require(String password) {
        if (!isStrong(password)) {
            throw new ChatException(ErrorCode.WEAK_PASSWORD,
                    "password needs 6..128 chars with a letter, a digit and another character");
        }
    }
}
