package io.paradigmlab.common.web.flux;

import io.paradigmlab.common.contract.WebPlumbing;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.codec.ServerCodecConfigurer;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.LogicalType;

/**
 * The web plumbing every application's WebFlux variant shares, imported by the application's own web configuration,
 * which declares one {@link WebPlumbing} bean (its prefix, words and bounds): the contract's error bodies
 * ({@link WebFluxErrorHandler}, which replaces Spring Boot's default handler, with the application's
 * {@link ErrorMapping} beans), the in-flight bound ({@link InFlightLimitFilter}), the edge rules Tomcat applies in the
 * servlet variants ({@link EdgeRulesFilter}, {@link MalformedRequestRefusal}) and the Reactor Netty keep-alive
 * workaround ({@link KeepAliveReadRearm}). An application that imports it from an auto-configuration orders that one
 * before Spring Boot's {@code ErrorWebFluxAutoConfiguration}.
 */
@Configuration(proxyBeanMethods = false)
public class WebFluxPlumbingConfiguration {

    @Bean
    WebFluxErrorHandler webFluxErrorHandler(ServerCodecConfigurer codecs, WebPlumbing plumbing,
                                            ObjectProvider<ErrorMapping> mappings) {
        return new WebFluxErrorHandler(codecs, plumbing.words(), mappings.orderedStream().toList());
    }

    /** {@link WebPlumbing#maxInFlightProperty()}, read at start. */
    @Bean
    InFlightLimitFilter webFluxInFlightLimit(WebPlumbing plumbing, Environment env) {
        return new InFlightLimitFilter(plumbing.inFlightLimit(
                env.getProperty(plumbing.maxInFlightProperty(), Integer.class)), plumbing.words());
    }

    @Bean
    EdgeRulesFilter webFluxEdgeRules(WebPlumbing plumbing) {
        return new EdgeRulesFilter(plumbing.words(), plumbing.malformedQuery());
    }

    @Bean
    MalformedRequestRefusal webFluxMalformedRequestRefusal(WebPlumbing plumbing, ObjectProvider<JsonMapper> json) {
        return new MalformedRequestRefusal(plumbing.prefix(), plumbing.words(), json.getIfAvailable());
    }

    @Bean
    KeepAliveReadRearm webFluxKeepAliveReadRearm() {
        return new KeepAliveReadRearm();
    }

    /**
     * A number or a boolean where the contract wants a string is a malformed body, not the text of that value:
     * Jackson's default reads {@code ["x", false, 1]} as three strings. The same rule in the MVC and the WebFlux
     * variants (found by Schemathesis's negative-data check).
     */
    @Bean
    JsonMapperBuilderCustomizer webFluxNoScalarsAsText() {
        return builder -> builder.withCoercionConfig(LogicalType.Textual, text -> text
                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail));
    }
}
