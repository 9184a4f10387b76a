package io.paradigmlab.tweebyte.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.tweebyte.spec.Users.Account;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/** Test data and steps about tweets, in the contract's words. */
final class Tweets {

    private Tweets() {
    }

    /** A JSON object of the given field/value pairs (values may be null), written by the suite's own mapper. */
    static String json(Object... fieldsAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < fieldsAndValues.length; i += 2) {
            map.put((String) fieldsAndValues[i], fieldsAndValues[i + 1]);
        }
        return Response.JSON.writeValueAsString(map);
    }

    static String content(String content) {
        return json("content", content);
    }

    /** Text of exactly {@code length} characters that starts with {@code start} and carries no tag or mention. */
    static String text(String start, int length) {
        StringBuilder b = new StringBuilder(start);
        while (b.length() < length) {
            b.append('x');
        }
        return b.substring(0, length);
    }

    /** A hashtag text nobody else in this JVM uses: lower-case letters and digits. */
    static String uniqueTag(String prefix) {
        return Users.uniqueName(prefix).toLowerCase(java.util.Locale.ROOT);
    }

    static Response create(Http tweets, Account author, String content) {
        return tweets.postJson("/tweets/" + author.id(), content(content), author.token());
    }

    static UUID post(Http tweets, Account author, String content) {
        Response r = create(tweets, author, content);
        assertThat(r.status()).as("%s", r).isEqualTo(200);
        assertThat(r.json().propertyNames()).containsExactly("id");
        return UUID.fromString(r.json().get("id").asString());
    }
}
