package io.paradigmlab.tweebyte.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.launch.Variant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hc.core5.http.ContentType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import tools.jackson.databind.JsonNode;

/**
 * The same scripted request sequence, sent to each variant's own fresh database, must produce the same
 * responses: status, content type and body, once ids, timestamps and tokens are replaced by placeholders
 * (numbered in order of first appearance, so "the same id again" is still checked).
 */
@ExtendWith(TweebyteFixture.Resolver.class)
class ResponseEquivalenceIT {

    private static final Pattern UUID = Pattern.compile("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}");
    private static final Pattern JWT = Pattern.compile("eyJ[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+");
    private static final Pattern TIMESTAMP = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z");

    @Test
    void everyVariantAnswersTheScriptIdentically(TweebyteFixture fixture) {
        Map<Variant, List<String>> transcripts = new LinkedHashMap<>();
        for (Variant variant : Variant.values()) {
            transcripts.put(variant, run(new Http(fixture.deployment(variant).userUrl())));
        }
        List<String> reference = transcripts.get(Variant.VIRTUAL);
        assertThat(reference).hasSizeGreaterThan(20);
        for (var entry : transcripts.entrySet()) {
            List<String> actual = entry.getValue();
            for (int i = 0; i < reference.size(); i++) {
                assertThat(actual.get(i)).as("step %d on %s differs from virtual", i + 1, entry.getKey().id())
                        .isEqualTo(reference.get(i));
            }
            assertThat(actual).hasSameSizeAs(reference);
        }
    }

    /** The script: every endpoint, its successes and each error class, in one sequence. */
    private static List<String> run(Http http) {
        Transcript t = new Transcript();
        Map<String, String> alice = Users.form("eqv_alice");
        Map<String, String> bob = Users.with(Users.form("eqv_bob"), "isPrivate", "true");
        String aliceToken = token(t.record(http.postMultipart("/auth/register", alice, (String) null)));
        String bobToken = token(t.record(http.postMultipart("/auth/register", bob, (String) null)));
        String aliceId = Users.claims(aliceToken).get("user_id").asString();
        String bobId = Users.claims(bobToken).get("user_id").asString();

        t.record(http.postMultipart("/auth/register", alice, (String) null));
        t.record(http.postMultipart("/auth/register", Map.of("userName", "x", "email", "bad", "birthDate", "99/99/9999"),
                (String) null));
        t.record(http.postMultipart("/auth/register", Users.with(Users.form("eqv_long"), "biography", "b".repeat(501)),
                (String) null));
        t.record(http.postJson("/auth/register", "{}", null));
        t.record(http.postJson("/auth/login", "{\"email\":\"EQV_ALICE@example.com\",\"password\":\"correct-horse\"}", null));
        t.record(http.postJson("/auth/login", "{\"email\":\"eqv_alice@example.com\",\"password\":\"wrong-horse\"}", null));
        t.record(http.postJson("/auth/login", "{\"email\":", null));
        t.record(http.postJson("/auth/login", "{\"password\":\"\"}", null));
        t.record(http.get("/users/summary/" + aliceId, aliceToken));
        t.record(http.get("/users/summary/" + bobId, aliceToken));
        t.record(http.get("/users/summary/name/EQV_BOB", aliceToken));
        t.record(http.get("/users/summary/name/eqv_nobody", aliceToken));
        t.record(http.get("/users/summary/00000000-0000-4000-8000-000000000000", aliceToken));
        t.record(http.get("/users/summary/not-a-uuid", aliceToken));
        t.record(http.get("/users/summary/" + aliceId, null));
        t.record(http.get("/users/summary/" + aliceId, "not.a.token"));
        t.record(http.get("/users/search/eqv_", aliceToken));
        t.record(http.get("/users/search/" + "s".repeat(51), aliceToken));
        t.record(http.putMultipart("/users/" + aliceId, Map.of("biography", "Updated", "isPrivate", "true"), aliceToken));
        t.record(http.get("/users/summary/" + aliceId, aliceToken));
        t.record(http.putMultipart("/users/" + bobId, Map.of("biography", "Not mine"), aliceToken));
        t.record(http.putMultipart("/users/" + aliceId, Map.of("userName", "eqv_bob"), aliceToken));
        t.record(http.putMultipart("/users/" + aliceId, Map.of("password", "short"), aliceToken));
        t.record(http.putMultipart("/users/" + aliceId, Map.of("password", "a-new-password"), aliceToken));
        t.record(http.postJson("/auth/login", "{\"email\":\"eqv_alice@example.com\",\"password\":\"a-new-password\"}", null));
        t.record(http.get("/no/such/path", aliceToken));
        t.record(http.raw("DELETE", "/auth/login", null, null, null));
        t.record(http.raw("POST", "/auth/login", null, "email=a", ContentType.APPLICATION_FORM_URLENCODED));
        return t.lines;
    }

    private static String token(Response register) {
        assertThat(register.status()).as("%s", register).isEqualTo(200);
        return register.json().get("token").asString();
    }

    /** Normalized responses; placeholders are numbered per transcript so each variant's ids map alike. */
    private static final class Transcript {
        final List<String> lines = new ArrayList<>();
        final Map<String, String> ids = new LinkedHashMap<>();

        Response record(Response r) {
            String body = r.body();
            if (r.contentType() != null && r.contentType().startsWith("application/json") && !body.isEmpty()) {
                JsonNode tree = r.json();
                body = Response.JSON.writeValueAsString(tree);
            }
            body = replace(body, JWT, m -> "<jwt>");
            body = replace(body, TIMESTAMP, m -> "<timestamp>");
            body = replace(body, UUID, m -> ids.computeIfAbsent(m, k -> "<id" + (ids.size() + 1) + ">"));
            String path = replace(r.uri(), UUID, m -> ids.computeIfAbsent(m, k -> "<id" + (ids.size() + 1) + ">"));
            lines.add(r.method() + " " + path + " -> " + r.status() + " [" + r.contentType() + "] " + body);
            return r;
        }

        private static String replace(String text, Pattern pattern, Function<String, String> replacement) {
            Matcher m = pattern.matcher(text);
            StringBuilder out = new StringBuilder();
            while (m.find()) {
                m.appendReplacement(out, Matcher.quoteReplacement(replacement.apply(m.group())));
            }
            m.appendTail(out);
            return out.toString();
        }
    }
}
