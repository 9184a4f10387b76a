package io.paradigmlab.tweebyte.domain.text;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The edge rule on query strings, the same in every variant: a parameter without a name ({@code ?=x}), a broken
 * percent escape ({@code %zz}) or bytes that are not UTF-8 make the whole request a 400 "Malformed request".
 * Tomcat refuses such a query itself, but only when the application first reads a parameter (and then as a 500);
 * WebFlux ignores or decodes it leniently. Checking the raw query before anything else gives one answer everywhere.
 */
public final class QueryStrings {

    private QueryStrings() {
    }

    /** Whether the raw (still encoded) query string breaks the rule; null or empty is fine. */
    public static boolean isMalformed(String rawQuery) {
        if (rawQuery == null || rawQuery.isEmpty()) {
            return false;
        }
        for (String chunk : rawQuery.split("&", -1)) {
            if (chunk.isEmpty()) {
                continue;
            }
            int equals = chunk.indexOf('=');
            if (equals == 0 || !decodes(chunk)) {
                return true;
            }
        }
        return false;
    }

    private static boolean decodes(String chunk) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(chunk.length());
        int i = 0;
        while (i < chunk.length()) {
            int c = chunk.codePointAt(i);
            if (c == '%') {
                if (i + 2 >= chunk.length()) {
                    return false;
                }
                int high = Character.digit(chunk.charAt(i + 1), 16);
                int low = Character.digit(chunk.charAt(i + 2), 16);
                if (high < 0 || low < 0) {
                    return false;
                }
                bytes.write(high * 16 + low);
                i += 3;
            } else {
                byte[] raw = Character.toString(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(raw, 0, raw.length);
                i += Character.charCount(c);
            }
        }
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray()));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}
