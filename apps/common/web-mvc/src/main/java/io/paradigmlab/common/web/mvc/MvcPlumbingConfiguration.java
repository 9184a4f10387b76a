package io.paradigmlab.common.web.mvc;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.LogicalType;

/**
 * The shared servlet plumbing, imported by an application's auto-configuration beside its {@link MvcPlumbing} bean:
 * the contract's error body for every failure ({@link MvcErrorHandler}, {@link FallbackErrorController}), also for
 * the requests Tomcat refuses itself ({@link TomcatErrorReports}). The filters the application registers through its
 * {@link MvcPlumbing}.
 */
@Configuration(proxyBeanMethods = false)
@Import({MvcErrorHandler.class, FallbackErrorController.class})
public class MvcPlumbingConfiguration {

    @Bean
    ErrorResponses mvcErrorResponses(MvcPlumbing plumbing, JsonMapper json) {
        return new ErrorResponses(plumbing.words(), json);
    }

    @Bean
    TomcatErrorReports mvcTomcatErrorReports(ErrorResponses responses) {
        return new TomcatErrorReports(responses);
    }

    /**
     * A number or a boolean where the contract wants a string is a malformed body, not the text of that value:
     * Jackson's default reads {@code ["x", false, 1]} as three strings. The same rule in the MVC and the WebFlux
     * variants (found by Schemathesis's negative-data check).
     */
    @Bean
    JsonMapperBuilderCustomizer mvcNoScalarsAsText() {
        return builder -> builder.withCoercionConfig(LogicalType.Textual, text -> text
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail));
    }
}
