package io.paradigmlab.common.contract;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The pure scans behind the requests refused at the edge with 400, before any application code runs, the same in
 * every variant: Tomcat refuses them itself in the servlet variants ({@code common-web-mvc}'s
 * {@code TomcatErrorReports} words its answers, its {@code MalformedQueryFilter} refuses a query before anything reads
 * a parameter), {@code common-web-flux}'s {@code EdgeRulesFilter} refuses the same in the WebFlux variants. Scans of
 * the raw (undecoded) path and query only.
 */
public final class EdgeRefusals {

    private EdgeRefusals() {
    }

    /**
     * The word for a raw path refused at the edge, or null when it passes: {@code %00} is
     * {@link ErrorWords#nulInPath()}, an encoded slash or backslash ({@code %2F}, {@code %5C}, which Tomcat's default
     * {@code encodedSolidusHandling} and {@code encodedReverseSolidusHandling} reject)
     * {@link ErrorWords#malformedRequest()}.
     */
    public static String refusedPath(String rawPath, ErrorWords words) {
        if (rawPath == null || rawPath.indexOf('%') < 0) {
            return null;
        }
        if (containsEscape(rawPath, '0', '0')) {
            return words.nulInPath();
        }
        return containsEscape(rawPath, '2', 'f') || containsEscape(rawPath, '5', 'c') ? words.malformedRequest() : null;
    }

    /** Whether {@code raw} has the escape {@code %hl} (the letter in either case). */
    static boolean containsEscape(String raw, char high, char low) {
        for (int i = raw.indexOf('%'); i >= 0 && i + 2 < raw.length(); i = raw.indexOf('%', i + 1)) {
            if (raw.charAt(i + 1) == high && Character.toLowerCase(raw.charAt(i + 2)) == low) {
                return true;
            }
        }
        return false;
    }

    /** Whether every {@code %} of the raw query is followed by two hexadecimal digits. */
    public static boolean escapesAreWellFormed(String rawQuery) {
        for (int i = rawQuery.indexOf('%'); i >= 0; i = rawQuery.indexOf('%', i + 3)) {
            if (i + 2 >= rawQuery.length() || hex(rawQuery.charAt(i + 1)) < 0 || hex(rawQuery.charAt(i + 2)) < 0) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether every {@code %} of the raw query starts two hexadecimal digits and the bytes they stand for, with the
     * query's other characters, are UTF-8. Null, empty or plain ASCII without escapes: true at once.
     */
    public static boolean queryDecodes(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return true;
        }
        boolean plain = true;
        for (int i = 0; i < rawQuery.length() && plain; i++) {
            char c = rawQuery.charAt(i);
            plain = c != '%' && c < 0x80;
        }
        if (plain) {
            return true;
        }
        if (!escapesAreWellFormed(rawQuery)) {
            return false;
        }
        byte[] bytes = new byte[rawQuery.length()];
        int n = 0;
        for (int i = 0; i < rawQuery.length(); i++) {
            char c = rawQuery.charAt(i);
            if (c == '%') {
                bytes[n++] = (byte) (hex(rawQuery.charAt(i + 1)) * 16 + hex(rawQuery.charAt(i + 2)));
                i += 2;
            } else {
                // the request line is read as ISO-8859-1: a char is one byte of what the client sent
                bytes[n++] = (byte) c;
            }
        }
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, 0, n));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    // ASCII only: Character.digit would also take other scripts' digits
    private static int hex(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }
}
