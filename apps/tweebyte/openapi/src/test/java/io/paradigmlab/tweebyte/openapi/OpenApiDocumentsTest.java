package io.paradigmlab.tweebyte.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.tweebyte.domain.IdResponse;
import io.paradigmlab.common.contract.ErrorBody;
import io.paradigmlab.tweebyte.domain.interaction.Created;
import io.paradigmlab.tweebyte.domain.interaction.Follow;
import io.paradigmlab.tweebyte.domain.interaction.Like;
import io.paradigmlab.tweebyte.domain.interaction.Reply;
import io.paradigmlab.tweebyte.domain.interaction.Retweet;
import io.paradigmlab.tweebyte.domain.interaction.RetweetCreated;
import io.paradigmlab.tweebyte.domain.interaction.TweetInteractionSummary;
import io.paradigmlab.tweebyte.domain.tweet.EnrichedTweet;
import io.paradigmlab.tweebyte.domain.tweet.Hashtag;
import io.paradigmlab.tweebyte.domain.tweet.Mention;
import io.paradigmlab.tweebyte.domain.tweet.PopularHashtag;
import io.paradigmlab.tweebyte.domain.tweet.Tweet;
import io.paradigmlab.tweebyte.domain.tweet.TweetDeletion;
import io.paradigmlab.tweebyte.domain.tweet.TweetSummary;
import io.paradigmlab.tweebyte.domain.tweet.TweetWithReplies;
import io.paradigmlab.tweebyte.domain.tweet.TweetWithUser;
import io.paradigmlab.tweebyte.domain.user.TokenResponse;
import io.paradigmlab.tweebyte.domain.user.UserProfile;
import io.paradigmlab.tweebyte.domain.user.UserSummary;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The OpenAPI documents are what a fuzzer (Schemathesis) holds the services to, so a broken reference, a missing
 * operation or a field list that drifted from the records would make it report the services instead of the
 * documents. Checked here: references, operations (ids, success and client-error answers, security), the
 * operations the controllers declare, and the JSON answers' fields against the domain records.
 */
class OpenApiDocumentsTest {

    private static final List<String> SERVICES = List.of("user", "tweet", "interaction");
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");
    private static final Pattern MAPPING =
            Pattern.compile("@(Get|Post|Put|Delete)Mapping\\((?:path = )?(\\{\\s*\"[^\"]*\"(?:\\s*,\\s*\"[^\"]*\")*\\s*}|\"[^\"]*\")");
    /** One path of a mapping: {@code @GetMapping("/a")} has one, {@code @GetMapping({"/a", "/a/"})} two. */
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");

    /** Schemas of the JSON answers and the records Jackson writes them from (field order is the records'). */
    private static final Map<String, Class<? extends Record>> ANSWERS = Map.ofEntries(
            Map.entry("UserSummary", UserSummary.class), Map.entry("UserProfile", UserProfile.class),
            Map.entry("TokenResponse", TokenResponse.class), Map.entry("TweetSummary", TweetSummary.class),
            Map.entry("Tweet", Tweet.class), Map.entry("EnrichedTweet", EnrichedTweet.class),
            Map.entry("TweetWithReplies", TweetWithReplies.class), Map.entry("TweetWithUser", TweetWithUser.class),
            Map.entry("Mention", Mention.class), Map.entry("Hashtag", Hashtag.class),
            Map.entry("PopularHashtag", PopularHashtag.class), Map.entry("TweetDeletion", TweetDeletion.class),
            Map.entry("Reply", Reply.class), Map.entry("Like", Like.class), Map.entry("Retweet", Retweet.class),
            Map.entry("RetweetCreated", RetweetCreated.class), Map.entry("Created", Created.class),
            Map.entry("Follow", Follow.class), Map.entry("TweetInteractionSummary", TweetInteractionSummary.class),
            Map.entry("IdResponse", IdResponse.class), Map.entry("ErrorBody", ErrorBody.class));

    @ParameterizedTest
    @ValueSource(strings = {"user", "tweet", "interaction"})
    void isOpenApi303WithTheSharedFrame(String service) {
        Map<String, Object> doc = load(service);
        assertThat(doc.get("openapi")).isEqualTo("3.0.3");
        assertThat(map(doc, "info")).containsEntry("version", "1.0.0")
                .containsEntry("title", "Tweebyte " + service + " service");
        assertThat(doc.get("servers")).isEqualTo(List.of(Map.of("url", "/")));
        assertThat(doc.get("security")).isEqualTo(List.of(Map.of("bearerAuth", List.of())));
        assertThat(map(map(map(doc, "components"), "securitySchemes"), "bearerAuth"))
                .containsEntry("type", "http").containsEntry("scheme", "bearer").containsEntry("bearerFormat", "JWT");
        Map<String, Object> error = map(map(map(doc, "components"), "schemas"), "ErrorBody");
        assertThat(error).containsEntry("additionalProperties", false)
                .containsEntry("required", List.of("timestamp", "status", "path", "errors"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"user", "tweet", "interaction"})
    void everyReferenceResolves(String service) {
        Map<String, Object> doc = load(service);
        List<String> refs = new ArrayList<>();
        collectRefs(doc, refs);
        assertThat(refs).isNotEmpty();
        for (String ref : refs) {
            assertThat(ref).as("only references inside the document").startsWith("#/");
            Object target = doc;
            for (String part : ref.substring(2).split("/")) {
                assertThat(target).as("%s: %s", ref, part).isInstanceOf(Map.class);
                target = ((Map<?, ?>) target).get(part.replace("~1", "/").replace("~0", "~"));
            }
            assertThat(target).as("%s resolves", ref).isInstanceOf(Map.class);
        }
    }

    @Test
    void everyOperationHasAUniqueIdASuccessAndAClientError() {
        Set<String> ids = new HashSet<>();
        int operations = 0;
        for (String service : SERVICES) {
            Map<String, Object> doc = load(service);
            for (var path : map(doc, "paths").entrySet()) {
                for (var op : operations(path.getValue()).entrySet()) {
                    operations++;
                    String label = service + " " + op.getKey() + " " + path.getKey();
                    Map<String, Object> operation = op.getValue();
                    assertThat(operation.get("operationId")).as(label).isInstanceOf(String.class);
                    assertThat(ids.add((String) operation.get("operationId"))).as("unique id: %s", label).isTrue();
                    Set<String> statuses = map(operation, "responses").keySet();
                    assertThat(statuses).as(label).anyMatch(s -> s.startsWith("2")).anyMatch(s -> s.startsWith("4"))
                            .contains("default");
                    // the fuzzer needs a body schema for every JSON answer, and none for a 204
                    for (var response : map(operation, "responses").entrySet()) {
                        Map<String, Object> resolved = resolve(doc, asMap(response.getValue()));
                        if (response.getKey().equals("204")) {
                            assertThat(resolved).as(label + " 204").doesNotContainKey("content");
                        } else if (response.getKey().startsWith("2") && !map(resolved, "content")
                                .containsKey("application/json")) {
                            // the media answers: an image, bytes, server-sent events; a schema all the same
                            assertThat(map(resolved, "content").values()).as(label + " " + response.getKey())
                                    .isNotEmpty().allSatisfy(media -> assertThat(asMap(media)).containsKey("schema"));
                        } else {
                            assertThat(map(map(resolved, "content"), "application/json")).as(label + " " + response.getKey())
                                    .containsKey("schema");
                        }
                    }
                }
            }
        }
        assertThat(operations).isEqualTo(59);
    }

    /**
     * The edge limits apply to every request: 503 with {@code Retry-After} when overloaded or without a database,
     * and a body is refused as too large (413) or of the wrong media type (415) on every operation that reads one.
     */
    @Test
    void everyOperationDocumentsTheEdgeRefusals() {
        for (String service : SERVICES) {
            Map<String, Object> doc = load(service);
            for (var path : map(doc, "paths").entrySet()) {
                for (var op : operations(path.getValue()).entrySet()) {
                    String label = service + " " + op.getKey() + " " + path.getKey();
                    Map<String, Object> responses = map(op.getValue(), "responses");
                    assertThat(responses).as(label).containsKey("503");
                    Map<String, Object> unavailable = resolve(doc, asMap(responses.get("503")));
                    Map<String, Object> retryAfter = resolve(doc, map(map(unavailable, "headers"), "Retry-After"));
                    assertThat(retryAfter).as(label).containsEntry("required", true);
                    if (op.getValue().containsKey("requestBody")) {
                        assertThat(responses).as(label).containsKeys("400", "413", "415");
                    }
                }
            }
        }
    }

    @Test
    void onlyRegisterLoginAndInternalOperationsGoWithoutAToken() {
        for (String service : SERVICES) {
            for (var path : map(load(service), "paths").entrySet()) {
                boolean open = path.getKey().startsWith("/auth/") || path.getKey().startsWith("/internal/");
                for (var op : operations(path.getValue()).entrySet()) {
                    String label = op.getKey() + " " + path.getKey();
                    if (open) {
                        assertThat(op.getValue().get("security")).as(label).isEqualTo(List.of());
                        // no token is read, so the only 401 is login's answer to bad credentials
                        assertThat(map(op.getValue(), "responses").containsKey("401")).as(label)
                                .isEqualTo(path.getKey().equals("/auth/login"));
                    } else {
                        assertThat(op.getValue()).as(label).doesNotContainKey("security");
                        assertThat(map(op.getValue(), "responses")).as(label).containsKey("401");
                    }
                }
            }
        }
    }

    @Test
    void documentsExactlyTheOperationsTheControllersDeclare() throws IOException {
        for (String service : SERVICES) {
            Set<String> declared = new TreeSet<>();
            Path sources = Path.of("../virtual", service, "src/main/java/io/paradigmlab/tweebyte/virtual", service);
            assertThat(sources).as("the virtual variant's controllers").isDirectory();
            try (Stream<Path> files = Files.list(sources)) {
                for (Path file : files.filter(f -> f.toString().endsWith("Controller.java")).toList()) {
                    Matcher m = MAPPING.matcher(Files.readString(file));
                    while (m.find()) {
                        Matcher path = QUOTED.matcher(m.group(2));
                        while (path.find()) {
                            declared.add(m.group(1).toLowerCase() + " " + shape(path.group(1)));
                        }
                    }
                }
            }
            Set<String> documented = new TreeSet<>();
            for (var path : map(load(service), "paths").entrySet()) {
                for (String method : operations(path.getValue()).keySet()) {
                    documented.add(method + " " + shape(path.getKey()));
                }
            }
            assertThat(documented).as(service).isEqualTo(declared);
        }
    }

    /**
     * OpenAPI forbids two templates that differ only in variable names ({@code /tweets/{userId}} and
     * {@code /tweets/{tweetId}} are one path): tools then pick either, and the server's one route answers both.
     */
    @Test
    void noTwoPathsDifferOnlyInVariableNames() {
        for (String service : SERVICES) {
            Set<String> shapes = new HashSet<>();
            for (String path : map(load(service), "paths").keySet()) {
                assertThat(shapes.add(shape(path))).as("%s %s", service, path).isTrue();
            }
        }
    }

    @Test
    void everyPathParameterIsDeclared() {
        for (String service : SERVICES) {
            Map<String, Object> doc = load(service);
            for (var path : map(doc, "paths").entrySet()) {
                Set<String> template = new TreeSet<>();
                Matcher m = Pattern.compile("\\{([^}]+)}").matcher(path.getKey());
                while (m.find()) {
                    template.add(m.group(1));
                }
                for (var op : operations(path.getValue()).entrySet()) {
                    Set<String> declared = new TreeSet<>();
                    List<Object> parameters = new ArrayList<>(list(asMap(path.getValue()), "parameters"));
                    parameters.addAll(list(op.getValue(), "parameters"));
                    for (Object parameter : parameters) {
                        Map<String, Object> p = resolve(doc, asMap(parameter));
                        if ("path".equals(p.get("in"))) {
                            assertThat(p.get("required")).isEqualTo(true);
                            declared.add((String) p.get("name"));
                        }
                    }
                    assertThat(declared).as(op.getKey() + " " + path.getKey()).isEqualTo(template);
                }
            }
        }
    }

    /** Field names (snake_case) in record order, all required, nothing else allowed: what Jackson writes. */
    @Test
    void answersHaveExactlyTheFieldsOfTheirRecords() {
        Set<String> checked = new HashSet<>();
        for (String service : SERVICES) {
            Map<String, Object> schemas = map(map(load(service), "components"), "schemas");
            for (var schema : schemas.entrySet()) {
                Class<? extends Record> record = ANSWERS.get(schema.getKey());
                if (record == null) {
                    continue;
                }
                checked.add(schema.getKey());
                List<String> fields = Arrays.stream(record.getRecordComponents()).map(RecordComponent::getName)
                        .map(OpenApiDocumentsTest::snakeCase).toList();
                Map<String, Object> s = asMap(schema.getValue());
                String label = service + " " + schema.getKey();
                assertThat(s).as(label).containsEntry("type", "object").containsEntry("additionalProperties", false);
                assertThat(new ArrayList<>(map(s, "properties").keySet())).as(label).isEqualTo(fields);
                assertThat(s.get("required")).as(label).isEqualTo(fields);
                for (RecordComponent c : record.getRecordComponents()) {
                    Map<String, Object> property = map(map(s, "properties"), snakeCase(c.getName()));
                    if (c.getType().isPrimitive()) {
                        assertThat(property).as(label + "." + c.getName() + " is never null")
                                .doesNotContainKey("nullable");
                    }
                }
            }
        }
        assertThat(checked).isEqualTo(ANSWERS.keySet());
    }

    /** Every object answer documented under 2xx is closed, so that a stray field fails the fuzzer's check. */
    @Test
    void successBodiesAllowNoStrayField() {
        for (String service : SERVICES) {
            Map<String, Object> schemas = map(map(load(service), "components"), "schemas");
            for (var schema : schemas.entrySet()) {
                Map<String, Object> s = asMap(schema.getValue());
                if ("object".equals(s.get("type")) && !s.containsKey("additionalProperties")) {
                    // request bodies: the services ignore unknown fields, so they stay open
                    assertThat(ANSWERS).as(service + " " + schema.getKey() + " is a request body")
                            .doesNotContainKey(schema.getKey());
                }
            }
        }
    }

    // ---- helpers

    /** A path template without its variable names: {@code /tweets/{}/feed}. */
    private static String shape(String template) {
        return template.replaceAll("\\{[^}]+}", "{}");
    }

    private static String snakeCase(String camel) {
        return camel.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase();
    }

    private static Map<String, Object> load(String service) {
        String resource = "/openapi/" + service + ".yaml";
        try (InputStream in = OpenApiDocumentsTest.class.getResourceAsStream(resource)) {
            assertThat(in).as(resource).isNotNull();
            return new Yaml(new SafeConstructor(new LoaderOptions())).load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, Map<String, Object>> operations(Object pathItem) {
        Map<String, Map<String, Object>> ops = new LinkedHashMap<>();
        asMap(pathItem).forEach((k, v) -> {
            if (METHODS.contains(k)) {
                ops.put(k, asMap(v));
            }
        });
        return ops;
    }

    private static Map<String, Object> resolve(Map<String, Object> doc, Map<String, Object> node) {
        Object ref = node.get("$ref");
        if (!(ref instanceof String r)) {
            return node;
        }
        Object target = doc;
        for (String part : r.substring(2).split("/")) {
            target = asMap(target).get(part);
        }
        return resolve(doc, asMap(target));
    }

    private static void collectRefs(Object node, List<String> refs) {
        if (node instanceof Map<?, ?> m) {
            m.forEach((k, v) -> {
                if ("$ref".equals(k)) {
                    refs.add((String) v);
                } else {
                    collectRefs(v, refs);
                }
            });
        } else if (node instanceof List<?> l) {
            l.forEach(v -> collectRefs(v, refs));
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asMap(Object node) {
        assertThat(node).isInstanceOf(Map.class);
        return (Map<String, Object>) node;
    }

    private static Map<String, Object> map(Map<String, Object> node, String key) {
        return asMap(node.get(key));
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Map<String, Object> node, String key) {
        Object value = node.get(key);
        return value == null ? List.of() : (List<Object>) value;
    }
}
