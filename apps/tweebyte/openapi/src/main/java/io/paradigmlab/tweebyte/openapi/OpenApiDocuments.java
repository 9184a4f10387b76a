package io.paradigmlab.tweebyte.openapi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import tools.jackson.databind.json.JsonMapper;

/**
 * The OpenAPI documents of Tweebyte's services, written once (classpath {@code openapi/<service>.yaml}) and served
 * by every variant at {@code /v3/api-docs} (JSON) and {@code /v3/api-docs.yaml}: the same bytes whatever the
 * paradigm, since a document generated from three code bases would differ in ways no client cares about.
 */
public final class OpenApiDocuments {

    /** The services that have a document, by {@code spring.application.name} without {@code tweebyte-}. */
    public static final List<String> SERVICES = List.of("user", "tweet", "interaction");

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final Map<String, String> YAML = new ConcurrentHashMap<>();
    private static final Map<String, String> AS_JSON = new ConcurrentHashMap<>();

    private OpenApiDocuments() {
    }

    /** Whether the application (e.g. {@code tweebyte-user}; not the gateway) has a document. */
    public static boolean hasDocument(String applicationName) {
        return SERVICES.contains(applicationName.startsWith("tweebyte-")
                ? applicationName.substring("tweebyte-".length()) : applicationName);
    }

    /** The service of an application name: {@code tweebyte-user} is {@code user}. */
    public static String serviceOf(String applicationName) {
        String service = applicationName.startsWith("tweebyte-") ? applicationName.substring("tweebyte-".length())
                : applicationName;
        if (!SERVICES.contains(service)) {
            throw new IllegalArgumentException("no OpenAPI document for application '" + applicationName
                    + "'; documents exist for " + SERVICES);
        }
        return service;
    }

    /** The document as written. */
    public static String yaml(String service) {
        return YAML.computeIfAbsent(serviceOf(service), OpenApiDocuments::read);
    }

    /** The document as JSON, what {@code /v3/api-docs} answers. */
    public static String json(String service) {
        return AS_JSON.computeIfAbsent(serviceOf(service), s -> {
            Object tree = new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml(s));
            return JSON.writeValueAsString(tree);
        });
    }

    private static String read(String service) {
        String resource = "openapi/" + service + ".yaml";
        try (InputStream in = OpenApiDocuments.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is not on the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
