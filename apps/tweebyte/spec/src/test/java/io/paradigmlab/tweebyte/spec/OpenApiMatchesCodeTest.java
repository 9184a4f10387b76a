package io.paradigmlab.tweebyte.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.paradigmlab.lab.api.RepoLayout;
import io.paradigmlab.tweebyte.openapi.OpenApiDocuments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;

/**
 * The OpenAPI documents are written once, so this checks them against the code of every variant: each
 * controller mapping (method and path, from the source) is a documented operation and each documented operation
 * is mapped. The fuzzing ITs then check each documented answer against what the running variant says.
 */
class OpenApiMatchesCodeTest {

    /** {@code @GetMapping("/a")}, {@code @GetMapping(path = "/a")} or {@code @GetMapping({"/a", "/a/"})}. */
    private static final Pattern MAPPING = Pattern.compile(
            "@(Get|Post|Put|Delete|Patch)Mapping\\(\\s*(?:(?:path|value)\\s*=\\s*)?"
                    + "(\\{\\s*\"[^\"]*\"(?:\\s*,\\s*\"[^\"]*\")*\\s*}|\"[^\"]*\")");
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"async,user", "async,tweet", "async,interaction", "virtual,user", "virtual,tweet",
            "virtual,interaction", "reactive,user", "reactive,tweet", "reactive,interaction"})
    void everyMappingIsDocumentedAndEveryOperationMapped(String variant, String service) throws IOException {
        Set<String> mapped = new TreeSet<>();
        Path sources = RepoLayout.locate().root().resolve("apps/tweebyte").resolve(variant).resolve(service)
                .resolve("src/main/java");
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Matcher m = MAPPING.matcher(Files.readString(file));
                while (m.find()) {
                    Matcher path = QUOTED.matcher(m.group(2));
                    while (path.find()) {
                        mapped.add(m.group(1).toUpperCase(Locale.ROOT) + " " + path.group(1));
                    }
                }
            }
        }
        Set<String> documented = new TreeSet<>();
        JsonNode paths = Response.JSON.readTree(OpenApiDocuments.json(service)).get("paths");
        for (String path : paths.propertyNames()) {
            for (String method : paths.get(path).propertyNames()) {
                if (Set.of("get", "put", "post", "delete", "patch").contains(method)) {
                    documented.add(method.toUpperCase(Locale.ROOT) + " " + path);
                }
            }
        }
        assertThat(mapped).as("controller mappings of %s/%s", variant, service).isNotEmpty();
        assertThat(normalized(documented)).as("documented operations of %s vs the %s variant's mappings", service, variant)
                .isEqualTo(normalized(mapped));
    }

    /** Path variables named differently in code and document are the same route: {id} and {tweetId} alike. */
    private static Set<String> normalized(Set<String> routes) {
        Set<String> out = new TreeSet<>();
        routes.forEach(r -> out.add(r.replaceAll("\\{[^}]+}", "{}")));
        return out;
    }
}
