package io.paradigmlab.tweebyte.openapi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The OpenAPI documents of Tweebyte's services, written once (classpath {@code openapi/<service>.yaml}) and served
 * by every variant at {@code /v3/api-docs} (JSON) and {@code /v3/api-docs.yaml}: the same bytes whatever the
 * paradigm, since a document generated from three code bases would differ in ways no client cares about.
 *
 * <p>A document says {@code servers: [{url: /}]}. Asked through the API gateway, whose prefix the service sees as
 * its context path ({@code X-Forwarded-Prefix}), it says that prefix instead ({@link #json(String, String)}), so a
 * client reading it there (Swagger UI's "Try it out") sends its requests through the gateway too.
 */
public final class OpenApiDocuments {

    /** The services that have a document, by {@code spring.application.name} without {@code tweebyte-}. */
    public static final List<String> SERVICES = List.of("user", "tweet", "interaction");

    private static final JsonMapper JSON = JsonMapper.builder().build();
    /** The servers entry of every document as written; the one line a base path replaces in the YAML. */
    private static final String SERVERS = "\nservers:\n  - url: /\n";
    /** One double-quoted scalar on one line, every character YAML cannot carry as it is escaped. */
    private static final DumperOptions SCALAR = scalarOptions();
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

    /**
     * The document as JSON for a client that reaches the service under {@code basePath}: the context path of the
     * request, which the framework sets from the gateway's {@code X-Forwarded-Prefix} (e.g. {@code /user-service}),
     * or empty for a request sent to the service directly, which gets {@link #json(String)} unchanged.
     */
    public static String json(String service, String basePath) {
        if (basePath == null || basePath.isEmpty()) {
            return json(service);
        }
        ObjectNode tree = (ObjectNode) JSON.readTree(json(service));
        // the JSON library writes the value, so whatever the header said it stays one string
        ArrayNode servers = tree.arrayNode();
        servers.addObject().put("url", basePath);
        tree.set("servers", servers);
        return JSON.writeValueAsString(tree);
    }

    /** The document as written, for a client under {@code basePath}; see {@link #json(String, String)}. */
    public static String yaml(String service, String basePath) {
        String yaml = yaml(service);
        if (basePath == null || basePath.isEmpty()) {
            return yaml;
        }
        int at = yaml.indexOf(SERVERS);
        if (at < 0 || yaml.indexOf(SERVERS, at + 1) >= 0) {
            throw new IllegalStateException("openapi/" + serviceOf(service)
                    + ".yaml must have one top-level 'servers:' with the one line '  - url: /'");
        }
        // the YAML library quotes the value, so whatever the header said it stays one scalar; the rest of the
        // document keeps its layout and comments
        String url = new Yaml(SCALAR).dump(basePath).strip();
        return yaml.substring(0, at) + "\nservers:\n  - url: " + url + "\n" + yaml.substring(at + SERVERS.length());
    }

    private static DumperOptions scalarOptions() {
        DumperOptions options = new DumperOptions();
        options.setDefaultScalarStyle(DumperOptions.ScalarStyle.DOUBLE_QUOTED);
        options.setSplitLines(false);
        options.setWidth(Integer.MAX_VALUE);
        return options;
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
