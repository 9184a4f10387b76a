package io.paradigmlab.tweebyte.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/** RSA key pairs for RS256 tokens, in PEM files (PKCS#8 private, X.509 public). Never committed: made per environment. */
public final class KeyMaterial {

    private static final String PRIVATE = "PRIVATE KEY";
    private static final String PUBLIC = "PUBLIC KEY";

    private KeyMaterial() {
    }

    public static KeyPair generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("RSA is not available in this JDK", e);
        }
    }

    /** Writes both halves; the private key file is made readable by its owner only where the file system allows. */
    public static void write(KeyPair pair, Path privateKey, Path publicKey) {
        try {
            Files.createDirectories(privateKey.toAbsolutePath().getParent());
            Files.createDirectories(publicKey.toAbsolutePath().getParent());
            Files.writeString(privateKey, pem(PRIVATE, pair.getPrivate().getEncoded()));
            try {
                Files.setPosixFilePermissions(privateKey, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException ignored) {
                // not a POSIX file system
            }
            Files.writeString(publicKey, pem(PUBLIC, pair.getPublic().getEncoded()));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write key files " + privateKey + ", " + publicKey, e);
        }
    }

    public static RSAPrivateKey readPrivate(Path file) {
        try {
            return (RSAPrivateKey) KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der(file, PRIVATE)));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("Not an RSA private key in PKCS#8 PEM: " + file, e);
        }
    }

    public static RSAPublicKey readPublic(Path file) {
        try {
            return (RSAPublicKey) KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(der(file, PUBLIC)));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("Not an RSA public key in X.509 PEM: " + file, e);
        }
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }

    private static byte[] der(Path file, String type) {
        String text;
        try {
            text = Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read key file " + file, e);
        }
        String begin = "-----BEGIN " + type + "-----";
        String end = "-----END " + type + "-----";
        int from = text.indexOf(begin);
        int to = text.indexOf(end);
        if (from < 0 || to < from) {
            throw new IllegalArgumentException("No '" + begin + "' block in " + file);
        }
        return Base64.getMimeDecoder().decode(text.substring(from + begin.length(), to));
    }
}
