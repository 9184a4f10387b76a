package io.paradigmlab.tweebyte.domain.text;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Extraction of {@code #hashtags} and {@code @mentions} from tweet text. */
public final class TextParsing {

    /** A tag starts at the beginning or after a character that cannot be part of a word or tag. */
    private static final Pattern HASHTAG = Pattern.compile("(?<![\\w#@])#(\\w{1,100})", Pattern.UNICODE_CHARACTER_CLASS);
    private static final Pattern MENTION = Pattern.compile("(?<![\\w#@])@([A-Za-z0-9_]{3,50})(?![A-Za-z0-9_])");

    private TextParsing() {
    }

    /** Hashtags in order of first appearance, once each, compared and returned in lower case. */
    public static List<String> hashtags(String text) {
        Map<String, Boolean> seen = new LinkedHashMap<>();
        Matcher m = HASHTAG.matcher(text);
        while (m.find()) {
            seen.putIfAbsent(m.group(1).toLowerCase(Locale.ROOT), Boolean.TRUE);
        }
        return List.copyOf(seen.keySet());
    }

    /** Mentioned user names in order of first appearance, once each (user names compare without case). */
    public static List<String> mentions(String text) {
        Map<String, String> seen = new LinkedHashMap<>();
        Matcher m = MENTION.matcher(text);
        while (m.find()) {
            seen.putIfAbsent(m.group(1).toLowerCase(Locale.ROOT), m.group(1));
        }
        return List.copyOf(seen.values());
    }
}
