package io.paradigmlab.chatapp.domain;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Password hashing as in the thesis: unsalted SHA-256 of the UTF-8 bytes, lower-case hex (64 chars, the
 * {@code person.password char(64)} column). Deliberately weak (spec W10): a slow KDF would turn login into a CPU
 * benchmark, while the thesis's login is I/O-bound.
 */
public final class Passwords {

    private static final HexFormat HEX = HexFormat.of();

    private Passwords() {
    }

    /** SHA-256 of {@code password} (UTF-8), 64 lower-case hex digits. */
    public static String sha256Hex(String password) {
        try {
            // a new digest per call: MessageDigest is not thread-safe and a ThreadLocal would cost one per virtual thread
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HEX.formatHex(digest.digest(password.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** Whether {@code password} hashes to {@code storedHex} (constant-time comparison of the hashes). */
    public static boolean matches(String password, String storedHex) {
        if (password == null || storedHex == null) {
            return false;
        }
        return MessageDigest.isEqual(sha256Hex(password).getBytes(StandardCharsets.US_ASCII),
                storedHex.strip().getBytes(StandardCharsets.US_ASCII));
    }
}
