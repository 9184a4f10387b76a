package io.paradigmlab.tweebyte.security;

import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

/** BCrypt hashing of passwords. CPU-bound (tens of milliseconds at strength 10): each variant says where it runs it. */
public final class PasswordHasher {

    private final BCryptPasswordEncoder encoder;
    /** Compared against when no account has the email, so an unknown email costs the same as a wrong password. */
    private final String dummyHash;

    /** @param strength BCrypt log rounds (4..31); the same for every variant, it sets the cost of register and login */
    public PasswordHasher(int strength) {
        this.encoder = new BCryptPasswordEncoder(strength);
        this.dummyHash = encoder.encode("dummy-password-for-timing");
    }

    public String hash(String raw) {
        return encoder.encode(raw);
    }

    /** True when {@code storedHash} is the hash of {@code raw}; with a null hash it spends the same work and says false. */
    public boolean matches(String raw, String storedHash) {
        if (storedHash == null) {
            encoder.matches(raw, dummyHash);
            return false;
        }
        return encoder.matches(raw, storedHash);
    }
}
