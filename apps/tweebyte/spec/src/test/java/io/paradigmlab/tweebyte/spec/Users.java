package io.paradigmlab.tweebyte.spec;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/** Test data and steps about accounts, in the contract's words. */
final class Users {

    private static final AtomicInteger SEQUENCE = new AtomicInteger();
    private static final String RUN = Long.toString(System.nanoTime() % 1_000_000_000L, 36);

    /** An account as registered, with its token and id. */
    record Account(UUID id, String userName, String email, String password, String token) {
    }

    private Users() {
    }

    /** A user name nobody else in this JVM gets: letters and digits only, well inside 3-50. */
    static String uniqueName(String prefix) {
        return prefix + RUN + "x" + SEQUENCE.incrementAndGet();
    }

    static Map<String, String> form(String userName) {
        Map<String, String> form = new LinkedHashMap<>();
        form.put("userName", userName);
        form.put("email", userName.toLowerCase() + "@example.com");
        form.put("biography", "Writes about concurrency.");
        form.put("isPrivate", "false");
        form.put("password", "correct-horse");
        form.put("birthDate", "24/12/1990");
        return form;
    }

    static Map<String, String> with(Map<String, String> form, String field, String value) {
        Map<String, String> copy = new LinkedHashMap<>(form);
        if (value == null) {
            copy.remove(field);
        } else {
            copy.put(field, value);
        }
        return copy;
    }

    static Account register(Http http, Map<String, String> form) {
        Response r = http.postMultipart("/auth/register", form, (String) null);
        assertThat(r.status()).as("register %s: %s", form.get("userName"), r.body()).isEqualTo(200);
        String token = r.json().get("token").asString();
        UUID id = UUID.fromString(claims(token).get("user_id").asString());
        return new Account(id, form.get("userName"), form.get("email").trim().toLowerCase(), form.get("password"), token);
    }

    static Account register(Http http, String prefix) {
        return register(http, form(uniqueName(prefix)));
    }

    static JsonNode claims(String jwt) {
        String[] parts = jwt.split("\\.");
        assertThat(parts).as("a JWT has three parts").hasSize(3);
        return Response.JSON.readTree(new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8));
    }

    static JsonNode header(String jwt) {
        return Response.JSON.readTree(new String(Base64.getUrlDecoder().decode(jwt.split("\\.")[0]),
                StandardCharsets.UTF_8));
    }
}
