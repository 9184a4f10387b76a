package io.paradigmlab.tweebyte.gateway.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.webjars.WebJarVersionLocator;

/** The page lists every service's document through the gateway and loads Swagger UI from assets the webjar has. */
class DocsPageTest {

    private static final Pattern ASSET = Pattern.compile("(?:href|src)=\"/webjars/swagger-ui/([^\"]+)\"");

    @Test
    void listsTheThreeDocumentsThroughTheGateway() {
        assertThat(DocsPage.html())
                .contains("urls: [{\"name\":\"user service\",\"url\":\"/user-service/v3/api-docs\"},"
                        + "{\"name\":\"tweet service\",\"url\":\"/tweet-service/v3/api-docs\"},"
                        + "{\"name\":\"interaction service\",\"url\":\"/interaction-service/v3/api-docs\"}],")
                .doesNotContain("{{");
    }

    @Test
    void everyAssetItNamesIsInTheWebjar() {
        List<String> assets = new ArrayList<>();
        Matcher m = ASSET.matcher(DocsPage.html());
        while (m.find()) {
            assets.add(m.group(1));
        }
        assertThat(assets).contains("swagger-ui.css", "swagger-ui-bundle.js", "swagger-ui-standalone-preset.js");
        WebJarVersionLocator locator = new WebJarVersionLocator();
        for (String asset : assets) {
            // what Spring's LiteWebJarsResourceResolver looks up behind the version-free path
            String fullPath = locator.fullPath("swagger-ui", asset);
            assertThat(fullPath).as(asset).isNotNull();
            assertThat(DocsPageTest.class.getClassLoader().getResource(fullPath)).as(fullPath).isNotNull();
        }
    }
}
