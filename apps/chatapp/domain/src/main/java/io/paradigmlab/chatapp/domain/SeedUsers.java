package io.paradigmlab.chatapp.domain;

/**
 * The seeded users (1-based): what the data generator writes and the load logs in with. Changing any of these
 * invalidates existing data sets.
 */
public final class SeedUsers {

    private SeedUsers() {
    }

    /** {@code user_<i>}. */
    public static String nick(int i) {
        return "user_" + requirePositive(i);
    }

    /** {@code Secret#<i>}: passes {@link PasswordRules}. */
    public static String password(int i) {
        return "Secret#" + requirePositive(i);
    }

    /** {@code First<i>}. */
    public static String first(int i) {
        return "First" + requirePositive(i);
    }

    /** {@code Last<i>}. */
    public static String last(int i) {
        return "Last" + requirePositive(i);
    }

    /** The {@code person.password} column of user {@code i}. */
    public static String passwordHash(int i) {
        return Passwords.sha256Hex(password(i));
    }

    private static int requirePositive(int i) {
        if (i < 1) {
            throw new IllegalArgumentException("seed users start at 1: " + i);
        }
        return i;
    }
}
