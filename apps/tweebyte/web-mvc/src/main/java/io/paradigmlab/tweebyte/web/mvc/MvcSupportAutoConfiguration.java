package io.paradigmlab.tweebyte.web.mvc;

import io.paradigmlab.tweebyte.security.Authenticator;
import io.paradigmlab.tweebyte.security.SecurityAutoConfiguration;
import java.util.List;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.method.support.HandlerMethodArgumentResolver;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import tools.jackson.databind.json.JsonMapper;

/** Wires the contract's error body and caller resolution into a Spring MVC service. */
@AutoConfiguration(after = SecurityAutoConfiguration.class,
        beforeName = "org.springframework.boot.webmvc.autoconfigure.error.ErrorMvcAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@Import({MvcErrorHandling.Advice.class, MvcErrorHandling.FallbackErrorController.class})
public class MvcSupportAutoConfiguration {

    @Bean
    TomcatErrorReports tweebyteTomcatErrorReports(JsonMapper json) {
        return new TomcatErrorReports(json);
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
