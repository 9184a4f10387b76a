package io.paradigmlab.tweebyte.spec;

import static io.paradigmlab.tweebyte.spec.Users.form;
import static io.paradigmlab.tweebyte.spec.Users.register;
import static io.paradigmlab.tweebyte.spec.Users.uniqueName;
import static io.paradigmlab.tweebyte.spec.Users.with;
import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.tweebyte.lab.TweebyteVariant;
import io.paradigmlab.tweebyte.security.KeyMaterial;
import io.paradigmlab.tweebyte.security.TokenIssuer;
import io.paradigmlab.tweebyte.spec.Users.Account;
import java.security.interfaces.RSAPrivateKey;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.hc.core5.http.ContentType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * The user service's behaviour, black-box over HTTP. A subclass names the variant; nothing here knows how a
 * variant is built. Every scenario therefore runs, unchanged, against async, virtual and reactive.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@ExtendWith(TweebyteFixture.Resolver.class)
public abstract class UserServiceSpec {

    protected TweebyteFixture fixture;
    protected Http http;

    protected abstract TweebyteVariant variant();

    @BeforeAll
    void start(TweebyteFixture fixture) {
        this.fixture = fixture;
        this.http = new Http(fixture.deployment(variant()).userUrl());
    }

    static void assertError(Response r, int status, String path, String... errors) {
        assertThat(r.status()).as("%s", r).isEqualTo(status);
        assertThat(r.contentType()).as("%s", r).startsWith("application/json");
        JsonNode body = r.json();
        assertThat(body.propertyNames()).containsExactly("timestamp", "status", "path", "errors");
        assertThat(Instant.parse(body.get("timestamp").asString())).isBefore(Instant.now().plusSeconds(5));
        assertThat(body.get("status").asInt()).isEqualTo(status);
        // The suites name the service's own path. Through the gateway the client's path carries the service's prefix,
        // and the body reports it whoever answered (the gateway itself, or a service honouring X-Forwarded-Prefix):
        // the prefix the request went through is added, so each suite runs unchanged either way.
        assertThat(body.get("path").asString()).isEqualTo(Services.gatewayPrefix(r.uri()) + path);
        List<String> actual = new ArrayList<>();
        body.get("errors").forEach(e -> actual.add(e.asString()));
        assertThat(actual).as("%s", r).containsExactly(errors);
    }

    static void assertSummary(JsonNode summary, Account account, boolean isPrivate) {
        assertThat(summary.propertyNames()).containsExactly("id", "user_name", "is_private", "created_at");
        assertThat(summary.get("id").asString()).isEqualTo(account.id().toString());
        assertThat(summary.get("user_name").asString()).isEqualTo(account.userName());
        assertThat(summary.get("is_private").asBoolean()).isEqualTo(isPrivate);
        Instant created = Instant.parse(summary.get("created_at").asString());
        assertThat(summary.get("created_at").asString()).endsWith("Z");
        assertThat(created).isBetween(Instant.now().minus(Duration.ofHours(1)), Instant.now().plusSeconds(5));
    }

    /** A token signed with the service's own key: what only the issuer could make. */
    String tokenSignedByService(UUID userId, Clock clock, Duration lifetime) {
        RSAPrivateKey key = KeyMaterial.readPrivate(fixture.privateKey(variant()));
        return new TokenIssuer(key, clock, lifetime).issue(userId, "someone@example.com");
    }

    @Nested
    @DisplayName("POST /auth/register")
    class Register {

        @Test
        void answersWithAnRs256TokenNamingTheNewUser() {
            String name = uniqueName("Reg");
            Response r = http.postMultipart("/auth/register", with(form(name), "email", "  " + name + "@Example.COM "),
                    (String) null);
            assertThat(r.status()).as("%s", r).isEqualTo(200);
            assertThat(r.json().propertyNames()).containsExactly("token");
            String token = r.json().get("token").asString();
            assertThat(Users.header(token).get("alg").asString()).isEqualTo("RS256");
            JsonNode claims = Users.claims(token);
            assertThat(claims.get("user_id").asString()).isEqualTo(claims.get("sub").asString());
            assertThat(claims.get("email").asString()).isEqualTo(name.toLowerCase() + "@example.com");
            long lifetime = claims.get("exp").asLong() - claims.get("iat").asLong();
            assertThat(lifetime).isEqualTo(Duration.ofHours(24).toSeconds());
            Response summary = http.get("/users/summary/" + claims.get("user_id").asString(), token);
            assertThat(summary.json().get("user_name").asString()).isEqualTo(name);
        }

        static Stream<Arguments> invalidFields() {
            return Stream.of(
                    Arguments.of("userName", null, "User name is required"),
                    Arguments.of("userName", "ab", "User name must be between 3 and 50 characters"),
                    Arguments.of("userName", "a".repeat(51), "User name must be between 3 and 50 characters"),
                    Arguments.of("userName", "with space", "User name may contain only letters, digits and underscores"),
                    Arguments.of("email", null, "Email is required"),
                    Arguments.of("email", "not-an-email", "Email must be a valid email address"),
                    Arguments.of("biography", "b".repeat(501), "Biography must be at most 500 characters"),
                    Arguments.of("isPrivate", "sometimes", "isPrivate must be true or false"),
                    Arguments.of("password", null, "Password is required"),
                    Arguments.of("password", "short", "Password must be between 8 and 72 characters"),
                    Arguments.of("password", "p".repeat(73), "Password must be between 8 and 72 characters"),
                    // seven code points, fourteen UTF-16 units: lengths count code points, as the document's do
                    Arguments.of("password", "\uD83D\uDE00".repeat(7), "Password must be between 8 and 72 characters"),
                    Arguments.of("birthDate", null, "Birth date is required"),
                    Arguments.of("birthDate", "1990-12-24", "Birth date must be a valid date in the format dd/MM/yyyy"),
                    Arguments.of("birthDate", "31/02/1990", "Birth date must be a valid date in the format dd/MM/yyyy"),
                    Arguments.of("birthDate", "01/01/2999", "Birth date must be in the past"));
        }

        @ParameterizedTest(name = "{0}={1} -> 400 {2}")
        @MethodSource("invalidFields")
        void rejectsAnInvalidField(String field, String value, String message) {
            Response r = http.postMultipart("/auth/register", with(form(uniqueName("Bad")), field, value), (String) null);
            assertError(r, 400, "/auth/register", message);
        }

        @Test
        void reportsEveryInvalidFieldAtOnce() {
            Response r = http.postMultipart("/auth/register", Map.of("userName", "x", "password", "1"), (String) null);
            assertError(r, 400, "/auth/register", "User name must be between 3 and 50 characters", "Email is required",
                    "Password must be between 8 and 72 characters", "Birth date is required");
        }

        @Test
        void acceptsValuesAtTheLimits() {
            String name = (uniqueName("L") + "a".repeat(50)).substring(0, 50);
            Map<String, String> edge = with(with(with(form(name), "biography", "b".repeat(500)),
                    "password", "p".repeat(72)), "isPrivate", "true");
            Account account = register(http, edge);
            assertSummary(http.get("/users/summary/" + account.id(), account.token()).json(), account, true);
            register(http, with(form(uniqueName("M")), "password", "12345678"));
            register(http, with(form(uniqueName("E")), "password", "\uD83D\uDE00".repeat(8)));
        }

        @Test
        void acceptsAPicturePart() {
            Response r = http.postMultipart("/auth/register", form(uniqueName("Pic")), new byte[] {(byte) 0x89, 'P', 'N', 'G'});
            assertThat(r.status()).as("%s", r).isEqualTo(200);
        }

        @Test
        void refusesATakenUserNameOrEmailWhateverTheirCase() {
            Account taken = register(http, "Taken");
            Response sameName = http.postMultipart("/auth/register",
                    with(form(taken.userName().toUpperCase()), "email", uniqueName("other") + "@example.com"), (String) null);
            assertError(sameName, 409, "/auth/register", "User name is already taken");
            Response sameEmail = http.postMultipart("/auth/register",
                    with(form(uniqueName("Fresh")), "email", taken.email().toUpperCase()), (String) null);
            assertError(sameEmail, 409, "/auth/register", "Email is already registered");
            Response both = http.postMultipart("/auth/register", form(taken.userName()), (String) null);
            assertError(both, 409, "/auth/register", "User name is already taken", "Email is already registered");
        }

        @Test
        void requiresAMultipartForm() {
            Response r = http.postJson("/auth/register", "{\"userName\":\"jsonuser\"}", null);
            assertError(r, 415, "/auth/register", "Unsupported media type");
        }
    }

    @Nested
    @DisplayName("POST /auth/login")
    class Login {

        @Test
        void answersWithATokenForTheSameUserWhateverTheEmailCase() {
            Account account = register(http, "Login");
            Response r = http.postJson("/auth/login",
                    "{\"email\":\"" + account.email().toUpperCase() + "\",\"password\":\"" + account.password() + "\"}", null);
            assertThat(r.status()).as("%s", r).isEqualTo(200);
            JsonNode claims = Users.claims(r.json().get("token").asString());
            assertThat(claims.get("user_id").asString()).isEqualTo(account.id().toString());
            assertThat(claims.get("email").asString()).isEqualTo(account.email());
        }

        @Test
        void refusesAWrongPasswordAndAnUnknownEmailAlike() {
            Account account = register(http, "Wrong");
            assertError(http.postJson("/auth/login", "{\"email\":\"" + account.email() + "\",\"password\":\"wrong-password\"}",
                    null), 401, "/auth/login", "Invalid email or password");
            assertError(http.postJson("/auth/login", "{\"email\":\"nobody-" + UUID.randomUUID()
                    + "@example.com\",\"password\":\"whatever-pass\"}", null), 401, "/auth/login", "Invalid email or password");
        }

        @Test
        void rejectsMalformedJson() {
            assertError(http.postJson("/auth/login", "{\"email\": \"a@b.co\", ", null), 400, "/auth/login",
                    "Malformed JSON request");
            assertError(http.postJson("/auth/login", "", null), 400, "/auth/login", "Malformed JSON request");
        }

        @Test
        void requiresBothFields() {
            assertError(http.postJson("/auth/login", "{}", null), 400, "/auth/login", "Email is required",
                    "Password is required");
        }
    }

    @Nested
    @DisplayName("GET /users/summary/{id} and /users/summary/name/{name}")
    class Summary {

        @Test
        void showsExactlyTheSummaryFields() {
            Account account = register(http, "Sum");
            Response r = http.get("/users/summary/" + account.id(), account.token());
            assertThat(r.status()).as("%s", r).isEqualTo(200);
            assertThat(r.contentType()).startsWith("application/json");
            assertSummary(r.json(), account, false);
        }

        @Test
        void findsAUserByNameWithoutRegardToCase() {
            Account account = register(http, "ByName");
            Response r = http.get("/users/summary/name/" + account.userName().toLowerCase(), account.token());
            assertThat(r.status()).as("%s", r).isEqualTo(200);
            assertSummary(r.json(), account, false);
        }

        @ParameterizedTest(name = "id {0} -> 400")
        @ValueSource(strings = {"not-a-uuid", "1-2-3-4-5", "123e4567-e89b-12d3-a456-42661417400g"})
        void rejectsABadUuid(String id) {
            Account account = register(http, "BadId");
            assertError(http.get("/users/summary/" + id, account.token()), 400, "/users/summary/" + id,
                    "id must be a valid UUID");
        }

        @Test
        void answers404ForAnUnknownUser() {
            Account account = register(http, "Unknown");
            UUID nobody = UUID.randomUUID();
            assertError(http.get("/users/summary/" + nobody, account.token()), 404, "/users/summary/" + nobody,
                    "User not found");
            assertError(http.get("/users/summary/name/nobody" + nobody.toString().substring(0, 8), account.token()), 404,
                    "/users/summary/name/nobody" + nobody.toString().substring(0, 8), "User not found");
        }
    }

    @Nested
    @DisplayName("GET /users/search/{term}")
    class Search {

        @Test
        void findsUserNamesContainingTheTermWithoutRegardToCaseInNameOrder() {
            String stem = uniqueName("Srch");
            Account b = register(http, form(stem + "_b"));
            Account a = register(http, form(stem + "_A"));
            register(http, form(uniqueName("Else")));
            Response r = http.get("/users/search/" + stem.toUpperCase(), a.token());
            assertThat(r.status()).as("%s", r).isEqualTo(200);
            List<String> names = new ArrayList<>();
            r.json().forEach(s -> names.add(s.get("user_name").asString()));
            assertThat(names).containsExactly(a.userName(), b.userName());
            assertSummary(r.json().get(0), a, false);
        }

        @Test
        void treatsLikeWildcardsAsPlainCharacters() {
            String stem = uniqueName("Wild");
            Account under = register(http, form(stem + "_x"));
            register(http, form(stem + "Qx"));
            Response r = http.get("/users/search/" + stem + "_", under.token());
            List<String> names = new ArrayList<>();
            r.json().forEach(s -> names.add(s.get("user_name").asString()));
            assertThat(names).containsExactly(under.userName());
            assertThat(http.get("/users/search/%25", under.token()).json()).isEmpty();
        }

        @Test
        void rejectsAnOverlongTerm() {
            Account account = register(http, "Long");
            String term = "t".repeat(51);
            assertError(http.get("/users/search/" + term, account.token()), 400, "/users/search/" + term,
                    "Search term must be between 1 and 50 characters");
        }
    }

    @Nested
    @DisplayName("PUT /users/{id}")
    class Update {

        @Test
        void letsTheOwnerChangeFieldsAndKeepsTheRest() {
            Account account = register(http, "Upd");
            Response r = http.putMultipart("/users/" + account.id(), Map.of("isPrivate", "true", "biography", "New bio"),
                    account.token());
            assertThat(r.status()).as("%s", r).isEqualTo(204);
            assertThat(r.body()).isEmpty();
            assertSummary(http.get("/users/summary/" + account.id(), account.token()).json(), account, true);
        }

        @Test
        void changesTheUserNameAndKeepsTheOwnOne() {
            Account account = register(http, "Ren");
            String renamed = uniqueName("Renamed");
            assertThat(http.putMultipart("/users/" + account.id(), Map.of("userName", renamed), account.token()).status())
                    .isEqualTo(204);
            assertThat(http.get("/users/summary/name/" + renamed, account.token()).json().get("id").asString())
                    .isEqualTo(account.id().toString());
            assertThat(http.putMultipart("/users/" + account.id(), Map.of("userName", renamed.toUpperCase()),
                    account.token()).status()).as("one's own name, in another case, is not taken").isEqualTo(204);
        }

        @Test
        void changesThePassword() {
            Account account = register(http, "Pwd");
            assertThat(http.putMultipart("/users/" + account.id(), Map.of("password", "brand-new-pass"), account.token())
                    .status()).isEqualTo(204);
            assertThat(http.postJson("/auth/login", "{\"email\":\"" + account.email()
                    + "\",\"password\":\"brand-new-pass\"}", null).status()).isEqualTo(200);
            assertThat(http.postJson("/auth/login", "{\"email\":\"" + account.email() + "\",\"password\":\""
                    + account.password() + "\"}", null).status()).isEqualTo(401);
        }

        @Test
        void forbidsChangingAnotherUsersAccount() {
            Account me = register(http, "Me");
            Account other = register(http, "Other");
            assertError(http.putMultipart("/users/" + other.id(), Map.of("biography", "hacked"), me.token()), 403,
                    "/users/" + other.id(), "You can only change your own account");
        }

        @Test
        void validatesPresentFields() {
            Account account = register(http, "Val");
            assertError(http.putMultipart("/users/" + account.id(), Map.of("email", "nope", "birthDate", "2000/01/01"),
                    account.token()), 400, "/users/" + account.id(), "Email must be a valid email address",
                    "Birth date must be a valid date in the format dd/MM/yyyy");
            assertError(http.putMultipart("/users/not-a-uuid", Map.of("biography", "x"), account.token()), 400,
                    "/users/not-a-uuid", "id must be a valid UUID");
        }

        @Test
        void refusesANameOrEmailThatIsSomeoneElses() {
            Account me = register(http, "Dup");
            Account other = register(http, "DupOther");
            assertError(http.putMultipart("/users/" + me.id(), Map.of("userName", other.userName(), "email", other.email()),
                    me.token()), 409, "/users/" + me.id(), "User name is already taken", "Email is already registered");
        }

        @Test
        void answers404WhenTheAccountNoLongerExists() {
            UUID ghost = UUID.randomUUID();
            String token = tokenSignedByService(ghost, Clock.systemUTC(), Duration.ofMinutes(5));
            assertError(http.putMultipart("/users/" + ghost, Map.of("biography", "hi"), token), 404, "/users/" + ghost,
                    "User not found");
        }
    }

    @Nested
    @DisplayName("Tokens")
    class Tokens {

        @Test
        void everyProtectedEndpointNeedsAToken() {
            Account account = register(http, "NoTok");
            assertError(http.get("/users/summary/" + account.id(), null), 401, "/users/summary/" + account.id(),
                    "Missing bearer token");
            assertError(http.get("/users/summary/name/" + account.userName(), null), 401,
                    "/users/summary/name/" + account.userName(), "Missing bearer token");
            assertError(http.get("/users/search/abc", null), 401, "/users/search/abc", "Missing bearer token");
            assertError(http.putMultipart("/users/" + account.id(), Map.of("biography", "x"), null), 401,
                    "/users/" + account.id(), "Missing bearer token");
        }

        @Test
        void aMissingTokenIsReportedBeforeABadId() {
            assertError(http.get("/users/summary/not-a-uuid", null), 401, "/users/summary/not-a-uuid",
                    "Missing bearer token");
        }

        @Test
        void rejectsAForgedToken() {
            Account account = register(http, "Forge");
            var otherKey = (RSAPrivateKey) KeyMaterial.generate().getPrivate();
            String forged = new TokenIssuer(otherKey, Clock.systemUTC(), Duration.ofHours(1)).issue(account.id(),
                    account.email());
            assertError(http.get("/users/summary/" + account.id(), forged), 401, "/users/summary/" + account.id(),
                    "Invalid token");
            String[] parts = account.token().split("\\.");
            String tampered = parts[0] + "." + parts[1].substring(0, parts[1].length() - 2) + "AA." + parts[2];
            assertError(http.get("/users/summary/" + account.id(), tampered), 401, "/users/summary/" + account.id(),
                    "Invalid token");
            assertError(http.get("/users/summary/" + account.id(), "garbage"), 401, "/users/summary/" + account.id(),
                    "Invalid token");
        }

        @Test
        void rejectsAnExpiredToken() {
            Account account = register(http, "Exp");
            Clock yesterday = Clock.fixed(Instant.now().minus(Duration.ofHours(25)), ZoneOffset.UTC);
            String expired = tokenSignedByService(account.id(), yesterday, Duration.ofHours(24));
            assertError(http.get("/users/summary/" + account.id(), expired), 401, "/users/summary/" + account.id(),
                    "Token expired");
        }
    }

    @Nested
    @DisplayName("Everything else")
    class Other {

        @Test
        void unknownPathsAndMethodsUseTheErrorBody() {
            Account account = register(http, "Misc");
            assertError(http.get("/no/such/path", account.token()), 404, "/no/such/path", "Resource not found");
            Response delete = http.raw("DELETE", "/auth/login", null, null, null);
            assertError(delete, 405, "/auth/login", "Method not allowed");
            // RFC 9110: a 405 names the methods the resource supports
            assertThat(delete.headers().get("allow")).as("Allow of %s", delete).contains("POST");
            Response trace = http.raw("TRACE", "/auth/login", null, null, null);
            assertThat(trace.status()).as("%s", trace).isEqualTo(405);
            assertThat(trace.headers()).as("Allow of %s", trace).containsKey("allow");
            assertError(http.raw("POST", "/auth/login", null, "email=a", ContentType.APPLICATION_FORM_URLENCODED), 415,
                    "/auth/login", "Unsupported media type");
        }

        @Test
        void exposesHealthAndPrometheusMetrics() {
            Response health = http.get("/actuator/health", null);
            assertThat(health.status()).isEqualTo(200);
            assertThat(health.json().get("status").asString()).isEqualTo("UP");
            Response metrics = http.get("/actuator/prometheus", null);
            assertThat(metrics.status()).isEqualTo(200);
            assertThat(metrics.body()).contains("jvm_memory_used_bytes", "process_cpu_usage");
        }
    }
}
