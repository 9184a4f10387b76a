package io.paradigmlab.tweebyte.gateway.docs;

import io.paradigmlab.tweebyte.domain.gateway.GatewayRoutes;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * The API gateways' docs page, served at {@link GatewayRoutes#DOCS_PATH} by the servlet and the reactive gateway
 * alike: Swagger UI from the {@code org.webjars:swagger-ui} webjar (at {@code /webjars/swagger-ui/}, version-free
 * through webjars-locator-lite) over the OpenAPI document of every service in {@link GatewayRoutes#ROUTES}, each
 * fetched through the gateway ({@code /user-service/v3/api-docs}...), where it names the gateway's prefix as its
 * server, so "Try it out" goes through the gateway too. Public, like the documents: the page needs no token.
 */
public final class DocsPage {

    /** The page's media type. */
    public static final String CONTENT_TYPE = "text/html;charset=UTF-8";

    private static final String TEMPLATE = "swagger-ui.html";
    private static final String URLS = "{{urls}}";
    private static final String HTML = render();

    private DocsPage() {
    }

    /** The page, made once from the template and the routing table. */
    public static String html() {
        return HTML;
    }

    /** Swagger UI's {@code urls}: a name and a document URL per service, in the routing table's order. */
    static List<Map<String, String>> urls() {
        return GatewayRoutes.ROUTES.stream().map(route -> {
            Map<String, String> entry = new LinkedHashMap<>();
            entry.put("name", route.service() + " service");
            entry.put("url", route.openApiPath());
            return entry;
        }).toList();
    }

    private static String render() {
        String template;
        try (InputStream in = DocsPage.class.getResourceAsStream(TEMPLATE)) {
            if (in == null) {
                throw new IllegalStateException(TEMPLATE + " is not on the classpath beside "
                        + DocsPage.class.getName());
            }
            template = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String urls = JsonMapper.builder().build().writeValueAsString(urls());
        // the list lands inside a <script> element, which only "</" could close early; the routes are constants
        if (urls.contains("</")) {
            throw new IllegalStateException("A route's prefix cannot be written into the page: " + urls);
        }
        return template.replace(URLS, urls);
    }
}
