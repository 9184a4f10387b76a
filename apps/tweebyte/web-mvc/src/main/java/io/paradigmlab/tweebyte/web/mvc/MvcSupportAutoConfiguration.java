package io.paradigmlab.tweebyte.web.mvc;

import io.paradigmlab.common.contract.WebPlumbing;
import io.paradigmlab.common.web.mvc.MvcPlumbingConfiguration;
import io.paradigmlab.tweebyte.domain.error.StandardErrors;
import io.paradigmlab.tweebyte.security.Authenticator;
import io.paradigmlab.tweebyte.security.SecurityAutoConfiguration;
import java.util.List;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Tweebyte on {@code common-web-mvc} ({@link MvcPlumbingConfiguration}), for both servlet variants' services and the
 * servlet gateway: its words, edge limits (ADR 0004) and rules ({@link StandardErrors#WEB}), its own error mapping
 * ({@link TweebyteMvcErrors}), {@code Caller} resolution and the OpenAPI endpoint.
 */
@AutoConfiguration(after = SecurityAutoConfiguration.class,
        beforeName = "org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@Import({MvcPlumbingConfiguration.class, TweebyteMvcErrors.class, OpenApiController.class})
public class MvcSupportAutoConfiguration {

    /** The shared servlet plumbing with Tweebyte's words and edge ({@link StandardErrors#WEB}). */
    @Bean
    WebPlumbing tweebyteWebPlumbing() {
        return StandardErrors.WEB;
    }

    @Bean
    WebMvcConfigurer tweebyteCallerResolver(Authenticator authenticator) {
        return new WebMvcConfigurer() {
            @Override
            public void addArgumentResolvers(List<HandlerMethodArgumentResolver> resolvers) {
                resolvers.add(new CallerArgumentResolver(authenticator));
            }
        };
    }
}
